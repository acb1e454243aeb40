#include "conformance/conformance_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "files/spec_files.h"
#include "harness/json_schema_test.h"
#include "harness/replay.h"
#include "harness/replay_report.h"

namespace meldcheck {
namespace {

using nlohmann::json;

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

CitedClause clause(const std::string& id) { return {id, "paraphrase of " + id, "004"}; }

using S = ScenarioResult::Status;

ScenarioResult result(S status, const std::string& name, const std::string& ruleset, std::vector<std::string> ids,
                      const std::string& failed_rule = "") {
  ScenarioResult r;
  r.status = status;
  r.file = ruleset + ".yaml";
  r.name = name;
  r.ruleset = ruleset;
  for (const std::string& id : ids) r.clauses.push_back(clause(id));
  if (status == S::kFail) {
    r.step = 2;
    r.step_text = "arrange: [[B3, B4, B6]]";
    r.expected = failed_rule.empty() ? "ok" : "reject " + failed_rule;
    r.happened = failed_rule.empty() ? "reject (no)" : "ok";
    r.failed_rule = failed_rule;
  }
  if (status == S::kNotApplicable) r.reason = "the engine does not play " + ruleset;
  if (status == S::kNotChecked) r.reason = "expect not checked: the engine does not answer state";
  return r;
}

// A run of eight scenarios and a file that does not read: a clause failed against, one
// blocked (its only scenario failed on another clause first), passing ones, one whose
// expectations went unread (its refusal of set.size checked all the same), one that needs a
// step the engine does not play, and a ruleset the engine does not play.
std::vector<ScenarioResult> sample() {
  std::vector<ScenarioResult> out = {
      result(S::kPass, "a run", "rummikub", {"rummikub/set.run", "rummikub/set.size"}),
      result(S::kFail, "a gap", "rummikub", {"rummikub/arrange.valid", "rummikub/set.run"}, "rummikub/set.run"),
      result(S::kFail, "worth 30", "rummikub", {"rummikub/opening.points", "rummikub/set.run"}, "rummikub/set.run"),
      result(S::kFail, "a legal group", "rummikub", {"rummikub/set.group"}),
      result(S::kNotChecked, "scores of a round", "rummikub", {"rummikub/score.out", "rummikub/set.size"}),
      result(S::kNotApplicable, "a timeout", "rummikub", {"rummikub/timeout"}),
      result(S::kNotApplicable, "five hundred", "rummy500", {"rummy500/meld.run"}),
      result(S::kNotApplicable, "five hundred again", "rummy500", {}),
  };
  out[4].refusals_checked = {"rummikub/set.size"};
  out[5].reason = "it has steps the engine does not play (timeout)";
  ScenarioResult broken;
  broken.status = S::kError;
  broken.file = "broken.yaml";
  broken.error = "broken.yaml:3:1: not a card";
  out.push_back(broken);
  return out;
}

const json& ruleset_of(const json& report, const std::string& id) {
  for (const json& rs : report["rulesets"])
    if (rs["id"] == id) return rs;
  throw std::runtime_error("no ruleset " + id);
}

const json& clause_of(const json& rs, const std::string& id) {
  for (const json& c : rs["clauses"])
    if (c["id"] == id) return c;
  throw std::runtime_error("no clause " + id);
}

TEST(ConformanceReport, GroupsByRulesetAndClause) {
  const json report = conformance_report(sample(), library(), {.engine = "python3 engine.py", .hello = json{{"engine", {{"name", "py"}}}}});
  EXPECT_EQ(report["passed"], 1);
  EXPECT_EQ(report["failed"], 4);  // three failures and the file that does not read
  EXPECT_EQ(report["not_applicable"], 3);
  EXPECT_EQ(report["not_checked"], 1);
  EXPECT_EQ(report["engine"]["name"], "py");
  ASSERT_EQ(report["rulesets"].size(), 2u);
  const json& rk = ruleset_of(report, "rummikub");
  EXPECT_EQ(rk["scenarios"], 6);
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["status"], "FAIL");
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["failed"], 2);
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["passed"], 1);
  // Passed once, and its refusal checked where the expectations went unread.
  EXPECT_EQ(clause_of(rk, "rummikub/set.size")["status"], "PASS");
  EXPECT_EQ(clause_of(rk, "rummikub/set.size")["passed"], 2);
  // Failed at a step of set.run: the scenarios never reached what they hold of these.
  EXPECT_EQ(clause_of(rk, "rummikub/arrange.valid")["status"], "UNTESTED");
  EXPECT_EQ(clause_of(rk, "rummikub/arrange.valid")["why"], "its scenarios fail first at a step of another clause");
  EXPECT_EQ(clause_of(rk, "rummikub/opening.points")["status"], "UNTESTED");
  // A failure at a step that names no clause counts against every clause cited.
  EXPECT_EQ(clause_of(rk, "rummikub/set.group")["status"], "FAIL");
  // Its only scenario's expectations were never read: not a pass.
  EXPECT_EQ(clause_of(rk, "rummikub/score.out")["status"], "NOT-CHECKED");
  EXPECT_EQ(clause_of(rk, "rummikub/score.out")["why"], "expect not checked: the engine does not answer state");
  EXPECT_EQ(clause_of(rk, "rummikub/timeout")["status"], "NOT-IMPLEMENTED");
  EXPECT_EQ(clause_of(rk, "rummikub/timeout")["why"], "it has steps the engine does not play (timeout)");
  // meldcheck's own bound, not held against another engine by default.
  EXPECT_EQ(clause_of(rk, "rummikub/safety.turn-limit")["status"], "OWN");
  EXPECT_EQ(clause_of(rk, "rummikub/safety.turn-limit")["kind"], "bound");
  EXPECT_EQ(clause_of(rk, "rummikub/tiles")["status"], "UNTESTED");
  EXPECT_EQ(clause_of(rk, "rummikub/tiles")["why"], "no scenario of the run cites it");
  const json& failure = clause_of(rk, "rummikub/set.run")["scenarios"][1];
  EXPECT_EQ(failure["status"], "FAIL");
  EXPECT_EQ(failure["step"], 2);
  EXPECT_EQ(failure["expected"], "reject rummikub/set.run");
  EXPECT_EQ(failure["engine"], "ok");
  EXPECT_EQ(clause_of(rk, "rummikub/arrange.valid")["scenarios"][0]["status"], "BLOCKED");

  // Every clause of the catalog, in catalog order.
  const RuleSet& rules = library().find("rummikub")->base();
  ASSERT_EQ(rk["clauses"].size(), rules.catalog.size());
  for (size_t i = 0; i < rules.catalog.size(); ++i) EXPECT_EQ(rk["clauses"][i]["id"], rules.catalog[i].id);

  EXPECT_EQ(rk["summary"],
            "rummikub: 1/6 scenarios pass, 1 not applicable (it has steps the engine does not play (timeout)), 1 not checked "
            "(expect not checked: the engine does not answer state); 2 of 3 clauses checked failing: rummikub/set.group, "
            "rummikub/set.run (1 not checked, 1 not implemented by the engine, " +
                std::to_string(rules.catalog.size() - 7) + " untested, 2 meldcheck's own, not held)");
  const json& rs = ruleset_of(report, "rummy500");
  EXPECT_TRUE(rs["summary"].get<std::string>().starts_with(
      "rummy500: 0/2 scenarios pass, 2 not applicable (the engine does not play rummy500); no clause checked (1 not "
      "implemented by the engine, "))
      << rs["summary"];
  // The scenario that cites no clause is counted apart, not under a clause.
  EXPECT_EQ(rs["no_clause"]["not_applicable"], 1);
  EXPECT_EQ(rs["no_clause"]["scenarios"][0]["name"], "five hundred again");
  for (const json& c : rs["clauses"]) EXPECT_NE(c["id"], "");
  ASSERT_EQ(report["unreadable"].size(), 1u);
  EXPECT_EQ(report["unreadable"][0]["detail"], "broken.yaml:3:1: not a card");
}

