// Positions at the edges of the rules, which random play from a deal seldom reaches: the
// totals at a match's target (one short, on it, past it, the leaders tied), the last round
// of a match and a tie for the lowest total, a stock or Rummikub pool of zero to two cards,
// a hand of one or two cards, an opening or a contract one card short (the card on top of
// the stock), a joker on the table standing for a card the player to move holds, twins
// from two decks, a hand a few turns short of its bound of turns, a hand about to end with
// the leaders (or the lowest racks) tied, a discard on offer that builds on the table, two
// whole melds in hand, three jokers in hand. Each is a position of a random game bent by a statement
// (engine/position.h): every card of the deck in one place, the engine's invariants kept.
// `simulate --start positions` plays from them.
#pragma once

#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/state.h"
#include "harness/config.h"

namespace meldcheck::hunt {

enum class Boundary : uint8_t {
  kTarget,        // totals about the target, leaders tied (match goal: a target)
  kLastRound,     // the last round, the lowest totals tied (match goal: rounds)
  kShortStock,    // zero, one or two cards in the stock
  kShortHand,     // the player to move holds one or two cards (and what the turn owes)
  kOpeningShort,  // the player to move lacks one card of an opening or contract: it tops the stock
  kJokerHeld,     // a joker on the table stands for a card the player to move holds
  kTwins,         // the player to move holds both copies of a card
  kTurnBound,     // the hand a few turns short of the ruleset's bound of turns
  kTieAtEnd,      // no stock left, and the hand as it stands scored ties the match's leaders
                  // (at the target or the last round), or ties the lowest Rummikub racks
  kOffer,         // the discard on offer builds on the table, and several could claim it
  kMeldsInHand,   // the player to move holds two whole melds
  kJokers,        // the player to move holds three jokers (or all the deck has)
  kCount
};

// "target", "last-round", ...: the boundary's name in reports and coverage.
const char* boundary_name(Boundary b);

struct BoundaryPosition {
  GameState state;
  std::vector<Boundary> bends;  // the boundaries it was bent to (none: a position of play)
  // The steps played from the game's deal (by the last player) to the position before the
  // bends: a judge plays them first, so that its books up to the bend are its own.
  std::vector<Action> prefix;

  // Bent at a match's end (its totals or its last round): play goes on into the next hand,
  // whose deal, or the match's end, the bend is about.
  bool bends_the_match() const;
};

// The position game `game` starts from under `simulate --start positions`: from its deal,
// some random steps, then one or two boundaries (those that apply to the ruleset and the
// position), all drawn from the game's seeds.
BoundaryPosition boundary_position(const GameSpec& game);

}  // namespace meldcheck::hunt
