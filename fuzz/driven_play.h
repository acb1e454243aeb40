// A game driven by the bytes, over any ruleset, mix of variants and option choice: each
// step an action the enumeration lists, or one the bytes make up (an arbitrary action, or
// one near a listed action), every step checked (hunting/checks.h). What play_fuzz and
// catalog_diff_fuzz share; they differ in the actions made up and the checks run.
//
// A game starts from a fresh deal or from one of 25 positions, twelve steps apart, of a
// match played beforehand for the configuration; a listed action is one of the legal
// actions of a kind the bytes name (the enumeration searches for that kind alone).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "fuzz/fuzz_input.h"
#include "hunting/checks.h"

namespace meldcheck::fuzz {

// The kinds of action a step may take where the turn is, in the order list_some tries
// them; none after a hand's end and in the opening row (every kind is listed there).
inline std::span<const ActionKind> step_kinds(const GameState& s) {
  static constexpr ActionKind kDrawKinds[] = {ActionKind::kDraw, ActionKind::kTake, ActionKind::kArrange,
                                              ActionKind::kTimeout, ActionKind::kPass, ActionKind::kClaim};
  static constexpr ActionKind kPlayKinds[] = {ActionKind::kMeld, ActionKind::kLayoff, ActionKind::kSwap,
                                              ActionKind::kDiscard, ActionKind::kPass, ActionKind::kClaim};
  if (!s.hand_over && s.phase == Phase::kDraw) return kDrawKinds;
  if (!s.hand_over && s.phase == Phase::kPlay) return kPlayKinds;
  return {};
}

// The legal actions of one kind, `pick(n)` of the n kinds a step may take where the turn
// is, or of the next kind that has some: the enumeration searches only for what the step
// will take (its cost is in the melds a hand holds and the places a Rummikub table has for
// a tile), the enumeration in full only after a hand's end and in the opening row.
template <class Pick>
void list_some(const GameState& s, const RuleSet& rules, std::vector<Action>& legal, Pick&& pick) {
  const std::span<const ActionKind> kinds = step_kinds(s);
  if (kinds.empty()) return quick_legal_actions(s, rules, legal);
  const size_t first = pick(kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i) {
    quick_legal_actions(s, rules, legal, ActionKinds::only(kinds[(first + i) % kinds.size()]));
    if (!legal.empty()) return;
  }
}

// One legal action, each of list_some's list as likely as a pick of it by `pick` would
// make it (`pick(n)` uniform below n), or none where the list is empty: found by checking
// its candidates in a random order until one is legal, most of them never checked (a
// contract's or a layoff's candidates are many, and each check plays the step's rules).
template <class Pick>
std::optional<Action> pick_some(const GameState& s, const RuleSet& rules, std::vector<Action>& candidates, Pick&& pick) {
  const std::span<const ActionKind> kinds = step_kinds(s);
  if (kinds.empty()) {
    quick_legal_actions(s, rules, candidates);
    if (candidates.empty()) return std::nullopt;
    return candidates[pick(candidates.size())];
  }
  const size_t first = pick(kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i) {
    quick_candidates(s, rules, candidates, ActionKinds::only(kinds[(first + i) % kinds.size()]));
    while (!candidates.empty()) {
      const size_t k = pick(candidates.size());
      if (check_action(s, rules, candidates[k]) == Refusal::kNone) return candidates[k];
      candidates[k] = candidates.back();
      candidates.pop_back();
    }
  }
  return std::nullopt;
}

enum class MadeUp : uint8_t {
  kArbitrary,  // any kind, random cards, seats and targets (RandomPlayer::arbitrary)
  kNear,       // a listed action with another card, depth, meld or player (hunt::nearby)
};

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps);

}  // namespace meldcheck::fuzz
