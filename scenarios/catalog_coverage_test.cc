// Every clause of every ruleset's catalog is cited by at least one scenario in
// scenarios/<ruleset>/, so no rule goes unpinned.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "harness/replay.h"
#include "files/scenario.h"

namespace meldcheck {
namespace {

std::set<std::string> cited_in(const std::string& dir) {
  std::set<std::string> cited;
  if (!std::filesystem::is_directory(dir)) return cited;
  for (const std::string& file : scenario_files(dir))
    for (const Scenario& sc : load_scenarios(file, RulesetLibrary::embedded()))
      cited.insert(sc.cites.begin(), sc.cites.end());
  return cited;
}

TEST(CatalogCoverage, EveryClauseIsCitedByAScenario) {
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    const std::set<std::string> cited = cited_in(std::string(MELDCHECK_SCENARIOS_DIR) + "/" + spec->id());
    for (const Clause& c : spec->base().catalog)
      EXPECT_TRUE(cited.count(c.id)) << c.id << " is cited by no scenario in scenarios/" << spec->id() << "/";
  }
}

TEST(CatalogCoverage, EachRulesetHasAtLeastFortyScenarios) {
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    size_t n = 0;
    const std::string dir = std::string(MELDCHECK_SCENARIOS_DIR) + "/" + spec->id();
    if (std::filesystem::is_directory(dir))
      for (const std::string& file : scenario_files(dir)) n += load_scenarios(file, RulesetLibrary::embedded()).size();
    EXPECT_GE(n, 40u) << spec->id();
  }
}

}  // namespace
}  // namespace meldcheck
