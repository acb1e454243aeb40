// The rules engine: dealing, applying actions, the legal actions of a state, scoring.
// No I/O and no parsing here; rulesets arrive as RuleSet values (files/ruleset_loader).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/refusal.h"
#include "engine/ruleset.h"
#include "engine/state.h"

namespace meldcheck {

// A new match: the first hand dealt by the ruleset's own rules from `seed` (the
// contract's shuffle). The dealer deals first to the player after them.
GameState new_match(const RuleSet& rules, int players, uint64_t seed, int dealer);

// Performs the whole action and returns Refusal::kNone, or changes nothing and returns the
// check it fails (the first in the contract's order: turn, phase, possession, then the
// ruleset's clauses in catalog order).
Refusal apply(GameState& state, const RuleSet& rules, const Action& action);

// What apply would answer, without changing the state.
Refusal check_action(const GameState& state, const RuleSet& rules, const Action& action);

// How many cards a take (or claim) asks for from `pile`: 0 when it asks for nothing there.
int take_count(const Pile& pile, const TakeSpec& take);

// The table as it lies, a group a meld (each joker with its stand-in), added to `out`: the
// groups of an arrange step that leaves the table as it is.
void add_table_groups(const GameState& state, TokenGroups& out);

// How many candidates the enumeration dropped, by the check that refused them.
using CheckTally = std::array<uint32_t, kNumRefusals>;

// The legal actions in a state, bounded: every draw and take, every single meld and
// layoff the hand can make, every swap and discard, the contract melds of a round, the
// claims other players can make, and a Rummikub turn's simple arrangements (or, where it
// has none, one the solver finds: every legal kind is listed; the best move is
// best_arrangement's). `out` is cleared and refilled (its storage reused). With
// `refused`, the candidates it tried and dropped are counted there.
void legal_actions(const GameState& state, const RuleSet& rules, std::vector<Action>& out, CheckTally* refused = nullptr,
                   std::vector<Action>* dropped = nullptr);

// The same without ever asking the solver (a Rummikub turn whose only arrangements
// rebuild the table lists none): for fuzzers that must not wait on it (the solver is
// fuzzed on its own). With `kinds`, only the actions of those kinds, the others not even
// searched for.
void quick_legal_actions(const GameState& state, const RuleSet& rules, std::vector<Action>& out,
                         ActionKinds kinds = ActionKinds::all());

// The candidates quick_legal_actions checks, unchecked: its list is those check_action
// accepts, in the same order. For a random player that checks candidates in a random order
// until one is legal, not all of them (fuzz/driven_play.h, pick_some).
void quick_candidates(const GameState& state, const RuleSet& rules, std::vector<Action>& out, ActionKinds kinds);

// Whether the enumeration lists this action, as written or written another way (cards in
// another order, a joker's stand-in settled or named, a take by count or by card).
bool is_listed(const GameState& state, const RuleSet& rules, const Action& action);

// Whether two actions are the same move in `state`, written either way (cards in another
// order, a joker's stand-in settled or named, a take by count or by card).
bool same_move(const GameState& state, const RuleSet& rules, const Action& a, const Action& b);

// Each player's score for a finished hand, penalties taken during the hand included.
void score_hand(const GameState& state, const RuleSet& rules, std::span<int32_t> scores);

// A finished hand's scores line by line, for people: each card's points and why, the
// bonuses and penalties. A player's lines add up to their score.
enum class ScoreWhy : uint8_t {
  kOnTable, kAceInSet, kAceLow, kAceHigh, kAceCorner, kAceCornerToThree, kJokerOnTable, kJokerAsCard,
  kInHand,      // a card left in the player's own hand (or rack)
  kOthersHand,  // a card in another player's hand, paid to the one who went out
  kOutBonus, kOut, kOutInOneGo,
  kWinnings,           // zero-sum: what the others paid, shared among the winners
  kLowestRackDeducted, // zero-sum without a winner out: the lowest rack is taken off each debt
  kPenalty,            // penalties entered during the hand
};
struct ScoreLine {
  uint8_t player = 0;  // whose score it counts in
  Face card;           // none for a bonus, a share or a penalty
  int points = 0;
  ScoreWhy why = ScoreWhy::kOnTable;
  uint8_t meld_id = 0;         // a card on the table: its meld
  uint8_t from = kNoPlayer;    // whose hand or building it is
};
std::vector<ScoreLine> explain_hand_scores(const GameState& state, const RuleSet& rules);

}  // namespace meldcheck
