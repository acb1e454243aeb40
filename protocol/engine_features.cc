#include "protocol/engine_features.h"

#include <algorithm>
#include <stdexcept>

#include "harness/replay.h"

namespace meldcheck {

using nlohmann::json;

namespace {

// One `implements` object read over `f`: only the keys it has.
void read_implements(const json& impl, const std::string& where, EngineFeatures& f) {
  if (!impl.is_object()) throw std::invalid_argument(where + " is not an object");
  auto flag = [&](const char* key, bool& into) {
    if (!impl.contains(key)) return;
    if (!impl[key].is_boolean()) throw std::invalid_argument(where + "." + key + " is not true or false");
    into = impl[key].get<bool>();
  };
  if (impl.contains("steps")) {
    const json& steps = impl["steps"];
    if (!steps.is_array()) throw std::invalid_argument(where + ".steps is not a list of step kinds");
    f.steps = ActionKinds::none();
    for (const json& s : steps) {
      const std::optional<ActionKind> k = s.is_string() ? step_kind_from_name(s.get<std::string>()) : std::nullopt;
      if (!k) throw std::invalid_argument(where + ".steps: " + s.dump() + " is not a step kind (draw, take, meld, ...)");
      f.steps = f.steps | ActionKinds::only(*k);
    }
  }
  if (impl.contains("starts")) {
    const json& starts = impl["starts"];
    if (!starts.is_array()) throw std::invalid_argument(where + ".starts is not a list of deal, setup");
    f.deal_start = f.setup_start = false;
    for (const json& s : starts) {
      if (s == "deal") f.deal_start = true;
      else if (s == "setup") f.setup_start = true;
      else throw std::invalid_argument(where + ".starts: " + s.dump() + " is neither deal nor setup");
    }
  }
  flag("scores", f.scores);
  flag("totals", f.totals);
  flag("rule_ids", f.rule_ids);
}

// Every expectation of the scenario, the steps' `then` and the final `expect`.
template <typename F>
void each_expectation(const Scenario& sc, F&& f) {
  for (const Step& st : sc.steps)
    if (st.then) f(*st.then);
  if (sc.expect) f(*sc.expect);
}

}  // namespace

EngineFeatures engine_features(const json& hello, const std::string& ruleset) {
  EngineFeatures f;
  if (!hello.is_object()) return f;
  if (hello.contains("implements")) read_implements(hello["implements"], "implements", f);
  if (hello.contains("rulesets") && hello["rulesets"].is_array())
    for (const json& r : hello["rulesets"])
      if (r.is_object() && r.value("id", json()) == ruleset && r.contains("implements"))
        read_implements(r["implements"], "rulesets[" + ruleset + "].implements", f);
  return f;
}

hunt::Offered offered_by(const json& hello) {
  hunt::Offered offered;
  if (!hello.is_object() || !hello.contains("rulesets") || !hello["rulesets"].is_array()) return offered;
  auto strings = [](const json& list) {
    std::vector<std::string> out;
    if (list.is_array())
      for (const json& x : list)
        if (x.is_string()) out.push_back(x.get<std::string>());
    return out;
  };
  for (const json& r : hello["rulesets"]) {
    if (!r.is_object() || !r.contains("id") || !r["id"].is_string()) continue;
    hunt::Offered::Ruleset& rs = offered.rulesets[r["id"].get<std::string>()];
    rs.variants = strings(r.value("variants", json::array()));
    const json options = r.value("options", json::object());
    if (options.is_object())
      for (const auto& [id, choices] : options.items()) rs.options[id] = strings(choices);
  }
  return offered;
}

std::string hello_problem(const json& hello) {
  if (!hello.is_object()) return "hello's answer is not an object";
  if (hello.contains("rulesets")) {
    if (!hello["rulesets"].is_array()) return "rulesets is not a list";
    for (const json& r : hello["rulesets"]) {
      if (!r.is_object() || !r.contains("id") || !r["id"].is_string()) return "a ruleset entry has no id";
      if (r.contains("variants") && !r["variants"].is_array()) return "variants of " + r["id"].get<std::string>() + " is not a list";
      if (r.contains("options") && !r["options"].is_object()) return "options of " + r["id"].get<std::string>() + " is not an object";
    }
  }
  if (hello.contains("requests") && !hello["requests"].is_array()) return "requests is not a list";
  try {
    const json none = json::array();
    for (const json& r : hello.value("rulesets", none))
      if (r.is_object() && r.contains("id") && r["id"].is_string()) engine_features(hello, r["id"].get<std::string>());
    engine_features(hello, "");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

bool own_rule(const RuleSet& rules, const std::string& id) {
  const Clause* c = rules.clause(id);
  return c && c->kind != ClauseKind::kRule;
}

ScenarioNeeds needs_of(const Scenario& sc) {
  ScenarioNeeds n;
  (sc.dealt ? n.deal_start : n.setup_start) = true;
  for (const Step& st : sc.steps) n.steps = n.steps | ActionKinds::only(st.action.kind);
  each_expectation(sc, [&](const Expectations& e) {
    n.scores |= !e.round_scores.empty();
    n.totals |= !e.totals.empty() || e.facts.game_over.has_value() || e.facts.winners.has_value();
  });
  auto own = [&](const std::string& id) {
    if (own_rule(sc.rules, id) && std::find(n.own_rules.begin(), n.own_rules.end(), id) == n.own_rules.end()) n.own_rules.push_back(id);
  };
  for (const std::string& id : sc.cites) own(id);
  // A step meldcheck refuses by its own rule pins that rule, and one after which its bound
  // of turns ends the hand pins the bound, whatever the scenario cites.
  GameState s = sc.start;
  for (const Step& st : sc.steps) {
    const bool playing = !s.hand_over;
    const Refusal verdict = apply_step(s, sc.rules, st);
    if (verdict != Refusal::kNone) own(sc.rules.rule_id(verdict));
    if (playing && s.hand_over && s.last_out == kNoPlayer && s.turns >= sc.rules.max_turns)
      for (const Clause& c : sc.rules.catalog)
        if (c.kind == ClauseKind::kBound) own(c.id);
  }
  return n;
}

std::string not_applicable(const ScenarioNeeds& needs, const EngineFeatures& f, bool hold_own_rules) {
  if (needs.deal_start && !f.deal_start) return "it starts from a deal, and the engine starts only from a setup";
  if (needs.setup_start && !f.setup_start) return "it starts from a setup, and the engine starts only from a deal";
  std::string kinds;
  for (int k = 0; k <= int(ActionKind::kNextHand); ++k)
    if (needs.steps.has(ActionKind(k)) && !f.steps.has(ActionKind(k))) kinds += std::string(kinds.empty() ? "" : ", ") + step_kind_name(ActionKind(k));
  if (!kinds.empty()) return "it has steps the engine does not play (" + kinds + ")";
  if (needs.scores && !f.scores) return "it expects a hand's scores, and the engine reports none";
  if (needs.totals && !f.totals) return "it expects the match's totals or end, and the engine reports none";
  if (!hold_own_rules && !needs.own_rules.empty()) {
    std::string ids;
    for (const std::string& id : needs.own_rules) ids += (ids.empty() ? "" : ", ") + id;
    return "it pins meldcheck's own rule (" + ids + "), held against another engine only with --own-rules";
  }
  return "";
}

}  // namespace meldcheck
