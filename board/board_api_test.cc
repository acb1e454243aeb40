#include "board/board_api.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "files/yaml_doc.h"
#include "disputes/check_report.h"
#include "harness/house.h"
#include "harness/run_options.h"

namespace meldcheck::board {
namespace {

using nlohmann::json;

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

std::string temp_path(const char* name) { return (std::filesystem::temp_directory_path() / name).string(); }

TEST(BoardApi, RulesetsCarryDecksPlayersAndSwedishTexts) {
  const json all = rulesets_json(library());
  ASSERT_EQ(all.size(), library().all().size());
  for (const json& r : all) {
    SCOPED_TRACE(r["id"].get<std::string>());
    EXPECT_EQ(r["faces"].size(), r["faces_sv"].size());
    EXPECT_GE(r["players"]["max"].get<int>(), r["players"]["min"].get<int>());
    EXPECT_FALSE(r["decks"].empty());
    EXPECT_EQ(r["setup"]["phases"][0], "draw");
    if (r["id"] == "femhundra-rummy") {
      EXPECT_EQ(r["notation"], "cards");
      EXPECT_EQ(r["faces"][0], "AS");
      EXPECT_EQ(r["faces"].back(), "JK");
      EXPECT_EQ(r["faces_sv"][13 + 6], "Hj 7");  // the seven of hearts
      EXPECT_TRUE(r["setup"]["first_lap"].get<bool>());
    }
    if (r["id"] == "rummikub") {
      EXPECT_EQ(r["notation"], "tiles");
      EXPECT_EQ(r["faces"][0], "R1");
      EXPECT_FALSE(r["setup"]["pile"].get<bool>());
    }
    if (r["id"] == "rummy500") {
      const json& ace = *std::find_if(r["options"].begin(), r["options"].end(), [](const json& o) { return o["id"] == "ace-runs"; });
      EXPECT_EQ(ace["default"], "low-or-high");
      EXPECT_FALSE(ace["text_sv"].get<std::string>().empty());
    }
  }
}

// The board answers each step of the disputes as their scenarios say it must be answered
// (written from the rule texts): legal or refused, and by which rule, in English and in
// Swedish, every dispute file.
TEST(BoardApi, CheckAnswersTheDisputesAsTheirScenariosSay) {
  int steps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(MELDCHECK_SCENARIOS_DIR) + "/disputes")) {
    const std::string file = entry.path().string();
    const std::string text = read_text_file(file, YamlLimits{}.max_bytes);
    const std::vector<Scenario> written = parse_scenarios(text, file, library());
    for (bool swedish : {false, true}) {
      const json board = check_json(text, temp_path("board_api_test.yaml"), swedish, true, library());
      ASSERT_EQ(board["scenarios"].size(), written.size()) << file;
      for (size_t k = 0; k < written.size(); ++k) {
        const json& answered = board["scenarios"][k]["steps"];
        ASSERT_EQ(answered.size(), written[k].steps.size()) << file << ": " << written[k].name;
        for (size_t i = 0; i < written[k].steps.size(); ++i, ++steps) {
          const Outcome& want = written[k].steps[i].outcome;
          const json& got = answered[i];
          EXPECT_EQ(got["verdict"], want.kind == Outcome::Kind::kOk ? "legal" : "refused") << file << ": " << written[k].name << ", step " << i + 1;
          if (!want.rule.empty()) EXPECT_EQ(got["rule"]["id"], want.rule) << file << ": " << written[k].name << ", step " << i + 1;
        }
      }
    }
  }
  EXPECT_GT(steps, 20);
}

TEST(BoardApi, BadInputIsAnErrorEntryWithItsPlace) {
  const json bad_yaml = check_json("name: x\nsetup: [\n", temp_path("board_api_bad.yaml"), false, false, library());
  ASSERT_EQ(bad_yaml["scenarios"].size(), 1u);
  EXPECT_NE(bad_yaml["scenarios"][0]["error"].get<std::string>().find("board_api_bad.yaml:"), std::string::npos);
  const json unknown = check_json("name: x\nruleset: nope\nsetup: {}\n", temp_path("board_api_bad.yaml"), true, true, library());
  EXPECT_NE(unknown["scenarios"][0]["error"].get<std::string>().find("okänt regelverk 'nope'"), std::string::npos);  // lang sv
  EXPECT_EQ(check_json("x", "/no/such/folder/board.yaml", false, false, library())["scenarios"][0].count("error"), 1u);
}

TEST(BoardApi, YamlAsJson) {
  EXPECT_EQ(yaml_json("a: [7H, {to: m1}]\nb:\n", "f.yaml").dump(), R"({"document":{"a":["7H",{"to":"m1"}],"b":null},"documents":1})");
  // Maps keep the document's order: the order of players is their seating.
  EXPECT_EQ(yaml_json("players: {Bo: 1, Anna: 2}\n", "f.yaml")["document"]["players"].dump(), R"({"Bo":"1","Anna":"2"})");
  EXPECT_EQ(yaml_json("a: [7H\n", "f.yaml")["error"].get<std::string>().rfind("f.yaml:", 0), 0u);
  EXPECT_TRUE(yaml_json("", "f.yaml").contains("error"));
}

}  // namespace
}  // namespace meldcheck::board