// With --own-rules, meldcheck's own clauses are held like the text's.
TEST(ConformanceReport, OwnRulesHeldOnlyWhenAsked) {
  std::vector<ScenarioResult> results = {result(S::kPass, "a bound", "rummikub", {"rummikub/safety.turn-limit"})};
  const json held = conformance_report(results, library(), {.engine = "x", .hold_own_rules = true});
  EXPECT_EQ(clause_of(ruleset_of(held, "rummikub"), "rummikub/safety.turn-limit")["status"], "PASS");
  EXPECT_EQ(held["own_rules"], "held");
  results[0].status = S::kNotApplicable;
  results[0].reason = "it pins meldcheck's own rule";
  const json not_held = conformance_report(results, library(), {.engine = "x"});
  EXPECT_EQ(clause_of(ruleset_of(not_held, "rummikub"), "rummikub/safety.turn-limit")["status"], "OWN");
  EXPECT_EQ(not_held["own_rules"], "not held");
}

// The compact report: a ruleset's clauses no scenario reached are left out, the rest are the
// whole report's rows, and the summary lines (of all the clauses) are the whole report's.
TEST(ConformanceReport, ReachedClausesOnlyLeavesOutTheOthersAndKeepsTheSummary) {
  const json whole = conformance_report(sample(), library(), {.engine = "x"});
  const json reached = conformance_report(sample(), library(), {.engine = "x", .reached_clauses_only = true});
  EXPECT_EQ(whole["clauses"], "all");
  EXPECT_EQ(reached["clauses"], "reached");
  EXPECT_EQ(reached["summary"], whole["summary"]);
  const json& all_rows = ruleset_of(whole, "rummikub")["clauses"];
  std::vector<std::string> ids;
  for (const json& c : ruleset_of(reached, "rummikub")["clauses"]) {
    ids.push_back(c["id"]);
    EXPECT_EQ(c, clause_of(ruleset_of(whole, "rummikub"), c["id"]));
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"rummikub/set.size", "rummikub/set.group", "rummikub/set.run", "rummikub/opening.points",
                                            "rummikub/arrange.valid", "rummikub/timeout", "rummikub/score.out"}))
      << "in catalog order";
  EXPECT_GT(all_rows.size(), ids.size() + 20);
  EXPECT_EQ(ruleset_of(reached, "rummy500")["clauses"].size(), 1u);  // meld.run; the scenario citing none is counted apart
}

