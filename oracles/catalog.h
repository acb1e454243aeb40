// The executable catalog and the reference model: for every clause of a ruleset's catalog
// (spec/<ruleset>.yaml) that refuses or decides something, a predicate written from its
// paraphrase and the rule text, as plainly as the text allows, keyed by the clause's id. It reads positions and
// moves in the contract's terms (oracles/position.h) and shares nothing with the engine
// but the card identity. From a position and the moves alone it also works out every
// position that follows (its own books, never the engine's): comparing the two (hunting/,
// the catalog check) finds a rule bug that keeps every card, and a bookkeeping slip.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracles/catalog_melds.h"
#include "oracles/position.h"

namespace meldcheck::oracle {

namespace rules {
struct ClauseRule;
struct Context;
struct RulesetRules;
}  // namespace rules

// A game's catalog, read once to be asked many times.
class Catalog {
 public:
  explicit Catalog(Game game);

  // The clauses that forbid the move in the position: the contract's core rules first (a
  // game over, a hand over, a step of another game, the turn, the phase, the cards held,
  // the meld named, the take's depth), then the ruleset's clauses in catalog order. Empty
  // when the move is legal.
  std::vector<std::string> forbidding(const Position& before, const Move& move) const;
  // Whether no clause forbids it: forbidding() empty, asked no further than the first.
  bool allows(const Position& before, const Move& move) const;

  // The reference model: the position after the legal move, worked out from `before` and
  // the move alone (hands, stock, pile, the table with who laid each card, totals and
  // penalties, the turn's books, the hand's and the match's end, scores and winners).
  Position next(const Position& before, const Move& move) const;
  // The same into `out` (its storage reused: the model moves on every step of a game).
  void next(const Position& before, const Move& move, Position& out) const;

  // A match's first position, dealt by the rules from `seed` (the deal oracle): the
  // player after the dealer to move.
  Position dealt(int players, uint64_t seed, int dealer) const;

  // Whether a step of this kind is a step of this game, in the phase the position is in
  // (the contract's core rules of the step itself, before any card is looked at).
  bool step_fits(const Position& at, MoveKind kind) const;

  // Whether `player` may claim from the pile now: a claim is a step of this game, in its
  // window, and not barred to this player (the claim's counterpart of the turn).
  bool may_claim(const Position& at, int player) const;

  // What the player to move (and, for claims, any player) may do where the list is small:
  // every draw, take, discard, layoff onto each table meld, swap, claim (one meld or
  // layoff) and pass the clauses allow (a way of laying cards may come twice).
  std::vector<Move> small_moves(const Position& at) const;
  // A move as the rules read it, for comparing lists, hashed: its kind, player, the cards it
  // takes or names, and the cards it lays (jokers with their stand-ins), in any order.
  uint64_t move_key(const Position& at, const Move& move) const;

  // What a legal move passes through: the events of play it makes (the names of
  // files/play_events.h that clauses list under `events:`), read from the model's positions
  // before and after it; and the clauses that judge it, those that forbid a move one small
  // change away from it (a card left out or changed, another depth, meld or player).
  std::vector<std::string> events(const Position& before, const Move& move, const Position& after) const;
  std::vector<std::string> judging(const Position& before, const Move& move) const;

  const Game& game() const { return game_; }
  const MeldText& meld_text() const { return text_; }

  // By MoveKind: whether the game has such steps at all.
  using Steps = std::array<bool, size_t(MoveKind::kNextHand) + 1>;

 private:
  // Calls forbids(id) with each clause that forbids the move, in order, while it returns true.
  void judge(const Position& before, const Move& move, const std::function<bool(const std::string&)>& forbids) const;
  // The same past the core rules, for a move read into c.
  template <class Forbidden>
  void judge_clauses(const rules::Context& c, Forbidden&& forbids) const;

  Game game_;
  MeldText text_;
  const rules::RulesetRules* rules_;
  Steps steps_{};  // by MoveKind: whether the game has such steps at all (read once)
  // The game's clauses that have predicates, in catalog order, with their full ids, by slot
  // (rules::Slot: the turn's clauses, a claim's window, a claim's cards).
  std::array<std::vector<std::pair<std::string, const rules::ClauseRule*>>, 3> ordered_;
};

// The clause ids (core ones included) a ruleset has predicates for.
std::vector<std::string> clauses_with_predicates(const std::string& ruleset);

}  // namespace meldcheck::oracle
