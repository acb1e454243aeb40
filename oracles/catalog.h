// The executable catalog: for every clause of a ruleset's catalog (spec/<ruleset>.yaml)
// that refuses or decides something, a predicate written from its paraphrase and the rule
// text, as plainly as the text allows, keyed by the clause's id. It reads positions and
// moves in the contract's terms (oracles/position.h) and shares nothing with the engine
// but the card identity: comparing the two (hunt/, the catalog check) finds a rule bug
// that keeps every card.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "oracles/position.h"

namespace meldcheck::oracle {

// A ruleset as the catalog reads it, all from spec/: its id, the variants and option
// choices in play, and its clauses' ids in catalog order.
struct Game {
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;  // every option, with its choice
  std::vector<std::string> clauses;
};

// The clauses that forbid the move in the position: the contract's core rules first (a
// game over, a hand over, a step of another game, the turn, the phase, the cards held, the
// meld named, the take's depth), then the ruleset's clauses in catalog order. Empty when
// the move is legal.
std::vector<std::string> forbidding(const Game& game, const Position& before, const Move& move);

// What the rules decide once a legal move is made: whose turn it is and where in it, what
// the turn owes, penalties entered, whether the hand and the match ended, the hand's
// scores and the winners. The cards' places are read from `after` (the position the
// engine reached; conservation and the melds are checked elsewhere).
struct Decided {
  int to_move = 0;
  Phase phase = Phase::kDraw;
  std::optional<Face> must_use, no_discard;
  bool pile_meld_due = false;  // a new meld with a pile card still owed
  int freed_jokers = 0;
  std::vector<int> penalties;  // each seat's penalty this hand
  bool hand_over = false, game_over = false;
  int went_out = -1;               // who went out, when the hand ended so
  std::vector<int> round_scores;   // when the hand is over
  std::vector<int> winners;        // when the match is over
};
Decided decide(const Game& game, const Position& before, const Move& move, const Position& after);

// The clause ids (core ones included) a ruleset has predicates for.
std::vector<std::string> clauses_with_predicates(const std::string& ruleset);

}  // namespace meldcheck::oracle
