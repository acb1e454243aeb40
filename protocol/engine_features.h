// What another engine implements (its hello's `implements`, spec/engine-protocol.md) and
// what a scenario needs of an engine. A scenario that needs what the engine does not
// implement is not applicable to it: reported apart from failures, never played
// (test262's feature flags).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "files/scenario.h"
#include "harness/config.h"

namespace meldcheck {

struct EngineFeatures {
  ActionKinds steps = ActionKinds::all();  // the kinds of step it plays
  bool deal_start = true, setup_start = true;
  bool scores = true;    // score tells a hand's round_scores
  bool totals = true;    // score tells the running totals, game_over and winner
  bool rule_ids = true;  // a refusal names meldcheck's rule id
};

// The features `hello` declares for `ruleset`: its top-level `implements`, then the
// ruleset entry's own keys over it; all of them where it says nothing. Throws
// std::invalid_argument saying what is malformed.
EngineFeatures engine_features(const nlohmann::json& hello, const std::string& ruleset);

// The houses the engine plays, from hello's `rulesets` (malformed entries are skipped:
// hello_problem reports them).
hunt::Offered offered_by(const nlohmann::json& hello);

// The hello answer's shape problems (spec/engine-protocol.schema.json's `hello`), "" when none.
std::string hello_problem(const nlohmann::json& hello);

// What playing a scenario asks of an engine.
struct ScenarioNeeds {
  ActionKinds steps = ActionKinds::none();
  bool deal_start = false, setup_start = false;
  bool scores = false, totals = false;
  // meldcheck's own clauses (kind bound or notation) it pins: cited, or refusing one of its
  // steps on meldcheck's engine.
  std::vector<std::string> own_rules;
};

ScenarioNeeds needs_of(const Scenario& sc);

// Why the scenario is not applicable to an engine with `features`, "" when it is. With
// `hold_own_rules`, meldcheck's own clauses count against the engine as the text's do.
std::string not_applicable(const ScenarioNeeds& needs, const EngineFeatures& features, bool hold_own_rules);

// Whether a clause is meldcheck's own (a bound or notation), not the text's.
bool own_rule(const RuleSet& rules, const std::string& id);

}  // namespace meldcheck
