// The Rummikub solver: the text's combination examples use every rack tile, openings reach
// their points, and on small positions it agrees with the exhaustive oracle.
#include "engine/solver.h"

#include <gtest/gtest.h>

#include "engine/rng.h"
#include "oracles/rummikub_oracle.h"

namespace meldcheck {
namespace {

Face tile(const char* s) { return *parse_face(s, Notation::kTiles); }

TileCounts position(std::initializer_list<const char*> table, std::initializer_list<const char*> rack) {
  TileCounts tc;
  for (const char* t : table) {
    if (std::string(t) == "JK") ++tc.table_jokers;
    else ++tc.table[tile(t).suit()][tile(t).rank()];
  }
  for (const char* t : rack) {
    if (std::string(t) == "JK") ++tc.rack_jokers;
    else ++tc.rack[tile(t).suit()][tile(t).rank()];
  }
  return tc;
}

// The solver's sets are valid by the oracle, and hold the table's tiles and the rack's it claims.
void expect_sound(const TileCounts& tc, const Placement& p) {
  std::array<int, kFaces + 1> count{};
  for (int g = 0; g < p.sets.groups(); ++g) {
    oracle::Tiles set;
    for (const Token& t : p.sets.group(g)) set.push_back(t.face), ++count[t.face.code()];
    EXPECT_TRUE(oracle::valid_rummikub_set(set));
  }
  int from_rack = 0;
  for (int c = 0; c < kSuits; ++c)
    for (int n = 1; n <= kRanks; ++n) {
      const int extra = count[Face::natural(c, n).code()] - tc.table[c][n];
      EXPECT_GE(extra, 0);
      EXPECT_LE(extra, tc.rack[c][n]);
      from_rack += extra;
    }
  from_rack += count[kFaces] - tc.table_jokers;
  EXPECT_EQ(from_rack, p.rack_tiles);
}

struct Example {
  const char* name;
  std::initializer_list<const char*> table, rack;
};

TEST(Solver, TheTextsSixCombinationsUseEveryRackTile) {
  const Example examples[] = {
      {"1 add to sets", {"B4", "B5", "B6", "O8", "R8", "K8"}, {"B3", "B8"}},
      {"2 take from a group of four", {"B4", "R4", "K4", "O4"}, {"B3", "B5", "B6"}},
      {"3 add a fourth and take one", {"B8", "B9", "B10"}, {"B11", "K8", "O8"}},
      {"4 split a run", {"R4", "R5", "R6", "R7", "R8"}, {"R6"}},
      {"5 combined split", {"O1", "O2", "O3", "O4", "B1", "K1", "R1", "O1"}, {"B1"}},
      {"6 multiple split", {"O5", "O6", "O7", "R5", "R6", "R7", "K5", "K6", "K7", "K8", "K9"}, {"K10", "B5"}},
  };
  for (const Example& e : examples) {
    const TileCounts tc = position(e.table, e.rack);
    const Placement p = solve_tiles(tc, SolverGoal::kMostTiles, 0);
    ASSERT_TRUE(p.found) << e.name;
    EXPECT_EQ(p.rack_tiles, int(e.rack.size())) << e.name;
    expect_sound(tc, p);
  }
}

TEST(Solver, ATableJokerMustStayOnTheTable) {
  // R3 B3 JK with K3 and O3 in the rack: the joker cannot be freed without a new set for it.
  const TileCounts tc = position({"R3", "B3", "JK"}, {"K3", "O3"});
  const Placement p = solve_tiles(tc, SolverGoal::kMostTiles, 0);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.rack_tiles, 1);
  expect_sound(tc, p);
}

TEST(Solver, ATableJokerKeptAsAThirdCopyStillFillsEachGroupOnce) {
  // B13 O13 JK with R13 R13 B13 in the rack: the quick answer keeps the joker as R13 (the
  // colour its group lacks), three red 13s then, but two groups take red twice at most.
  const TileCounts tc = position({"B13", "O13", "JK"}, {"R13", "R13", "B13"});
  TableJokers jokers;
  jokers.standins[0] = tile("R13");
  jokers.count = 1;
  const Placement p = solve_tiles(tc, SolverGoal::kMostTiles, 0, &jokers);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.rack_tiles, 3);  // R13 B13 O13 and R13 B13 JK
  expect_sound(tc, p);
}

