// The executable catalog: for every clause of a ruleset's catalog (spec/<ruleset>.yaml)
// that refuses or decides something, a predicate written from its paraphrase and the rule
// text, as plainly as the text allows, keyed by the clause's id. It reads positions and
// moves in the contract's terms (oracles/position.h) and shares nothing with the engine
// but the card identity: comparing the two (hunt/, the catalog check) finds a rule bug
// that keeps every card.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracles/catalog_melds.h"
#include "oracles/position.h"

namespace meldcheck::oracle {

namespace rules {
struct ClauseRule;
struct RulesetRules;
}  // namespace rules


// What the rules decide once a legal move is made: whose turn it is and where in it, what
// the turn owes, penalties entered, whether the hand and the match ended, the hand's
// scores and the winners, and the cards the mover holds after it. The table is read from
// `after` (the position the engine reached; conservation and the melds are checked
// elsewhere).
struct Decided {
  int to_move = 0;
  Phase phase = Phase::kDraw;
  std::optional<Face> must_use, no_discard;
  bool pile_meld_due = false;  // a new meld with a pile card still owed
  int freed_jokers = 0;
  // Whether the hand's first lap (no melding) goes on: until the turn comes back to the
  // first player (000 "Spelets förlopp"); none after a new deal.
  std::optional<bool> first_lap;
  std::vector<int> penalties;  // the points the move enters into each seat's total at once
  // The mover's hand after the move, sorted; none where the rules leave it to chance (a
  // draw from a stock about to be reshuffled, a new deal) or to the arrangement.
  std::optional<std::vector<Face>> mover_hand;
  bool hand_over = false, game_over = false;
  int went_out = -1;               // who went out, when the hand ended so
  std::vector<int> round_scores;   // when the hand is over
  std::vector<int> winners;        // when the match is over
};

// A game's catalog, read once to be asked many times.
class Catalog {
 public:
  explicit Catalog(Game game);

  // The clauses that forbid the move in the position: the contract's core rules first (a
  // game over, a hand over, a step of another game, the turn, the phase, the cards held,
  // the meld named, the take's depth), then the ruleset's clauses in catalog order. Empty
  // when the move is legal.
  std::vector<std::string> forbidding(const Position& before, const Move& move) const;

  // What the rules decide once the legal move is made.
  Decided decide(const Position& before, const Move& move, const Position& after) const;

  const Game& game() const { return game_; }

 private:
  Game game_;
  MeldText text_;
  const rules::RulesetRules* rules_;
  // The game's clauses that have predicates, in catalog order, with their full ids.
  std::vector<std::pair<std::string, const rules::ClauseRule*>> ordered_;
};

// The clause ids (core ones included) a ruleset has predicates for.
std::vector<std::string> clauses_with_predicates(const std::string& ruleset);

}  // namespace meldcheck::oracle
