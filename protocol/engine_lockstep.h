// `meldcheck simulate --engine CMD`: meldcheck's engine and another one, spoken to through
// the engine protocol (spec/engine-protocol.md), play the same random games in lockstep.
// After every step their verdicts and positions are compared, and the other engine's legal
// steps are each tried on meldcheck's engine. The games are drawn only from what the
// engine plays (its hello: houses, kinds of step, starts, scores). Every distinct
// divergence (hunting/findings.h) is shrunk with simulate's shrinker (hunting/shrink.h) once and
// written as a scenario that says what each engine did; later ones like it are counted.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/config.h"
#include "protocol/engine_replay.h"
#include "hunting/play.h"

namespace meldcheck {

enum class LegalCompare { kAll, kSampled, kNone };

struct LockstepSettings {
  EngineReplayOptions engine;       // the command, its time limit, how rule ids compare
  uint64_t seed = 1;                // the same seed, the same games
  uint64_t games = 1000;            // hands, or whole matches with `whole_match`
  std::optional<double> seconds;    // play games until this much time has passed instead
  bool whole_match = false;
  double arbitrary = 0.1;           // the chance that a step is an arbitrary action
  // Each game from its deal, from a boundary position (hunting/boundary.h), or a mix (to an
  // engine that starts only from a deal, every game from its deal).
  hunt::PlaySettings::Start start = hunt::PlaySettings::Start::kDeal;
  // Each step the engine lists tried on meldcheck's engine: at every step, at one step in
  // hunt::kSampleEvery, or never.
  LegalCompare legal = LegalCompare::kAll;
  int jobs = 1;                     // games played side by side, each job with its own engine process
  std::string out = "findings";     // where the divergences' scenarios are written
  std::string how;                  // the command line, for the scenario's comment
  size_t max_findings = 20;         // distinct divergences before the run stops (1: the first)
};

// A distinct divergence: where the two engines first answered differently in the first
// game that showed it, and how many games did.
struct Divergence {
  // deal, verdict, rule (with strict rule ids), position, refusal (refused, and its state
  // changed), legal (a step it lists that meldcheck refuses)
  std::string kind;
  std::string bucket;   // what makes it this divergence: the kind of step, what differs, the answers
  std::string message;  // what each engine did
  std::string path;     // the scenario written, shrunk
  uint64_t game = 0;    // the first game that showed it
  uint64_t games = 1;   // the games that showed it
  size_t steps_before = 0, steps_after = 0;  // the game's steps, and the scenario's
};

struct LockstepReport {
  std::string engine;  // the engine's name and version, from hello
  uint64_t games = 0, hands = 0, steps = 0, refused = 0;
  uint64_t positions = 0;    // positions compared
  uint64_t legal_steps = 0;  // steps the engine listed, tried on meldcheck's engine
  std::map<std::string, uint64_t> skipped;  // games not played, by why (a setup the engine does not start from)
  std::vector<std::string> not_compared;    // what the engine does not answer (state, legal, scores)
  std::vector<std::string> engine_failures;  // crashes, hangs, garbage, with the request
  std::vector<Divergence> divergences;       // every distinct one, first found first
  // Games left where meldcheck's own rules decided (its bound of turns, its notation),
  // which count against the engine only with hold_own_rules: by rule.
  std::map<std::string, uint64_t> own_rules;
  bool interrupted = false;
  double seconds = 0;
  // Summed over the jobs: each job's time, and its share waiting for the engine's answers
  // (the rest is meldcheck's own side: its engine, its checks, the protocol's text).
  int jobs = 1;
  double job_seconds = 0, engine_seconds = 0;
};

// Plays the games of `space` that the engine plays (game i as simulate plays it: the same
// deal and configuration) until the budget is spent, max_findings distinct divergences
// are found, or `stop` is set. Throws std::runtime_error when the engine cannot be started
// or greeted at all, or plays none of the games asked for.
LockstepReport run_lockstep(const hunt::ConfigSpace& space, const LockstepSettings& settings,
                            const RulesetLibrary& library, const std::atomic<bool>& stop);

enum class LockstepFormat { kText, kJson, kHtml };
// The report: text (a line of counts, what was not played or compared and why, each
// divergence with its count and scenario), JSON, or one self-contained HTML page.
void write_lockstep_report(std::ostream& out, const LockstepReport& report, LockstepFormat format);
// The page alone, from the report as JSON (lockstep_html.cc); tolerates any shape.
void write_lockstep_html(std::ostream& out, const nlohmann::json& report);

}  // namespace meldcheck
