// `meldcheck check` against what the scenarios say: every scenario of scenarios/ passes
// `replay`, so the verdicts check gives (ignoring expectations) must be the ones they expect.
#include "disputes/check_report.h"

#include <gtest/gtest.h>

#include <fstream>

#include "harness/replay.h"
#include "files/scenario.h"

namespace meldcheck {
namespace {

using nlohmann::json;

const std::string kScenarios = MELDCHECK_SCENARIOS_DIR;

json checked(const std::string& file, CheckSettings settings = {}) {
  std::vector<json> entries = check_file(kScenarios + "/" + file, RulesetLibrary::embedded(), settings, NameFilter());
  return json(entries);
}

// (Whether the score lines of a finished hand add up to what the rules score is held to the
// reference model's score oracle in disputes/check_scores_test.cc.)
TEST(Refusal, AgreesWithEveryScenarioStep) {
  int steps = 0;
  for (const std::string& file : scenario_files(kScenarios)) {
    const std::vector<Scenario> scenarios = load_scenarios(file, RulesetLibrary::embedded());
    const std::vector<json> entries = check_file(file, RulesetLibrary::embedded(), {}, NameFilter());
    ASSERT_EQ(entries.size(), scenarios.size()) << file;
    for (size_t i = 0; i < scenarios.size(); ++i) {
      const json& sc = entries[i];
      ASSERT_FALSE(sc.contains("error")) << sc["error"];
      ASSERT_EQ(sc["steps"].size(), scenarios[i].steps.size()) << file;
      json previous = sc["start"];
      for (size_t k = 0; k < scenarios[i].steps.size(); ++k) {
        const Outcome& want = scenarios[i].steps[k].outcome;
        const json& step = sc["steps"][k];
        const std::string where = file + ": " + scenarios[i].name + ", step " + std::to_string(k + 1);
        EXPECT_EQ(step["legal"].get<bool>(), want.kind == Outcome::Kind::kOk) << where;
        if (!want.rule.empty()) {
          EXPECT_EQ(step["rule"]["id"], want.rule) << where;
        }
        if (!step["legal"].get<bool>()) {
          EXPECT_EQ(step["position"], previous) << where << ": a refusal moved something";
        }
        previous = step["position"];
        ++steps;
      }
    }
  }
  EXPECT_GT(steps, 1000);
}

TEST(Refusal, NamesTheOptionThatWouldAnswerOtherwise) {
  const json sc = checked("disputes/rummy500.yaml")[0];
  const json& meld = sc["steps"][1];  // meld: [KH, AH, 2H]
  ASSERT_FALSE(meld["legal"].get<bool>());
  EXPECT_EQ(meld["rule"]["id"], "rummy500/meld.ace");
  EXPECT_TRUE(meld["rule"].contains("resolution"));
  ASSERT_EQ(meld["readings"].size(), 1u);
  const json& reading = meld["readings"][0];
  EXPECT_EQ(reading["option"], "ace-runs");
  bool corner_legal = false;
  for (const json& a : reading["answers"])
    if (a["choice"] == "round-the-corner") corner_legal = a["verdict"] == "legal";
  EXPECT_TRUE(corner_legal);
  EXPECT_TRUE(sc["steps"][0]["readings"].empty());  // a draw no option changes
}

TEST(Refusal, ScoresLineByLineAtAHandsEnd) {
  int aces_high = 0;
  for (const std::string& file : scenario_files(kScenarios + "/rummy500"))
    for (const json& sc : check_file(file, RulesetLibrary::embedded(), {}, NameFilter()))
      for (const json& st : sc["steps"])
        if (st.contains("hand_end"))
          for (const json& p : st["hand_end"]["scores"])
            for (const json& l : p["lines"]) aces_high += l["why"].get<std::string>().starts_with("ace high");
  EXPECT_GT(aces_high, 0);
}

TEST(Refusal, AcrossHousesFoldsIdenticalRowsAndSaysWhyAHouseCannotPlay) {
  CheckSettings settings;
  settings.across = true;
  settings.houses = all_houses(RulesetLibrary::embedded());
  const json sc = checked("disputes/rummy500.yaml", settings)[0];
  const json& rows = sc["across"]["rows"];
  size_t houses = 0;
  bool rummikub_na = false, corner_legal_with_femhundra = false;
  for (const json& row : rows) {
    houses += row["houses"].size();
    for (const json& h : row["houses"]) {
      if (h.get<std::string>().starts_with("rummikub")) rummikub_na |= row["na"].is_string();
      if (h == "rummy500,ace-runs=round-the-corner")
        for (const json& other : row["houses"]) corner_legal_with_femhundra |= other == "femhundra-familj";
    }
  }
  EXPECT_EQ(houses, settings.houses.size());
  EXPECT_LT(rows.size(), houses);
  EXPECT_TRUE(rummikub_na);
  EXPECT_TRUE(corner_legal_with_femhundra);  // both accept K-A-2 and building round the corner
}

TEST(Refusal, SwedishVerdictsAndCardNames) {
  CheckSettings settings;
  settings.swedish = true;
  const json sc = checked("disputes/rummy500.yaml", settings)[0];
  EXPECT_EQ(sc["steps"][1]["verdict_text"], "otillåtet enligt rummy500/meld.ace");
  EXPECT_EQ(sc["steps"][0]["verdict_text"], "tillåtet");
  EXPECT_NE(sc["steps"][0]["changes"][0].get<std::string>().find("Sp 6"), std::string::npos) << sc["steps"][0]["changes"];
  // The positions keep the contract's tokens, for the renderers.
  const json& hand = sc["steps"][0]["position"]["players"][0]["hand"];
  EXPECT_NE(std::find(hand.begin(), hand.end(), "6S"), hand.end()) << hand;
}

// The family's own question: players and melds keep the names the file gives them.
const json& swap_dispute(const CheckSettings& settings = {}) {
  static json english, swedish;
  json& sc = settings.swedish ? swedish : english;
  if (sc.is_null())
    for (const json& entry : checked("disputes/femhundra-rummy.yaml", settings))
      if (entry["name"] == "May Bo swap the seven of hearts for the joker in Anna's run?") sc = entry;
  return sc;
}

TEST(Refusal, SpeaksOfPlayersAndMeldsByTheFilesNames) {
  const json& sc = swap_dispute();
  ASSERT_TRUE(sc.is_object());
  const json& swap = sc["steps"][1];
  EXPECT_EQ(swap["player"], "Bo");
  EXPECT_EQ(swap["words"], "Bo swaps 7H for the joker in stege");
  EXPECT_EQ(swap["position"]["table"][0]["id"], "stege");
  EXPECT_EQ(swap["position"]["table"][0]["owner"], "Anna");
  EXPECT_EQ(swap["position"]["players"][1]["name"], "Bo");
  EXPECT_EQ(swap["changes"], json({"Bo: +JK -7H", "stege: 5H 6H JK=7H 8H -> 5H 6H 7H 8H"}));
}

TEST(Refusal, ALegalStepNamesTheClausesThatAllowedIt) {
  const json& swap = swap_dispute()["steps"][1];
  ASSERT_TRUE(swap["legal"].get<bool>());
  bool swap_clause = false;
  for (const json& rule : swap["allowed_by"])
    swap_clause |= rule["id"] == "femhundra-rummy/joker.swap" && rule["source"] == "000, \"Jokern\"" &&
                   !rule["text"].get<std::string>().empty();
  EXPECT_TRUE(swap_clause) << swap["allowed_by"];
  // Every legal step of every scenario is allowed by some clause of its catalog, and a
  // refused one names only the clause it broke.
  int legal = 0;
  for (const std::string& file : scenario_files(kScenarios))
    for (const json& sc : check_file(file, RulesetLibrary::embedded(), {}, NameFilter()))
      for (const json& st : sc["steps"]) {
        if (!st["legal"].get<bool>()) {
          EXPECT_FALSE(st.contains("allowed_by")) << file;
          continue;
        }
        ++legal;
        EXPECT_FALSE(st["allowed_by"].empty()) << file << ": " << sc["name"] << ": " << st["text"];
      }
  EXPECT_GT(legal, 1000);
}

TEST(Refusal, SwedishThroughout) {
  CheckSettings settings;
  settings.swedish = true;
  const json& sc = swap_dispute(settings);
  ASSERT_TRUE(sc.is_object());
  EXPECT_EQ(sc["steps"][0]["words"], "Bo drar från talongen");
  EXPECT_EQ(sc["steps"][1]["words"], "Bo byter Hj 7 mot jokern i stege");
  const json& changes = sc["steps"][0]["changes"];
  EXPECT_NE(std::find(changes.begin(), changes.end(), "Bo i tur (spela)"), changes.end()) << changes;
  EXPECT_EQ(sc["steps"][0]["position"]["phase_text"], "spela");
  EXPECT_EQ(sc["steps"][0]["position"]["phase"], "play");  // the contract's word, for machines
  // The project's readings are Swedish too.
  const json& swedish = sc["steps"][1]["allowed_by"];
  const json& english = swap_dispute()["steps"][1]["allowed_by"];
  ASSERT_EQ(swedish.size(), english.size());
  int readings = 0;
  for (size_t i = 0; i < swedish.size(); ++i) {
    if (!swedish[i].contains("resolution")) continue;
    ++readings;
    EXPECT_NE(swedish[i]["resolution"], english[i]["resolution"]) << swedish[i]["id"];
    EXPECT_NE(swedish[i]["text"], english[i]["text"]) << swedish[i]["id"];
  }
  EXPECT_GT(readings, 0);
}

TEST(Refusal, AFileThatCannotBeReadSaysWhyInSwedish) {
  CheckSettings settings;
  settings.swedish = true;
  const std::string path = ::testing::TempDir() + "/unreadable.yaml";
  std::ofstream(path) << "name: t\nruleset: rummy500\nsetup:\n  players:\n    A: { hnad: [] }\n    B: { hand: [] }\n";
  const json report = check_report(check_file(path, RulesetLibrary::embedded(), settings, NameFilter()), settings);
  const std::string error = report["scenarios"][0]["error"];
  EXPECT_EQ(error.substr(0, path.size() + 7), path + ":5:10: ") << error;
  EXPECT_NE(error.find("okänd nyckel 'hnad'"), std::string::npos) << error;
}

}  // namespace
}  // namespace meldcheck
