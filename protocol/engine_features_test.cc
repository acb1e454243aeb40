// What an engine implements (hello's `implements`) and what a scenario needs of it.
#include "protocol/engine_features.h"

#include <gtest/gtest.h>

#include <sstream>

#include "files/spec_files.h"
#include "protocol/engine_replay.h"
#include "harness/json_schema_test.h"
#include "protocol/protocol.h"

namespace meldcheck {
namespace {

using nlohmann::json;

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

Scenario scenario(const std::string& text) { return parse_scenarios(text, "t.yaml", library()).at(0); }

json protocol_schema() {
  for (const EmbeddedFile& f : spec_files())
    if (f.name == "engine-protocol.schema.json") return json::parse(f.text);
  return nullptr;
}

// A third-party engine's hello: one ruleset, some steps, deals only, no scores.
const json kToyHello = json::parse(R"({"id": 1, "ok": true, "protocol": 1, "engine": {"name": "toy"},
  "rulesets": [{"id": "rummikub", "variants": [], "options": {}, "implements": {"steps": ["draw", "arrange", "pass"]}}],
  "implements": {"starts": ["deal"], "scores": false, "totals": false, "rule_ids": false},
  "requests": ["hello", "new", "apply", "state", "quit"]})");

TEST(EngineFeatures, HelloFollowsItsSchema) {
  const json schema = protocol_schema();
  ASSERT_FALSE(schema.is_null()) << "spec/engine-protocol.schema.json is not embedded";
  std::istringstream in(R"({"id": 1, "cmd": "hello", "protocol": 1})" "\n");
  std::ostringstream out;
  serve(in, out, library());
  for (const json& hello : {json::parse(out.str()), kToyHello}) {
    std::vector<std::string> errors;
    validate_json(hello, schema["$defs"]["hello"], "hello", errors, &schema);
    for (const std::string& e : errors) ADD_FAILURE() << e;
    EXPECT_EQ(hello_problem(hello), "");
  }
}

TEST(EngineFeatures, ReadFromTheTopAndTheRuleset) {
  const EngineFeatures f = engine_features(kToyHello, "rummikub");
  EXPECT_TRUE(f.steps.has(ActionKind::kArrange));
  EXPECT_FALSE(f.steps.has(ActionKind::kTimeout));
  EXPECT_TRUE(f.deal_start);
  EXPECT_FALSE(f.setup_start);
  EXPECT_FALSE(f.scores);
  EXPECT_FALSE(f.rule_ids);
  // Saying nothing implements everything.
  const EngineFeatures all = engine_features(json{{"ok", true}, {"protocol", 1}}, "rummikub");
  EXPECT_TRUE(all.steps == ActionKinds::all() && all.setup_start && all.scores && all.totals && all.rule_ids);
}

TEST(EngineFeatures, AMalformedHelloIsSaidSo) {
  json bad = kToyHello;
  bad["implements"]["starts"] = "deal";
  EXPECT_EQ(hello_problem(bad), "implements.starts is not a list of deal, setup");
  bad = kToyHello;
  bad["rulesets"][0]["implements"]["steps"] = {"draw", "fly"};
  EXPECT_EQ(hello_problem(bad), "rulesets[rummikub].implements.steps: \"fly\" is not a step kind (draw, take, meld, ...)");
  bad = kToyHello;
  bad["implements"]["scores"] = "no";
  EXPECT_EQ(hello_problem(bad), "implements.scores is not true or false");
  EXPECT_EQ(hello_problem(json::array()), "hello's answer is not an object");
}

const std::string kRummikubSetup = R"(ruleset: rummikub
setup:
  players:
    A: { hand: [R1, R2, R3, K13] }
    B: { hand: [B5] }
  stock: [O1, O2, O3, O4]
  rest: out
)";

// A hello whose `ok` or `protocol` is of another type, or a version no int holds, comes from
// an engine that does not speak the protocol: said so, never read as a number it is not
// (engine_reply_fuzz: 1.88889e+70 converted to int). The toy's hello is greeted.
TEST(EngineSession, AHelloOfAnotherVersionOrTypeIsRefused) {
  auto greet = [](const std::string& hello, std::string& why) {
    EngineReplayOptions options;
    options.recorded = hello + "\n";
    EngineSession session(options);
    return session.engine(why) != nullptr;
  };
  std::string why;
  EXPECT_TRUE(greet(kToyHello.dump(), why)) << why;
  for (const char* hello : {R"({"id": 1, "ok": true, "protocol": 1.88889e70})", R"({"id": 1, "ok": true, "protocol": 1.0})",
                            R"({"id": 1, "ok": true, "protocol": "1"})", R"({"id": 1, "ok": "yes", "protocol": 1})",
                            R"({"id": 1, "ok": true, "protocol": 2})", R"({"id": 1, "ok": true})"}) {
    EXPECT_FALSE(greet(hello, why)) << hello;
    EXPECT_NE(why.find("does not speak protocol 1"), std::string::npos) << hello << ": " << why;
  }
}

TEST(EngineFeatures, AScenarioNeedingWhatTheEngineLacksIsNotApplicable) {
  auto why = [](const std::string& text, bool own = false) { return not_applicable(kToyHello, scenario(text), library(), own); };
  EXPECT_EQ(why("ruleset: rummikub\ndeal: { players: 2, seed: 3 }\nsteps:\n  - draw: stock\n"), "");
  EXPECT_EQ(why(kRummikubSetup), "it starts from a setup, and the engine starts only from a deal");
  EXPECT_EQ(why("ruleset: rummikub\ndeal: { players: 2 }\nsteps:\n  - timeout\n  - draw: stock\n"),
            "it has steps the engine does not play (timeout)");
  EXPECT_EQ(why("ruleset: rummikub\ndeal: { players: 2 }\nexpect: { totals: { A: 0 } }\n"),
            "it expects the match's totals or end, and the engine reports none");
  EXPECT_EQ(why("ruleset: rummy500\ndeal: { players: 2 }\n"), "the engine does not play rummy500");
  // meldcheck's own rules: cited, or refusing a step on meldcheck's engine.
  json everything = {{"ok", true}, {"protocol", 1}, {"rulesets", {{{"id", "rummikub"}}}}};
  const Scenario bare_joker = scenario(R"(ruleset: rummikub
setup:
  players:
    A: { hand: [R3, R4, JK], opened: true }
    B: { hand: [B5] }
steps:
  - arrange: [[R3, R4, JK]]
    expect: reject
)");
  EXPECT_EQ(not_applicable(everything, bare_joker, library(), false),
            "it pins meldcheck's own rule (rummikub/notation.standin), held against another engine only with --own-rules");
  EXPECT_EQ(not_applicable(everything, bare_joker, library(), true), "");
}

TEST(EngineFeatures, AnOptionNotListedIsPlayedAtItsDefault) {
  const json hello = {{"ok", true}, {"protocol", 1}, {"rulesets", {{{"id", "rummy500"}, {"variants", json::array()}}}}};
  EXPECT_EQ(not_applicable(hello, scenario("ruleset: rummy500\noptions: { ace-runs: low-or-high }\ndeal: { players: 2 }\n"), library(), false), "");
  EXPECT_EQ(not_applicable(hello, scenario("ruleset: rummy500\noptions: { ace-runs: round-the-corner }\ndeal: { players: 2 }\n"), library(), false),
            "the engine does not play option ace-runs=round-the-corner");
}

}  // namespace
}  // namespace meldcheck
