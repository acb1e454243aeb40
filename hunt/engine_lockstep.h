// `meldcheck simulate --engine CMD`: meldcheck's engine and another one, spoken to through
// the engine protocol (spec/engine-protocol.md), play the same random games in lockstep.
// After every step their verdicts and positions are compared, and the other engine's legal
// steps are each tried on meldcheck's engine; the first divergence is shrunk with
// simulate's shrinker (hunt/shrink.h) and written as a scenario that says what each engine
// did.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hunt/config.h"
#include "hunt/engine_replay.h"

namespace meldcheck {

enum class LegalCompare { kAll, kSampled, kNone };

struct LockstepSettings {
  EngineReplayOptions engine;       // the command, its time limit, how rule ids compare
  uint64_t seed = 1;                // the same seed, the same games
  uint64_t games = 1000;            // hands, or whole matches with `whole_match`
  std::optional<double> seconds;    // play games until this much time has passed instead
  bool whole_match = false;
  double arbitrary = 0.1;           // the chance that a step is an arbitrary action
  bool from_positions = false;      // each game from a boundary position (hunt/boundary.h)
  // Each step the engine lists tried on meldcheck's engine: at every step, at one step in
  // hunt::kSampleEvery, or never.
  LegalCompare legal = LegalCompare::kAll;
  int jobs = 1;                     // games played side by side, each job with its own engine process
  std::string out = "findings";     // where the divergence's scenario is written
  std::string how;                  // the command line, for the scenario's comment
};

// Where the two engines first answered differently.
struct Divergence {
  // deal, verdict, rule (with strict rule ids), position, refusal (refused, and its state
  // changed), legal (a step it lists that meldcheck refuses)
  std::string kind;
  std::string message;  // what each engine did
  std::string path;     // the scenario written, shrunk
  uint64_t game = 0;
  size_t steps_before = 0, steps_after = 0;  // the game's steps, and the scenario's
};

struct LockstepReport {
  std::string engine;  // the engine's name and version, from hello
  uint64_t games = 0, hands = 0, steps = 0, refused = 0;
  uint64_t positions = 0;    // positions compared
  uint64_t legal_steps = 0;  // steps the engine listed, tried on meldcheck's engine
  std::map<std::string, uint64_t> skipped;  // games not played, by why (an unsupported house)
  std::vector<std::string> not_compared;    // what the engine does not answer (state, legal)
  std::vector<std::string> engine_failures;  // crashes, hangs, garbage, with the request
  std::optional<Divergence> divergence;
  bool interrupted = false;
  double seconds = 0;
  // Summed over the jobs: each job's time, and its share waiting for the engine's answers
  // (the rest is meldcheck's own side: its engine, its checks, the protocol's text).
  int jobs = 1;
  double job_seconds = 0, engine_seconds = 0;
};

// Plays the games of `space` (game i as simulate plays it: the same deal and configuration)
// until the budget is spent, a divergence is found, or `stop` is set. Throws
// std::runtime_error when the engine cannot be started or greeted at all.
LockstepReport run_lockstep(const hunt::ConfigSpace& space, const LockstepSettings& settings,
                            const RulesetLibrary& library, const std::atomic<bool>& stop);

void write_lockstep_report(std::ostream& out, const LockstepReport& report, bool json);

}  // namespace meldcheck
