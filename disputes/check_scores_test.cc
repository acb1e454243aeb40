// `meldcheck check`'s score lines held to the reference model's score oracle.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "disputes/check_report.h"
#include "files/scenario.h"
#include "harness/config.h"
#include "harness/replay.h"
#include "hunting/checks.h"
#include "hunting/oracle_views.h"
#include "hunting/scenario_case.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// `meldcheck check`'s score lines at every hand's end of scenarios/ add up, player by
// player, to the scores the reference model's score oracle gives from its own books.
TEST(CheckScores, LinesAddUpToTheScoreOracle) {
  int hand_ends = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    const std::vector<Scenario> scenarios = load_scenarios(entry.path().string(), library());
    const std::vector<nlohmann::json> checked = check_file(entry.path().string(), library(), {}, NameFilter());
    ASSERT_EQ(checked.size(), scenarios.size()) << entry.path();
    for (size_t k = 0; k < scenarios.size(); ++k) {
      const Scenario& sc = scenarios[k];
      Checker checker(scenario_config(sc, library()), CheckLevel::kAll);
      GameState s = sc.start;
      if (checker.hand_starts(s, nullptr)) continue;  // AgreesWithEveryScenarioStep says why
      for (size_t i = 0; i < sc.steps.size() && !sc.steps[i].next_hand_setup; ++i) {
        const GameState before = s;
        Action a = sc.steps[i].action;
        if (a.player == kNoPlayer) a.player = s.to_move;
        const Refusal verdict = apply(s, sc.rules, a);
        if (checker.against_catalog(before, a, verdict, s)) break;
        const nlohmann::json& step = checked[k]["steps"][i];
        if (!step.contains("hand_end")) continue;
        ++hand_ends;
        const std::vector<int>& want = checker.model()->round_scores;
        for (size_t p = 0; p < step["hand_end"]["scores"].size(); ++p) {
          int sum = 0;
          for (const nlohmann::json& line : step["hand_end"]["scores"][p]["lines"]) sum += line["points"].get<int>();
          EXPECT_EQ(sum, want[p]) << sc.file << ": " << sc.name << ", step " << i + 1 << ", player " << player_name(int(p));
        }
      }
    }
  }
  EXPECT_GT(hand_ends, 100);
}

}  // namespace
}  // namespace meldcheck::hunt
