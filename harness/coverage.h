// The rule-coverage map: which catalog clauses a step of play passes through, and which
// refused something. A clause with checks is passed through by every accepted action its
// checks examine (a meld passes the meld clauses, a discard after a lone take passes the
// lone-card clause, ...); a clause without checks by the events it lists (`events:` in
// spec/, files/play_events.h). A clause refuses when the engine refuses an action in its
// name: an arbitrary action, a step near a listed one (judged by the catalog too), or a
// candidate the enumeration tried and dropped.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/engine.h"
#include "harness/config.h"

namespace meldcheck::hunt {

struct ClauseTally {
  int64_t passed = 0, refused = 0;
};

// The events of a step, a bit per files/play_events.h PlayEvent.
uint64_t step_events(const GameState& before, const Action& a, Refusal verdict, const GameState& after, const RuleSet& r);
// The checks an accepted action was examined by, in the state it was taken in.
RefusalMask examined_checks(const GameState& before, const Action& a, const RuleSet& r);
// The catalog clauses (their indexes) an accepted step passes through: those whose checks
// examined it and those whose events it makes; `meldcheck check` names them as what
// allowed the step.
std::vector<size_t> clauses_passed(const GameState& before, const Action& a, const GameState& after, const RuleSet& r);

// Counts one configuration's clauses into a tally indexed like its catalog.
class Coverage {
 public:
  explicit Coverage(const Config& config);

  // A hand dealt, or a game begun (the variants' clauses).
  void game_starts(std::vector<ClauseTally>& tally) const;
  void step(const GameState& before, const Action& a, Refusal verdict, const GameState& after,
            std::vector<ClauseTally>& tally) const;
  // A step refused in the name of `verdict` (judged, taken or not).
  void refused(Refusal verdict, std::vector<ClauseTally>& tally) const;
  // Refusals counted by the enumeration (legal_actions' tally), by check.
  void refusals(const CheckTally& refused, std::vector<ClauseTally>& tally) const;

 private:
  const RuleSet* rules_;
  std::vector<uint64_t> checks_;   // per clause: its checks, a bit each
  std::vector<uint64_t> events_;   // per clause: its events, a bit each
  std::vector<bool> by_variant_;   // per clause: an event `variant:<id>` whose variant is on
};

}  // namespace meldcheck::hunt