TEST(ConformanceReport, FollowsItsSchema) {
  json schema;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "conformance-report.schema.json") schema = json::parse(f.text);
  ASSERT_FALSE(schema.is_null()) << "spec/conformance-report.schema.json is not embedded";
  json report = conformance_report(sample(), library(), {.engine = "engine", .strict_rule_ids = true});
  std::vector<std::string> errors;
  validate_json(report, schema, "report", errors);
  validate_json(conformance_report(sample(), library(), {.engine = "engine", .reached_clauses_only = true}), schema, "reached", errors);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  report["rulesets"][0]["clauses"][0]["status"] = "MAYBE";
  report["surprise"] = 1;
  errors.clear();
  validate_json(report, schema, "report", errors);
  EXPECT_EQ(errors.size(), 2u);
}

TEST(ConformanceReport, TextEndsWithTheRulesetLinesAndTheTotals) {
  std::ostringstream out;
  write_conformance(out, conformance_report(sample(), library(), {.engine = "engine"}), ConformanceFormat::kText);
  const std::string text = out.str();
  EXPECT_NE(text.find("FAIL rummikub.yaml: a gap, step 2: arrange: [[B3, B4, B6]]: expected reject rummikub/set.run, the engine said ok\n"),
            std::string::npos);
  EXPECT_NE(text.find("N/A rummikub.yaml: a timeout: it has steps the engine does not play (timeout)\n"), std::string::npos);
  EXPECT_NE(text.find("NOT-CHECKED rummikub.yaml: scores of a round: expect not checked: the engine does not answer state\n"),
            std::string::npos);
  EXPECT_NE(text.find("\nrummikub: 1/6 scenarios pass, 1 not applicable"), std::string::npos);
  EXPECT_NE(text.find("\nrummy500: 0/2 scenarios pass, 2 not applicable"), std::string::npos);
  EXPECT_TRUE(text.ends_with("\n1 passed, 4 failed, 3 not applicable, 1 not checked\n")) << text;
}

TEST(ConformanceReport, JunitHasASuiteARuleset) {
  std::ostringstream out;
  write_conformance(out, conformance_report(sample(), library(), {.engine = "engine"}), ConformanceFormat::kJunit);
  const std::string xml = out.str();
  EXPECT_NE(xml.find("<testsuites tests=\"9\" failures=\"3\" errors=\"1\" skipped=\"4\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"rummikub\" tests=\"6\" failures=\"3\" errors=\"0\" skipped=\"2\">"), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"rummy500\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"2\">"), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"unreadable files\" tests=\"1\""), std::string::npos);
  EXPECT_NE(xml.find("[clauses: rummikub/arrange.valid, rummikub/set.run]"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"not applicable: it has steps the engine does not play (timeout)\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"not checked: expect not checked: the engine does not answer state\"/>"), std::string::npos);
}

