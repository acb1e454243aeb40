#include "hunt/conformance_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "files/spec_files.h"
#include "hunt/json_schema_test.h"
#include "hunt/replay.h"
#include "hunt/replay_report.h"

namespace meldcheck {
namespace {

using nlohmann::json;

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

CitedClause clause(const std::string& id) { return {id, "paraphrase of " + id, "004"}; }

EngineResult result(EngineResult::Status status, const std::string& name, const std::string& ruleset,
                    std::vector<std::string> ids, const std::string& failed_rule = "") {
  EngineResult r{status, ruleset + ".yaml", name, 0, ""};
  r.ruleset = ruleset;
  for (const std::string& id : ids) r.clauses.push_back(clause(id));
  if (status == EngineResult::Status::kFail) {
    r.step = 2;
    r.step_text = "arrange: [[B3, B4, B6]]";
    r.expected = failed_rule.empty() ? "ok" : "reject " + failed_rule;
    r.engine_said = failed_rule.empty() ? "reject (no)" : "ok";
    r.failed_rule = failed_rule;
    r.detail = r.step_text + ": expected " + r.expected + ", the engine said " + r.engine_said;
  }
  if (status == EngineResult::Status::kSkip) r.detail = "the engine does not play " + ruleset;
  return r;
}

// A run of six scenarios and a file that does not read: a clause failed against, one
// blocked (its only scenario failed on another clause first), passing ones, a ruleset skipped.
std::vector<EngineResult> sample() {
  using S = EngineResult::Status;
  std::vector<EngineResult> out = {
      result(S::kPass, "a run", "rummikub", {"rummikub/set.run", "rummikub/set.size"}),
      result(S::kFail, "a gap", "rummikub", {"rummikub/arrange.valid", "rummikub/set.run"}, "rummikub/set.run"),
      result(S::kFail, "worth 30", "rummikub", {"rummikub/opening.points", "rummikub/set.run"}, "rummikub/set.run"),
      result(S::kFail, "a legal group", "rummikub", {"rummikub/set.group"}),
      result(S::kSkip, "five hundred", "rummy500", {"rummy500/meld.run"}),
      result(S::kSkip, "five hundred again", "rummy500", {}),
  };
  out.push_back({S::kError, "broken.yaml", "", 0, "broken.yaml:3:1: not a card"});
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
  const json report = conformance_report(sample(), library(), {"python3 engine.py", json{{"engine", {{"name", "py"}}}}, false});
  EXPECT_EQ(report["passed"], 1);
  EXPECT_EQ(report["failed"], 4);  // three failures and the file that does not read
  EXPECT_EQ(report["skipped"], 2);
  EXPECT_EQ(report["engine"]["name"], "py");
  ASSERT_EQ(report["rulesets"].size(), 2u);
  const json& rk = ruleset_of(report, "rummikub");
  EXPECT_EQ(rk["scenarios"], 4);
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["status"], "FAIL");
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["failed"], 2);
  EXPECT_EQ(clause_of(rk, "rummikub/set.run")["passed"], 1);
  EXPECT_EQ(clause_of(rk, "rummikub/set.size")["status"], "PASS");
  // Failed at a step of set.run: the scenarios never reached what they hold of these.
  EXPECT_EQ(clause_of(rk, "rummikub/arrange.valid")["status"], "BLOCKED");
  EXPECT_EQ(clause_of(rk, "rummikub/opening.points")["status"], "BLOCKED");
  // A failure at a step that names no clause counts against every clause cited.
  EXPECT_EQ(clause_of(rk, "rummikub/set.group")["status"], "FAIL");
  const json& failure = clause_of(rk, "rummikub/set.run")["scenarios"][1];
  EXPECT_EQ(failure["status"], "FAIL");
  EXPECT_EQ(failure["step"], 2);
  EXPECT_EQ(failure["expected"], "reject rummikub/set.run");
  EXPECT_EQ(failure["engine"], "ok");
  EXPECT_EQ(clause_of(rk, "rummikub/arrange.valid")["scenarios"][0]["status"], "BLOCKED");

  // Clauses in catalog order, and the catalog's others listed as uncited.
  const RuleSet& rules = library().find("rummikub")->base();
  auto rank = [&](const std::string& id) {
    for (size_t i = 0; i < rules.catalog.size(); ++i)
      if (rules.catalog[i].id == id) return int(i);
    return -1;
  };
  for (size_t i = 1; i < rk["clauses"].size(); ++i) EXPECT_LT(rank(rk["clauses"][i - 1]["id"]), rank(rk["clauses"][i]["id"]));
  EXPECT_EQ(rk["clauses"].size() + rk["uncited"].size(), rules.catalog.size());

  EXPECT_EQ(rk["summary"],
            "rummikub: 1/4 scenarios, 2 of 5 clauses failing: rummikub/set.group, rummikub/set.run (2 more untested: their "
            "scenarios fail on these first)");
  const json& rs = ruleset_of(report, "rummy500");
  EXPECT_EQ(rs["summary"], "rummy500: 0/2 scenarios, 2 skipped (the engine does not play rummy500)");
  EXPECT_EQ(clause_of(rs, "")["status"], "SKIP");  // the scenario that cites no clause
  ASSERT_EQ(report["unreadable"].size(), 1u);
  EXPECT_EQ(report["unreadable"][0]["detail"], "broken.yaml:3:1: not a card");
}

