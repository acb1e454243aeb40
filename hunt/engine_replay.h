// `meldcheck replay --engine CMD`: the scenarios replayed against another engine through
// the engine protocol (spec/engine-protocol.md), its verdicts and positions held to what
// the scenarios expect.
#pragma once

#include <chrono>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hunt/engine_client.h"
#include "hunt/game_engine.h"
#include "hunt/replay.h"
#include "files/ruleset_loader.h"
#include "hunt/run_options.h"
#include "files/scenario.h"

namespace meldcheck {

struct EngineReplayOptions {
  std::string command;
  std::chrono::milliseconds timeout{5000};
  bool strict_rule_ids = false;                 // a refusal must name the expected rule id
  std::map<std::string, std::string> rule_map;  // the engine's reasons -> rule ids
  std::vector<std::string> rulesets;            // only the scenarios of these (all when empty)
  // Instead of running `command`: an engine whose output is these bytes, started afresh
  // after each failure (EngineProcess::recorded; the fuzz target engine_reply_fuzz).
  std::optional<std::string> recorded;
};

struct EngineResult {
  enum class Status { kPass, kFail, kSkip, kError };
  Status status = Status::kPass;
  std::string file, name;
  int step = 0;         // the step it is about, 1-based; 0 for the scenario as a whole
  std::string detail;   // what failed, or why it was skipped
  std::string ruleset;  // empty when the file did not read
  // Its `rules:` and then the rule ids its steps expect, each once.
  std::vector<CitedClause> clauses;
  // Where it failed: the step as written ("start", "expect" for the final expectations),
  // what the suite holds there (meldcheck's answer) and what the engine did.
  std::string step_text, expected, engine_said;
  std::string failed_rule;  // the clause the failing step is about, if it names one (ScenarioResult)
};

// `--rule-map FILE`: a JSON object from the engine's reasons to rule ids (empty for no file).
// Throws std::invalid_argument with the file's name when it does not read.
std::map<std::string, std::string> read_rule_map(const std::string& file);

// One engine process at a time, started again after it fails; what it said to `hello`.
class EngineSession {
 public:
  explicit EngineSession(EngineReplayOptions options) : options_(std::move(options)) {}
  // The running engine (started and greeted when needed), or nullptr with `why` set.
  EngineProcess* engine(std::string& why);
  const nlohmann::json& hello() const { return hello_; }
  const EngineReplayOptions& options() const { return options_; }
  int restarts() const { return restarts_; }
  // The time the engine took to answer, over every process the session started.
  std::chrono::duration<double> waited() const {
    return waited_ + (process_ ? process_->waited() : std::chrono::duration<double>{});
  }

 private:
  void retire();  // the process gone, its time kept

  EngineReplayOptions options_;
  std::unique_ptr<EngineProcess> process_;
  std::chrono::duration<double> waited_{};  // of the processes before this one
  nlohmann::json hello_;
  int restarts_ = -1;
};

// Why the engine cannot play the house of `sc` (its ruleset, variants and options), from
// its hello; empty when it can.
std::string unsupported(const nlohmann::json& hello, const Scenario& sc);
// Whether the engine's hello lists the request.
bool supports(const nlohmann::json& hello, const std::string& request);

// An engine behind the protocol, spoken to through `session` (scenarios replayed as written;
// actions written in the protocol's notation, the player named on each).
std::unique_ptr<GameEngine> protocol_engine(EngineSession& session, const RulesetLibrary& library);

// A scenario's result as `replay --engine` reports it (meldcheck's own replay too, for the
// conformance report of its own engine).
EngineResult engine_result(const ScenarioResult& r);

std::vector<EngineResult> replay_file_on_engine(const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter);

// The same for the scenarios of a text, as if read from `path`.
std::vector<EngineResult> replay_text_on_engine(const std::string& text, const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter);

}  // namespace meldcheck
