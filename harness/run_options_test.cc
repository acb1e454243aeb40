// --filter patterns, parallel runs in order, and when to colour.
#include "harness/run_options.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <stdexcept>

namespace meldcheck {
namespace {

TEST(Glob, StarsAndQuestionMarks) {
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("rummy500*", "rummy500/take.any-depth"));
  EXPECT_TRUE(glob_match("*any*", "scenarios/rummy500/take-any.yaml"));
  EXPECT_TRUE(glob_match("a?c", "abc"));
  EXPECT_FALSE(glob_match("a?c", "ac"));
  EXPECT_TRUE(glob_match("*a*b*c", "xxaxxbxxbxc"));
  EXPECT_FALSE(glob_match("*a*b*c", "xxaxxbxxbxcd"));
  EXPECT_FALSE(glob_match("rummy", "rummy500"));
}

TEST(NameFilter, PositiveThenNegativeOnNameOrPath) {
  const NameFilter all;
  EXPECT_TRUE(all.accepts({"x", "a.yaml"}));
  const NameFilter f("*joker*:*corner*:-*wrap*:*/liverpool/*");
  EXPECT_TRUE(f.accepts({"a joker swap", "scenarios/rummy500/swap.yaml"}));
  EXPECT_TRUE(f.accepts({"deal", "scenarios/femhundra-rummy/corner.yaml"}));  // by its path
  EXPECT_FALSE(f.accepts({"joker wrap", "scenarios/rummy500/swap.yaml"}));    // a negative by name
  EXPECT_FALSE(f.accepts({"a joker", "scenarios/liverpool/x.yaml"}));         // ...or by path
  EXPECT_FALSE(f.accepts({"deal", "scenarios/rummy500/deal.yaml"}));
  EXPECT_TRUE(f.excludes("scenarios/liverpool/x.yaml"));
  EXPECT_FALSE(f.excludes("scenarios/rummy500/x.yaml"));
  // Only negatives: everything else.
  EXPECT_TRUE(NameFilter("-*slow*").accepts({"fast", "f.yaml"}));
  EXPECT_FALSE(NameFilter("-*slow*").accepts({"slow one", "f.yaml"}));
  // A dash inside a pattern is part of the name.
  EXPECT_TRUE(NameFilter("*/femhundra-rummy/*").accepts({"x", "scenarios/femhundra-rummy/deal.yaml"}));
  EXPECT_FALSE(NameFilter("*/femhundra-rummy/*").accepts({"x", "scenarios/femhundra-familj/deal.yaml"}));
}

TEST(ParallelMap, ResultsInIndexOrderForAnyJobs) {
  for (int jobs : {0, 1, 2, 7}) {
    std::vector<size_t> out = parallel_map(50, jobs, [](size_t i) { return i * i; });
    ASSERT_EQ(out.size(), 50u);
    for (size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], i * i);
  }
  EXPECT_TRUE(parallel_map(0, 4, [](size_t i) { return i; }).empty());
  EXPECT_THROW(parallel_map(10, 3,
                            [](size_t i) {
                              if (i == 4) throw std::runtime_error("four");
                              return i;
                            }),
               std::runtime_error);
}

TEST(Colour, NotForAPipeNorWithNoColor) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  EXPECT_FALSE(colour_wanted(fds[1]));
  close(fds[0]);
  close(fds[1]);
  EXPECT_EQ(coloured("PASS", Colour::kGreen), "\033[32mPASS\033[0m");
}

}  // namespace
}  // namespace meldcheck
