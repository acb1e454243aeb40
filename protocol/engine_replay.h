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

#include "protocol/engine_client.h"
#include "protocol/engine_features.h"
#include "harness/game_engine.h"
#include "harness/replay.h"
#include "files/ruleset_loader.h"
#include "harness/run_options.h"
#include "files/scenario.h"

namespace meldcheck {

struct EngineReplayOptions {
  std::string command;
  std::chrono::milliseconds timeout{5000};
  bool strict_rule_ids = false;                 // a refusal must name the expected rule id
  std::map<std::string, std::string> rule_map;  // the engine's reasons -> rule ids
  std::vector<std::string> rulesets;            // only the scenarios of these (all when empty)
  // meldcheck's own clauses (a bound, the notation) held against the engine as the text's
  // are; without it a scenario pinning one is not applicable.
  bool hold_own_rules = false;
  // Instead of running `command`: an engine whose output is these bytes, started afresh
  // after each failure (EngineProcess::recorded; the fuzz target engine_reply_fuzz).
  std::optional<std::string> recorded;
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
std::string unsupported(const nlohmann::json& hello, const Scenario& sc, const RulesetLibrary& library);
// Why the scenario is not applicable to the engine: a house it does not play, or what the
// scenario needs that it does not implement (protocol/engine_features.h); empty when it is.
std::string not_applicable(const nlohmann::json& hello, const Scenario& sc, const RulesetLibrary& library, bool hold_own_rules);
// Whether the engine's hello lists the request.
bool supports(const nlohmann::json& hello, const std::string& request);

// An engine behind the protocol, spoken to through `session` (scenarios replayed as written;
// actions written in the protocol's notation, the player named on each).
std::unique_ptr<GameEngine> protocol_engine(EngineSession& session, const RulesetLibrary& library);

std::vector<ScenarioResult> replay_file_on_engine(const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter);

// The same for the scenarios of a text, as if read from `path`.
std::vector<ScenarioResult> replay_text_on_engine(const std::string& text, const std::string& path, const RulesetLibrary& library,
                                                EngineSession& session, const NameFilter& filter);
// One scenario read before (`doc`, its document as written), as replay_text_on_engine
// replays each of a text's: a caller that replays the same scenario on many engines
// (engine_reply_fuzz) reads it once.
ScenarioResult replay_scenario_on_engine(const Scenario& scenario, const YamlNode& doc, const std::string& path,
                                         const RulesetLibrary& library, EngineSession& session);

}  // namespace meldcheck
