#include "board/board_api.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "files/yaml_doc.h"
#include "hunt/check_report.h"
#include "hunt/house.h"
#include "hunt/run_options.h"

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

// The board's answer is the command's: the same report as check_file on the same text.
TEST(BoardApi, CheckIsTheCommandsReport) {
  const std::string file = std::string(MELDCHECK_SCENARIOS_DIR) + "/disputes/rummy500.yaml";
  const std::string text = read_text_file(file, YamlLimits{}.max_bytes);
  for (bool swedish : {false, true}) {
    const std::string path = temp_path("board_api_test.yaml");
    const json board = check_json(text, path, swedish, true, library());
    CheckSettings settings{swedish, true, all_houses(library())};
    EXPECT_EQ(board, check_report(check_file(path, library(), settings, NameFilter()), settings));
    EXPECT_EQ(board["scenarios"][0]["steps"][1]["rule"]["id"], "rummy500/meld.ace");
  }
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
