// A game driven by the bytes, over any ruleset, mix of variants and option choice: each
// step an action the enumeration lists, or one the bytes make up (an arbitrary action, or
// one near a listed action), every step checked (hunting/checks.h). What play_fuzz and
// catalog_diff_fuzz share; they differ in the actions made up and the checks run.
//
// A game starts from a fresh deal or from one of 25 positions, twelve steps apart, of a
// match played beforehand for the configuration; a listed action is one of the legal
// actions of a kind the bytes name (the enumeration searches for that kind alone).
#pragma once

#include <span>
#include <vector>

#include "fuzz/fuzz_input.h"
#include "hunting/checks.h"

namespace meldcheck::fuzz {

// The legal actions of one kind, `pick(n)` of the n kinds a step may take where the turn
// is, or of the next kind that has some: the enumeration searches only for what the step
// will take (its cost is in the melds a hand holds and the places a Rummikub table has for
// a tile), the enumeration in full only after a hand's end and in the opening row.
template <class Pick>
void list_some(const GameState& s, const RuleSet& rules, std::vector<Action>& legal, Pick&& pick) {
  static constexpr ActionKind kDrawKinds[] = {ActionKind::kDraw, ActionKind::kTake, ActionKind::kArrange,
                                              ActionKind::kTimeout, ActionKind::kPass, ActionKind::kClaim};
  static constexpr ActionKind kPlayKinds[] = {ActionKind::kMeld, ActionKind::kLayoff, ActionKind::kSwap,
                                              ActionKind::kDiscard, ActionKind::kPass, ActionKind::kClaim};
  std::span<const ActionKind> kinds;
  if (!s.hand_over && s.phase == Phase::kDraw) kinds = kDrawKinds;
  if (!s.hand_over && s.phase == Phase::kPlay) kinds = kPlayKinds;
  if (kinds.empty()) return quick_legal_actions(s, rules, legal);
  const size_t first = pick(kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i) {
    quick_legal_actions(s, rules, legal, ActionKinds::only(kinds[(first + i) % kinds.size()]));
    if (!legal.empty()) return;
  }
}

enum class MadeUp : uint8_t {
  kArbitrary,  // any kind, random cards, seats and targets (RandomPlayer::arbitrary)
  kNear,       // a listed action with another card, depth, meld or player (hunt::nearby)
};

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps);

}  // namespace meldcheck::fuzz
