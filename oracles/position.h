// A game position and a move as the scenario contract states them (../shared/design/
// scenario-format.md): what the executable catalog (oracles/catalog.h) reads. Plain
// values in the contract's terms, sharing only the card identity with the engine.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.h"
#include "oracles/score_oracle.h"

namespace meldcheck::oracle {

// A ruleset as the oracles read it, all from spec/: its id, the variants and option
// choices in play, and its clauses' ids in catalog order.
struct Game {
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;  // every option, with its choice
  std::vector<std::string> clauses;
  // What in play passes through each clause that refuses nothing itself (its `events:`).
  std::map<std::string, std::vector<std::string>> clause_events;
};

enum class Phase { kDraw, kPlay, kRow };

struct Seat {
  std::vector<Face> hand;
  int total = 0;    // the match total, penalties of this hand included
  int penalty = 0;  // penalties entered during this hand
  bool opened = false;
  bool built_on_others = false;  // has built on another player's meld this hand
};

struct PlacedMeld {
  int id = 0;
  int owner = -1;  // -1: nobody's (Rummikub after an arrange)
  TableMeld cards;  // in order (a run from its low end); a joker's face is its stand-in
};

// Every fact of a position the contract's setup and expectations can name, and the books
// the turn and the match keep (their meanings are the setup's extension keys in
// spec/scenario.schema.json).
struct Position {
  int players = 0, to_move = 0, first_player = 0, dealer = 0;
  Phase phase = Phase::kDraw;
  int round = 1;  // the hand's number in the match (Liverpool's round)
  bool first_lap = false;
  bool hand_over = false, game_over = false;
  std::vector<int> winners;
  int last_out = -1;  // who went out in the latest finished hand
  int passes = 0;     // passes in a row at an empty stock or pool
  int turns = 0;      // turns taken this hand
  int next_meld = 1;  // the number of the next new meld
  uint64_t rng = 0;   // the contract's generator, carried on for reshuffles
  std::vector<int> round_scores;  // a finished hand's scores
  std::vector<Seat> seats;
  std::vector<Face> stock;  // top first
  std::vector<Face> pile;   // the discard pile or row, oldest first
  std::vector<PlacedMeld> table;
  // The discard on offer to claims: who laid it, and whether the next player declined it.
  int offer_from = -1;
  bool offer_declined = false;
  // The turn so far.
  std::optional<Face> must_use;    // a taken card that must be used in a meld or layoff
  std::optional<Face> no_discard;  // a lone card taken from the pile
  std::vector<Face> pile_meld_due;  // whole pile taken: a new meld must use one of these
  int freed_jokers = 0;             // swapped jokers that must go down again this turn
  bool melded = false, built = false, built_on_others = false, opened_now = false, discarded = false;
  int actions = 0;  // melds, layoffs and swaps this turn

  const PlacedMeld* meld(int id) const;
};

enum class MoveKind { kDraw, kTake, kMeld, kLayoff, kSwap, kDiscard, kArrange, kPass, kTimeout, kClaim, kNextHand };

struct Move {
  MoveKind kind = MoveKind::kDraw;
  int player = 0;
  // take and claim: the newest `take_count` cards, or all of them, or down to a face.
  int take_count = 0;
  bool take_all = false;
  std::optional<Face> take_down_to;
  // meld and arrange: the melds; layoff and a claim's use: one group.
  std::vector<std::vector<Token>> groups;
  int meld_id = 0;  // layoff, swap, a claim's layoff
  bool claim_layoff = false;
  Face card;        // swap, discard
  uint64_t seed = 0;  // next_hand: the seed of the deal

  // Every token of every group, in order.
  std::vector<Token> tokens() const;
  // How many pile cards a take asks for, against this pile (0: none there).
  int take_size(const std::vector<Face>& pile) const;
};

}  // namespace meldcheck::oracle
