// A run's statistics.
#include <gtest/gtest.h>

#include "hunting/stats.h"

namespace meldcheck::hunt {
namespace {

TEST(Stats, HandLengthQuantilesAreExact) {
  Stats s;
  for (int len : {10, 20, 20, 30, 40, 50, 60, 70, 80, 1000}) ++s.hand_lengths[len];
  EXPECT_EQ(s.hand_length(0.5), 40);
  EXPECT_EQ(s.hand_length(0.9), 80);
  EXPECT_EQ(s.hand_length(1.0), 1000);
}

}  // namespace
}  // namespace meldcheck::hunt
