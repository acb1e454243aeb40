// Runs: the number of jobs changes nothing, shards merge into the whole run.
#include <gtest/gtest.h>

#include "hunting/run_test_support.h"

namespace meldcheck::hunt {
namespace {

TEST(Run, TheJobsChangeNothingButTheTime) {
  const ConfigSpace space(library(), {"rummy500", "femhundra-rummy", "femhundra-familj", "liverpool"}, std::nullopt, {}, 0);
  RunSettings one = small_run(5, 60), three = one;
  three.jobs = 3;
  const Report a = run_report(space, one), b = run_report(space, three);
  EXPECT_GT(a.stats.actions, 0);
  EXPECT_EQ(without_timing(to_json(a, library())), without_timing(to_json(b, library())));
}

TEST(Run, ShardsMergeIntoTheWholeRun) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  RunSettings whole = small_run(11, 25);
  whole.jobs = 2;
  std::vector<Report> parts;
  for (int k = 1; k <= 3; ++k) {
    RunSettings part = whole;
    part.shard = k;
    part.shards = 3;
    // Each part goes through its JSON, as shards run on other machines do.
    parts.push_back(report_from_json(to_json(run_report(space, part), library()), "shard"));
  }
  const Report merged = merge(parts);
  EXPECT_EQ(merged.stats.games, 25);
  EXPECT_EQ(without_timing(to_json(merged, library())), without_timing(to_json(run_report(space, whole), library())));
}

TEST(Run, MergingRefusesWhatIsNotOneRun) {
  Report a, b;
  a.shards = b.shards = 2;
  a.shard = 1;
  b.shard = 1;
  EXPECT_THROW(merge({a, b}), std::invalid_argument);  // shard 1 twice
  b.shard = 2;
  b.seed = 99;
  EXPECT_THROW(merge({a, b}), std::invalid_argument);  // another run
  b.seed = a.seed;
  EXPECT_THROW(merge({a}), std::invalid_argument);  // shard 2 missing
  EXPECT_NO_THROW(merge({a, b}));
}

}  // namespace
}  // namespace meldcheck::hunt