TEST(ConformanceReport, FollowsItsSchema) {
  json schema;
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "conformance-report.schema.json") schema = json::parse(f.text);
  ASSERT_FALSE(schema.is_null()) << "spec/conformance-report.schema.json is not embedded";
  json report = conformance_report(sample(), library(), {"engine", nullptr, true});
  std::vector<std::string> errors;
  validate_json(report, schema, "report", errors);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  report["rulesets"][0]["clauses"][0]["status"] = "MAYBE";
  report["surprise"] = 1;
  errors.clear();
  validate_json(report, schema, "report", errors);
  EXPECT_EQ(errors.size(), 2u);
}

TEST(ConformanceReport, TextEndsWithTheRulesetLinesAndTheTotals) {
  std::ostringstream out;
  write_conformance(out, conformance_report(sample(), library(), {"engine", nullptr, false}), ConformanceFormat::kText);
  const std::string text = out.str();
  EXPECT_NE(text.find("FAIL rummikub.yaml: a gap, step 2: arrange: [[B3, B4, B6]]: expected reject rummikub/set.run, the engine said ok\n"),
            std::string::npos);
  EXPECT_NE(text.find("\nrummikub: 1/4 scenarios, 2 of 5 clauses failing:"), std::string::npos);
  EXPECT_NE(text.find("\nrummy500: 0/2 scenarios, 2 skipped"), std::string::npos);
  EXPECT_TRUE(text.ends_with("\n1 passed, 4 failed, 2 skipped\n")) << text;
}

TEST(ConformanceReport, JunitHasASuiteARuleset) {
  std::ostringstream out;
  write_conformance(out, conformance_report(sample(), library(), {"engine", nullptr, false}), ConformanceFormat::kJunit);
  const std::string xml = out.str();
  EXPECT_NE(xml.find("<testsuites tests=\"7\" failures=\"3\" errors=\"1\" skipped=\"2\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"rummikub\" tests=\"4\" failures=\"3\" errors=\"0\" skipped=\"0\">"), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"rummy500\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"2\">"), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"unreadable files\" tests=\"1\""), std::string::npos);
  EXPECT_NE(xml.find("[clauses: rummikub/arrange.valid, rummikub/set.run]"), std::string::npos);
}

TEST(ConformanceReport, HtmlShowsEveryLineAndEscapesTheEngine) {
  std::vector<EngineResult> results = sample();
  results[1].engine_said = "</li><script>alert(1)</script> & \xff";
  const json report = conformance_report(results, library(), {"engine <x>", nullptr, false});
  std::ostringstream out;
  write_conformance(out, report, ConformanceFormat::kHtml);
  const std::string html = out.str();
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("&lt;/li&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; \xEF\xBF\xBD"), std::string::npos);
  EXPECT_NE(html.find("engine &lt;x&gt;"), std::string::npos);
  for (const json& line : report["summary"]) EXPECT_NE(html.find(xml_text(line)), std::string::npos) << line;
  EXPECT_NE(html.find("broken.yaml:3:1: not a card"), std::string::npos);
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
    const json report = conformance_report({engine_result(replay_on(engine, sc, YamlNode{}))}, library(), {"x", nullptr, false});
    const json& rk = ruleset_of(report, "rummikub");
    std::vector<std::string> out;
    for (const json& c : rk["clauses"]) out.push_back(c["id"].get<std::string>() + " " + c["status"].get<std::string>());
    return out;
  };
  using Statuses = std::vector<std::string>;
  EXPECT_EQ(statuses("rummikub/set.run"), Statuses({"rummikub/set.size BLOCKED", "rummikub/set.run FAIL"}));
  EXPECT_EQ(statuses("rummikub/opening.points"),
            Statuses({"rummikub/set.size BLOCKED", "rummikub/set.run BLOCKED", "rummikub/opening.points FAIL"}));
  EXPECT_EQ(statuses("my-engine/no-such-clause"), Statuses({"rummikub/set.size FAIL", "rummikub/set.run FAIL"}));
  // A setup refused by a clause (the protocol's `new` error may name it): the same.
  EXPECT_EQ(statuses("rummikub/set.group", true),
            Statuses({"rummikub/set.size BLOCKED", "rummikub/set.group FAIL", "rummikub/set.run BLOCKED"}));
  EXPECT_EQ(statuses("", true), Statuses({"rummikub/set.size FAIL", "rummikub/set.run FAIL"}));
}

// meldcheck's own engine on the suite's Rummikub scenarios: everything passes, so does
// every clause, and the line says so.
TEST(ConformanceReport, MeldchecksOwnEnginePassesEveryClause) {
  std::vector<EngineResult> rows;
  for (const std::string& file : scenario_files(std::string(MELDCHECK_SCENARIOS_DIR) + "/rummikub"))
    for (const ScenarioResult& r : replay_file(file, library())) rows.push_back(engine_result(r));
  ASSERT_GT(rows.size(), 50u);
  const json report = conformance_report(rows, library(), {"meldcheck", nullptr, true});
  const json& rk = ruleset_of(report, "rummikub");
  int cited = 0;
  for (const json& c : rk["clauses"]) {
    EXPECT_EQ(c["status"], "PASS") << c["id"];
    ++cited;
  }
  EXPECT_EQ(rk["summary"], "rummikub: " + std::to_string(rows.size()) + "/" + std::to_string(rows.size()) + " scenarios, all " +
                               std::to_string(cited) + " clauses pass");
}

}  // namespace
}  // namespace meldcheck