TEST(Solver, OpeningsReachTheirPointsFromTheRackAlone) {
  const Placement p = solve_tiles(position({}, {"R10", "R11", "R12", "B1"}), SolverGoal::kMostTiles, 30);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.rack_tiles, 3);
  EXPECT_GE(p.points, 30);
  EXPECT_FALSE(solve_tiles(position({}, {"R2", "R3", "R4", "B1"}), SolverGoal::kMostTiles, 30).found);
  const Placement joker = solve_tiles(position({}, {"R9", "R10", "JK"}), SolverGoal::kMostTiles, 30);
  ASSERT_TRUE(joker.found);  // R9 R10 JK=R11: 30 points, the joker counting its tile
  EXPECT_EQ(joker.points, 30);
}

TEST(Solver, TheValueGoalCountsNumbersAndThirtyForAJoker) {
  const TileCounts tc = position({"B9", "O9", "K9"}, {"R9", "R10", "R11", "JK", "O2"});
  const Placement by_value = solve_tiles(tc, SolverGoal::kMostValue, 0);
  ASSERT_TRUE(by_value.found);
  EXPECT_EQ(by_value.rack_tiles, 4);  // R9 R10 R11 and the joker; O2 fits nowhere
  EXPECT_EQ(by_value.rack_value, 9 + 10 + 11 + 30);
  expect_sound(tc, by_value);
}

// Small random positions: tables of a few valid sets (jokers sometimes), racks of 1-4.
// The positions must hold both answers and jokers on both sides, or the agreement says little.
TEST(Solver, AgreesWithTheExhaustiveOracleOnSmallPositions) {
  int placed = 0, nothing = 0, table_jokers = 0, rack_jokers = 0;
  for (uint64_t seed = 1; seed <= 250; ++seed) {
    SplitMix64 rng{seed};
    std::array<std::array<int, kRanks + 1>, kSuits> avail{};
    for (auto& a : avail) a.fill(2);
    int jokers = 2;
    TileCounts tc;
    oracle::Tiles table, rack;
    const int target = 3 + int(rng.next() % 7);
    for (int tries = 0; tries < 200 && int(table.size()) < target; ++tries) {
      const bool j = jokers > 0 && rng.next() % 4 == 0;
      const int c = int(rng.next() % kSuits), start = 1 + int(rng.next() % 11);
      const int gap = j ? start + int(rng.next() % 3) : -1;
      bool ok = int(table.size()) + 3 <= 10;
      for (int n = start; n < start + 3 && ok; ++n) ok = n == gap || avail[c][n] > 0;
      if (!ok) continue;
      for (int n = start; n < start + 3; ++n)
        if (n != gap) --avail[c][n], ++tc.table[c][n], table.push_back(Face::natural(c, n));
      if (gap > 0) --jokers, ++tc.table_jokers, table.push_back(Face::joker());
    }
    const int rack_size = 1 + int(rng.next() % 4);
    for (int i = 0; i < rack_size; ++i) {
      if (jokers > 0 && rng.next() % 6 == 0) {
        --jokers, ++tc.rack_jokers, rack.push_back(Face::joker());
        continue;
      }
      const int c = int(rng.next() % kSuits), n = 1 + int(rng.next() % kRanks);
      if (avail[c][n] == 0) continue;
      --avail[c][n], ++tc.rack[c][n], rack.push_back(Face::natural(c, n));
    }
    const Placement p = solve_tiles(tc, SolverGoal::kMostTiles, 0);
    const int best = oracle::best_rack_placement(table, rack);
    EXPECT_EQ(p.found ? p.rack_tiles : 0, best) << "seed " << seed;
    if (p.found) expect_sound(tc, p);
    (best > 0 ? placed : nothing) += 1;
    table_jokers += tc.table_jokers > 0, rack_jokers += tc.rack_jokers > 0;
  }
  EXPECT_GE(placed, 50);
  EXPECT_GE(nothing, 50);
  EXPECT_GE(table_jokers, 25);
  EXPECT_GE(rack_jokers, 25);
}

}  // namespace
}  // namespace meldcheck
