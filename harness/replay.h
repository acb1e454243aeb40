// Replaying scenarios against the engine, and what came of it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "files/scenario.h"
#include "harness/game_engine.h"

namespace meldcheck {

// A catalog clause a scenario cites, with its paraphrase and source (empty for an id the
// catalog of the scenario's house does not have).
struct CitedClause {
  std::string id, text, source;
  auto operator<=>(const CitedClause&) const = default;
};

// A scenario replayed on an engine, meldcheck's or another: what `replay` reports, in
// every format, and what the conformance report groups by clause.
struct ScenarioResult {
  enum class Status {
    kPass,
    kFail,
    kNotApplicable,  // it needs what the engine does not implement (a house, a kind of step...): `reason`
    kNotChecked,     // every verdict held, but expectations went unread: `reason` says which and why
    kError,          // it could not be replayed: a file that does not read, no engine
  };
  Status status = Status::kPass;
  std::string file;
  std::string name;
  int step = 0;            // the failing step, 1-based; 0 for the start or the final expectations
  std::string step_text;   // the step as written ("start", "expect")
  std::string expected;    // what the scenario expected
  std::string happened;    // what the engine did
  std::string rule;        // the rule the engine cited, with its paraphrase
  std::string error;       // kError: file:line:column: message
  std::string reason;      // kNotApplicable, kNotChecked: why
  // kFail by the engine itself, whatever the scenario expects: a refusal that changed the
  // state, or the engine's invariants broken.
  bool engine_broke = false;
  std::string ruleset;     // empty when the file did not read
  std::vector<CitedClause> clauses;  // its `rules:`, then the rule ids its steps expect, each once
  // kFail: the clause it is about, where one is named (the rule a refusal must name; the
  // catalog clause the engine refused a legal step or the setup by).
  std::string failed_rule;
  // The clauses whose refusals it checked step by step (each `reject: <id>` whose verdict
  // was compared): those a kNotChecked result still tells about.
  std::vector<std::string> refusals_checked;
  // Every field: a report is a function of its results (engine_reply_fuzz checks each once).
  auto operator<=>(const ScenarioResult&) const = default;
};

// What a result is about in one line, without its file and name: where it failed and how,
// or why it is not applicable or not checked, or the error.
std::string result_detail(const ScenarioResult& r);

// Whether `ruleset` is among `rulesets` (`replay --ruleset`; every ruleset when empty).
bool of_rulesets(const std::vector<std::string>& rulesets, const std::string& ruleset);

// The clauses a scenario pins down: those of `rules:`, then those its refusals must name.
std::vector<CitedClause> cited_clauses(const Scenario& sc);

// The differences between expectations and a state; empty when they hold.
std::vector<std::string> unmet_expectations(const Expectations& e, const GameState& s, const RuleSet& r);

// Applies one step of a scenario: the player to move when it names none, `next_hand` with
// its setup. The engine's verdict.
Refusal apply_step(GameState& state, const RuleSet& rules, const Step& step);

// A scenario replayed on an engine (`doc`: the scenario as written, for an engine that
// reads it so): its start, each step's listing, verdict and rule, the engine's own
// contract (a refusal changes nothing), the expectations. The one scenario driver.
ScenarioResult replay_on(GameEngine& engine, const Scenario& scenario, const YamlNode& doc);

// On meldcheck's engine.
ScenarioResult replay(const Scenario& scenario);

// A check's rule id with the clause's paraphrase, for reports.
std::string rule_text(const RuleSet& r, Refusal c);

// Every scenario of a file that `keep` accepts (all without it), or one kError result when
// the file cannot be read.
std::vector<ScenarioResult> replay_file(const std::string& path, const RulesetLibrary& library,
                                        const std::function<bool(const Scenario&)>& keep = nullptr);

// The scenario files below a path (every *.yaml below a folder), sorted.
std::vector<std::string> scenario_files(const std::string& path);

}  // namespace meldcheck
