// explore: its start judged first.
#include <gtest/gtest.h>

#include "harness/config.h"
#include "hunting/explore.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// explore judges its start first: a dealt start that is not the deal it names is its
// finding, before any step (the search used to drop what the judge said of the start).
TEST(Explore, AFindingAtTheStartIsReported) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 3);
  ExploreStart start;
  start.name = "a start";
  start.config = space.game(1, 0).config;
  start.state = new_match(start.config->rules, 3, 11, 2);
  start.deal = DealInfo{12, 2};  // the state is seed 11's deal, not seed 12's
  ExploreLimits limits;
  limits.depth = 1;
  const std::atomic<bool> stop{false};
  const ExploreResult r = explore(start, limits, stop);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->finding.check, hunt::CheckId::kDeal);
  start.deal = DealInfo{11, 2};
  EXPECT_FALSE(explore(start, limits, stop).failure);
}

}  // namespace
}  // namespace meldcheck::hunt
