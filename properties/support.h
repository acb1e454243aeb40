// What the properties share: random rulesets (every ruleset, any mix of its variants and
// option choices), random games driven by a list of choices that RapidCheck shrinks, the
// playing of them, and the writing of a failing run as a scenario file that
// `meldcheck replay` reproduces.
#pragma once

#include <rapidcheck.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "hunting/checks.h"
#include "oracles/catalog.h"
#include "files/ruleset_loader.h"

namespace meldcheck::props {

// Choices spread evenly at every size. RapidCheck narrows inRange and arbitrary integers
// at small sizes (the first tests of a run), which would favour the first ruleset, few
// variants, small seeds; these do not, and still shrink towards the low end.
template <typename T>
rc::Gen<T> uniform(T min, T max) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange(min, max));
}
template <typename T>
rc::Gen<T> any() {
  return rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<T>());
}

struct Config {
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;
  RuleSet rules;
};

// Configurations of the rulesets `ids` (all of them when empty).
rc::Gen<Config> configs(std::vector<std::string> ids = {});

struct Game {
  Config config;
  int players = 2;
  uint64_t deal_seed = 0;
  int pool = -1;                  // when >= 0, the stock is cut to this many cards at the start
  bool boundary = false;          // start from a boundary position instead (hunting/boundary.h)
  std::vector<uint32_t> choices;  // drive the play: legal or arbitrary, and which
  int length = 0;                 // actions to play at most
};

// Games of the rulesets `ids`; with `short_pools`, some stocks cut short at the start; with
// `boundaries`, half of them start from a boundary position (simulate --start positions).
rc::Gen<Game> games(std::vector<std::string> ids = {}, int max_length = 400, bool short_pools = false, bool boundaries = false);

struct Step {
  Action action;
  Refusal verdict = Refusal::kNone;
  bool legal = false;  // taken from the enumeration
};

struct Trace {
  GameState start;
  std::vector<Step> steps;
};

// The starting state of a game (the deal, the stock cut to `pool` cards if asked, or the
// boundary position of its seeds).
GameState start_of(const Game& g);

// Plays the game: legal actions (two in three) and arbitrary ones. visit(before, step,
// after) returns false to stop there. Stops at the end of the match, or of the hand when
// `one_hand`.
Trace play(const Game& g, const std::function<bool(const GameState&, const Step&, const GameState&)>& visit,
           bool one_hand = false, int legal_in_three = 2);

// The action the i-th choice picks, or nullopt when the enumeration is empty.
std::optional<Action> pick(const GameState& s, const RuleSet& r, uint32_t choice, bool legal, std::vector<Action>& buffer);

// The choice for step i (choices repeat, mixed with the step's number).
uint32_t choice_at(const Game& g, int i);

// The reference model's books of a game (oracles/catalog.h `next`), kept from its start
// by the accepted steps alone: what a property compares the engine's answers with.
class Books {
 public:
  Books(const Config& c, const GameState& start);
  // A game's books from its start as the rules deal it (the deal oracle), where the game
  // starts from a deal; from its setup otherwise.
  explicit Books(const Game& g);
  // An accepted step.
  void step(const Action& a);
  const oracle::Position& position() const { return position_; }
  // The position as expectations: each hand, the stock's size, the totals, the hand's end
  // (and its scores once it has ended), indented for an `expect:`.
  std::string expectations(Notation notation) const;

 private:
  oracle::Catalog catalog_;
  oracle::Position position_;
};

std::string verdict_text(const RuleSet& r, Refusal c);
std::string describe(const Game& g);

// What the last step of a failing run should have been, when the run got it wrong.
struct LastStep {
  std::string verdict;  // replaces the observed verdict ("reject", "{ reject: ... }")
  std::string extra;    // more lines for the step ("\n    listed: true")
};

// Writes the failing run as a scenario (the steps with their observed verdicts, then the
// lines of `expect`), keeping per property the shortest failing run of this process, and
// returns its path (under $MELDCHECK_FAILURE_DIR, default ./property-failures).
std::string write_failure(const std::string& property, const Game& g, const Trace& t, const std::string& expect,
                          const std::string& why, const LastStep& last = {});

// A run of a failure written with others in one file (one scenario each).
struct Run {
  const Trace* trace;
  std::string expect;
  LastStep last = {};
  bool from_deal = false;  // start from the deal even where the run's start differs from it
};

// Several runs in one file: the same game twice from its deal, to show that it goes two
// ways; a game and its renamed twin, to show them differ.
std::string write_failure_runs(const std::string& property, const Game& g, const std::vector<Run>& runs, const std::string& why);

// Writes a failing position that is no game (a meld, a solver position) as the scenario
// `text`, keeping per property the smallest `size`; returns its path.
std::string write_failure_text(const std::string& property, size_t size, const std::string& text);

// The lines before the setup of a written failure: its name, where it came from, the
// configuration.
std::string failure_head(const std::string& property, const std::string& why, const Config& c, const std::string& origin);

// A scenario's list of tokens: `[7S, JK=7H]`.
std::string token_list(const std::vector<Token>& tokens, Notation notation);

}  // namespace meldcheck::props

namespace meldcheck::props {
void showValue(const Game& g, std::ostream& os);
}