TEST(ConformanceReport, HtmlShowsEveryLineAndEscapesTheEngine) {
  std::vector<ScenarioResult> results = sample();
  results[1].happened = "</li><script>alert(1)</script> & \xff";
  const json report = conformance_report(results, library(), {.engine = "engine <x>"});
  std::ostringstream out;
  write_conformance(out, report, ConformanceFormat::kHtml);
  const std::string html = out.str();
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("&lt;/li&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; \xEF\xBF\xBD"), std::string::npos);
  EXPECT_NE(html.find("engine &lt;x&gt;"), std::string::npos);
  for (const json& line : report["summary"]) EXPECT_NE(html.find(xml_text(line)), std::string::npos) << line;
  EXPECT_NE(html.find("broken.yaml:3:1: not a card"), std::string::npos);
  EXPECT_NE(html.find("it has steps the engine does not play (timeout)"), std::string::npos);
  EXPECT_NE(html.find("Scenarios that cite no clause"), std::string::npos);
  // A report of any shape draws a page, never throws.
  for (const json& odd : {json(), json::array(), json{{"rulesets", 3}}, json{{"rulesets", {{{"clauses", {1, "x"}}}}}}}) {
    std::ostringstream page;
    EXPECT_NO_THROW(write_conformance_html(page, odd));
    EXPECT_NE(page.str().find("</html>"), std::string::npos);
  }
}

// An engine that refuses every step (or the setup), naming one rule.
class RefusingEngine : public GameEngine {
 public:
  explicit RefusingEngine(std::string rule, bool setup = false) : rule_(std::move(rule)), setup_(setup) {}
  EngineAnswer start(const Scenario&, const YamlNode&) override {
    if (!setup_) return {};
    EngineAnswer a = EngineAnswer::of(EngineAnswer::Kind::kRefused, "not a valid meld");
    a.rule = rule_;
    return a;
  }
  std::optional<bool> lists(size_t) override { return std::nullopt; }
  bool lists_every_step() const override { return false; }
  EngineAnswer apply(size_t) override {
    EngineAnswer a;
    a.kind = EngineAnswer::Kind::kRefused;
    a.rule = rule_;
    a.said = "reject (" + rule_ + ")";
    return a;
  }
  std::optional<std::vector<Action>> legal(std::string&) override { return std::nullopt; }
  EngineAnswer apply(const Action&) override { return apply(size_t{0}); }
  std::optional<GameState> position(std::string&, const GameState*) override { return std::nullopt; }
  bool tells_positions() const override { return false; }
  bool rule_ids_compared() const override { return false; }

 private:
  std::string rule_;
  bool setup_;
};

// A legal step (or a setup) refused by a clause of the catalog fails that clause alone,
// cited or not; refused by no clause the catalog has, every clause the scenario cites.
TEST(ConformanceReport, ALegalStepRefusedByACitedClauseFailsThatClause) {
  const Scenario sc = parse_scenarios(R"(name: a run of three
ruleset: rummikub
rules: [rummikub/set.run, rummikub/set.size]
setup:
  players:
    A: { hand: [B3, B4, B5, R9], opened: true }
    B: { hand: [K13], opened: true }
  stock: [R12, R13]
  rest: out
steps:
  - arrange: [[B3, B4, B5]]
)", "t.yaml", library()).at(0);
  auto statuses = [&](const std::string& rule, bool setup = false) {
    RefusingEngine engine(rule, setup);
    const json report = conformance_report({replay_on(engine, sc, YamlNode{})}, library(), {.engine = "x"});
    const json& rk = ruleset_of(report, "rummikub");
    std::vector<std::string> out;
    for (const json& c : rk["clauses"])
      if (c["scenarios"].size()) out.push_back(c["id"].get<std::string>() + " " + c["status"].get<std::string>());
    return out;
  };
  using Statuses = std::vector<std::string>;
  EXPECT_EQ(statuses("rummikub/set.run"), Statuses({"rummikub/set.size UNTESTED", "rummikub/set.run FAIL"}));
  EXPECT_EQ(statuses("rummikub/opening.points"),
            Statuses({"rummikub/set.size UNTESTED", "rummikub/set.run UNTESTED", "rummikub/opening.points FAIL"}));
  EXPECT_EQ(statuses("my-engine/no-such-clause"), Statuses({"rummikub/set.size FAIL", "rummikub/set.run FAIL"}));
  // A setup refused by a clause (the protocol's `new` error may name it): the same.
  EXPECT_EQ(statuses("rummikub/set.group", true),
            Statuses({"rummikub/set.size UNTESTED", "rummikub/set.group FAIL", "rummikub/set.run UNTESTED"}));
  EXPECT_EQ(statuses("", true), Statuses({"rummikub/set.size FAIL", "rummikub/set.run FAIL"}));
}

