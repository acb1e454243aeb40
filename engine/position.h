// Positions made from what is stated about them: a scenario's setup, a fuzz target's layout,
// another engine's `state`. The engine places the cards and works out what a statement
// leaves to the rules: the cards it places nowhere, who has opened and built, the dealer,
// the next meld number, the discard on offer, and, into a next hand of a match, what carries
// over. Outside engine/, positions are made here or by play, never by writing a GameState's
// fields.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/state.h"

namespace meldcheck {

// The one-value facts of engine/position_facts.h, each stated or left to the rules.
struct StatedFacts {
#define MELDCHECK_STATED_FACT(type, member, initial, key, expect_key, codec, told) std::optional<type> member;
  MELDCHECK_POSITION_FACTS(MELDCHECK_STATED_FACT)
#undef MELDCHECK_STATED_FACT
};

struct StatedSeat {
  CardSet hand;
  int32_t total = 0;
  int32_t penalty = 0;
  int32_t round_score = 0;  // a finished hand's
  std::optional<bool> opened, built_on_others;  // else as the table shows
};

struct StatedPosition {
  int players = 0;
  std::array<StatedSeat, kMaxPlayers> seats{};
  std::vector<Card> stock;    // top first
  std::vector<Card> discard;  // bottom first
  std::vector<Meld> table;    // as they lie, with their ids
  StatedFacts facts;
  // Else the top discard is on offer from the player before the one to move (passed up by
  // a draw in the play phase).
  std::optional<Offer> offer;
  TurnFacts turn;
  // The deck's cards placed nowhere: shuffled by `seed` under the named stock, or out of play.
  uint64_t seed = 0;
  bool rest_out = false;
};

// The position stated. Throws std::invalid_argument when a card is not of the ruleset's deck
// for that many players or is placed twice, or the turn owes what the rules never make it
// owe (readers check their input first, with places).
GameState make_position(const RuleSet& rules, const StatedPosition& stated);

// Everything `s` holds, stated: make_position gives `s` back. Edit a position by stating it,
// changing the statement, and making it again (cards left unplaced go out of play).
StatedPosition state_position(const GameState& s);

// The next hand of a match, stated, after the finished hand `finished`: what it leaves
// unstated carries over (each total, plus the new hand's penalties; the last player out;
// the round, one more; the dealer, the next seat; the first player, after the dealer; that
// player to move).
GameState next_hand_position(const GameState& finished, const RuleSet& rules, StatedPosition next);

}  // namespace meldcheck