// meldcheck's own engine on the suite's Rummikub scenarios: everything passes, so does
// every clause, and the line says so.
TEST(ConformanceReport, MeldchecksOwnEnginePassesEveryClause) {
  std::vector<ScenarioResult> rows;
  for (const std::string& file : scenario_files(std::string(MELDCHECK_SCENARIOS_DIR) + "/rummikub"))
    for (ScenarioResult& r : replay_file(file, library())) rows.push_back(std::move(r));
  ASSERT_GT(rows.size(), 50u);
  const json report = conformance_report(rows, library(), {.engine = "meldcheck", .strict_rule_ids = true, .hold_own_rules = true});
  const json& rk = ruleset_of(report, "rummikub");
  int checked = 0;
  for (const json& c : rk["clauses"]) {
    EXPECT_TRUE(c["status"] == "PASS" || c["status"] == "UNTESTED") << c["id"] << " " << c["status"];
    checked += c["status"] == "PASS";
  }
  EXPECT_TRUE(rk["summary"].get<std::string>().starts_with("rummikub: " + std::to_string(rows.size()) + "/" + std::to_string(rows.size()) +
                                                           " scenarios pass; all " + std::to_string(checked) + " clauses checked pass"))
      << rk["summary"];
}

// An engine that does not answer state: what the scenarios expect of the position is not
// checked, and a clause only they pin is said so, never PASS.
class VerdictsOnlyEngine : public InProcessEngine {
 public:
  std::optional<GameState> position(std::string& why, const GameState*) override { return why = "no state", std::nullopt; }
  bool tells_positions() const override { return false; }
};

TEST(ConformanceReport, ExpectationsNobodyReadAreNotChecked) {
  const Scenario sc = parse_scenarios(R"(name: going out scores the racks
ruleset: rummikub
rules: [rummikub/score.out]
setup:
  players:
    A: { hand: [B3, B4, B5], opened: true }
    B: { hand: [K13, R2], opened: true }
  stock: [R12]
  rest: out
steps:
  - arrange: [[B3, B4]]
    expect: { reject: rummikub/set.size }
  - arrange: [[B3, B4, B5]]
expect:
  round_scores: { A: 15, B: -15 }
)", "t.yaml", library()).at(0);
  VerdictsOnlyEngine engine;
  const ScenarioResult r = replay_on(engine, sc, YamlNode{});
  EXPECT_EQ(r.status, S::kNotChecked);
  EXPECT_EQ(r.reason, "expect not checked: the engine does not answer state");
  const json report = conformance_report({r}, library(), {.engine = "x"});
  const json& rk = ruleset_of(report, "rummikub");
  EXPECT_EQ(clause_of(rk, "rummikub/score.out")["status"], "NOT-CHECKED");
  EXPECT_EQ(clause_of(rk, "rummikub/set.size")["status"], "PASS");  // its refusal was checked
  EXPECT_EQ(report["passed"], 0);
  EXPECT_EQ(report["not_checked"], 1);
}


// Another engine is never asked meldcheck's solver's answers (best_move, can_move): a
// scenario stating them is not checked there, and the clauses it pins are not said to pass
// (an engine that placed nothing at all would otherwise pass them).

class OtherEngine : public InProcessEngine {
 public:
  bool answers_meldchecks_own_expectations() const override { return false; }
};

TEST(ConformanceReport, TheSolversAnswersAreNotCheckedOnAnotherEngine) {
  const std::string file = std::string(MELDCHECK_SCENARIOS_DIR) + "/rummikub/best-move.yaml";
  int checked = 0;
  for (const Scenario& sc : load_scenarios(file, library())) {
    OtherEngine other;
    const ScenarioResult r = replay_on(other, sc, YamlNode{});
    const bool states_solver = (sc.expect && (sc.expect->best_move_tiles || sc.expect->best_move_value || sc.expect->can_move));
    if (!states_solver) continue;
    ++checked;
    EXPECT_EQ(r.status, S::kNotChecked) << sc.name;
    EXPECT_NE(r.reason.find("no other engine is asked for meldcheck's solver's answers"), std::string::npos) << r.reason;
    InProcessEngine own;
    EXPECT_EQ(replay_on(own, sc, YamlNode{}).status, S::kPass) << sc.name;
  }
  EXPECT_GT(checked, 5);
}

}  // namespace
}  // namespace meldcheck
