// The oracles on cases worked by hand from the texts, and the meld perft against the
// published count of minimal Rummikub sets.
#include <gtest/gtest.h>

#include "oracles/meld_oracle.h"
#include "oracles/rummikub_oracle.h"
#include "oracles/score_oracle.h"

namespace meldcheck::oracle {
namespace {

Faces cards(std::initializer_list<const char*> written, Notation n = Notation::kCards) {
  Faces out;
  for (const char* w : written) out.push_back(*parse_face(w, n));
  return out;
}

TEST(MeldOracle, RoundTheCornerOnlyWhereTheTextAllowsIt) {
  const Faces kak = cards({"KS", "AS", "2S"});
  EXPECT_FALSE(is_meld(meld_definition("rummy500", {}, {}), kak, 0, false));
  EXPECT_TRUE(is_meld(meld_definition("rummy500", {}, {{"ace-runs", "round-the-corner"}}), kak, 0, false));
  const MeldDefinition fem = meld_definition("femhundra-rummy", {}, {});
  EXPECT_FALSE(is_meld(fem, kak, 0, false));
  EXPECT_TRUE(is_meld(fem, kak, 0, true));
  EXPECT_FALSE(is_meld(meld_definition("femhundra-rummy", {"no-corner"}, {}), kak, 0, true));
  EXPECT_TRUE(is_meld(meld_definition("femhundra-familj", {}, {}), kak, 0, false));
  EXPECT_TRUE(is_meld(fem, cards({"QS", "KS", "AS"}), 0, false));
  EXPECT_TRUE(is_meld(fem, cards({"AS", "2S", "3S"}), 0, false));
}

TEST(MeldOracle, JokersStandForAnyCardButMeldsNeedANaturalOne) {
  const MeldDefinition lv = meld_definition("liverpool", {}, {});
  EXPECT_TRUE(can_meld(lv, cards({"8H"}), 2, false));
  EXPECT_FALSE(can_meld(lv, {}, 3, false));
  EXPECT_TRUE(can_meld(lv, cards({"3H", "4H", "5H", "8H"}), 2, false));  // JK JK as 6H 7H
  EXPECT_FALSE(can_meld(lv, cards({"3H", "4H", "5H", "9H"}), 2, false));
  const MeldDefinition r5 = meld_definition("rummy500", {}, {});
  EXPECT_FALSE(can_meld(r5, cards({"7S", "7H", "7D", "7C"}), 1, false));  // a set of five
  EXPECT_TRUE(is_meld(meld_definition("femhundra-familj", {}, {}), cards({"7S", "7S", "7H"}), 0, false));
}

// Five jokers among thirteen tiles: the oracle answers both ways (spec_fuzz hung on a
// Rummikub set like these when each joker was tried on every tile alone).
TEST(RummikubOracle, ThirteenTilesWithFiveJokers) {
  const Faces run = cards({"B1", "B2", "B4", "B6", "B7", "B9", "B11", "B13"}, Notation::kTiles);
  Tiles set = run;
  for (int j = 0; j < 5; ++j) set.push_back(Face::joker());
  EXPECT_TRUE(valid_rummikub_set(set));  // the jokers as B3 B5 B8 B10 B12
  set[7] = cards({"R13"}, Notation::kTiles)[0];
  EXPECT_FALSE(valid_rummikub_set(set));
}

TEST(RummikubOracle, TablesAndBestPlacements) {
  const Faces t = cards({"B4", "B5", "B6", "O8", "R8", "K8"}, Notation::kTiles);
  EXPECT_TRUE(can_partition(t));
  EXPECT_EQ(best_rack_placement(t, cards({"B3", "B8"}, Notation::kTiles)), 2);
  EXPECT_FALSE(valid_rummikub_set(cards({"R12", "R13", "R1"}, Notation::kTiles)));
  EXPECT_EQ(best_rack_placement(cards({"R3", "B3", "JK"}, Notation::kTiles), cards({"K3", "O3"}, Notation::kTiles)), 1);
}

// The position of a pass the catalog once allowed: B12 joins B11 and B13 once the joker of
// the 13s goes to the black run and O11 to the orange one.
TEST(RummikubOracle, ExactOnLargeTablesToo) {
  const Faces table = cards({"B13", "K13", "JK", "R11", "R12", "JK", "O6", "O7", "O8", "O9", "O10", "B11", "O11", "K11"},
                            Notation::kTiles);
  EXPECT_TRUE(can_place_some(table, cards({"B12"}, Notation::kTiles)));
  EXPECT_FALSE(can_place_some(table, cards({"R5"}, Notation::kTiles)));
  // Two tiles that go down only together: B5 and O5 with R5 of the run R5-R10.
  const Faces run = cards({"R5", "R6", "R7", "R8", "R9", "R10"}, Notation::kTiles);
  EXPECT_TRUE(can_place_some(run, cards({"B5", "O5"}, Notation::kTiles)));
  EXPECT_FALSE(can_place_some(run, cards({"B5"}, Notation::kTiles)));
  EXPECT_FALSE(can_place_some(run, {}));
  // The opening's points: sets of the rack alone, a joker the number it stands for.
  EXPECT_EQ(best_opening_points(cards({"R3", "R4", "R5", "B6", "O6", "K6", "K1"}, Notation::kTiles)), 30);
  EXPECT_EQ(best_opening_points(cards({"R12", "R13", "JK"}, Notation::kTiles)), 36);
  EXPECT_EQ(best_opening_points(cards({"R1", "R2", "B9"}, Notation::kTiles)), 0);
}

// Against the exhaustive searches on small positions: tables of a few random sets, racks
// of a few tiles near them.
TEST(RummikubOracle, ExactSearchesAgreeWithExhaustiveOnes) {
  uint64_t x = 12345;
  auto next = [&](int n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return int((x >> 33) % uint64_t(n));
  };
  int agreed = 0, placed = 0;
  for (int round = 0; round < 400; ++round) {
    Faces table, rack;
    for (int sets = next(3); sets > 0; --sets) {
      const int colour = next(4), number = 1 + next(11);
      if (next(2)) {
        for (int k = 0; k < 3; ++k) table.push_back(Face::natural(colour, number + k));
      } else {
        for (int c = 0; c < 3; ++c) table.push_back(Face::natural((colour + c) % 4, number));
      }
    }
    if (!table.empty() && next(4) == 0) table[size_t(next(int(table.size())))] = Face::joker();
    for (int k = 1 + next(5); k > 0; --k) rack.push_back(next(12) == 0 ? Face::joker() : Face::natural(next(4), 1 + next(13)));
    if (!can_partition(table)) continue;
    const int best = best_rack_placement(table, rack);
    const bool some = best > 0;
    EXPECT_EQ(can_place_some(table, rack), some) << round;
    EXPECT_EQ(most_rack_tiles(table, rack), best) << round;
    placed += some;
    // The opening: the most numbers of rack subsets that partition (no jokers to name).
    Faces naturals;
    for (const Face& f : rack)
      if (!f.is_joker()) naturals.push_back(f);
    int most = 0;
    for (uint32_t mask = 1; mask < (1u << naturals.size()); ++mask) {
      Faces part;
      int points = 0;
      for (size_t i = 0; i < naturals.size(); ++i)
        if ((mask >> i) & 1) part.push_back(naturals[i]), points += naturals[i].rank();
      if (can_partition(part)) most = std::max(most, points);
    }
    EXPECT_EQ(best_opening_points(naturals), most) << round;
    ++agreed;
  }
  EXPECT_GT(agreed, 300);
  EXPECT_GT(placed, 50);  // both answers come up
  EXPECT_LT(placed, agreed - 50);
}

// 65 groups (13 numbers, 4 of three colours and 1 of four each) and 120 runs of 3-5 tiles
// (4 colours, 11 + 10 + 9 places): 185 minimal sets without jokers.
TEST(MeldPerft, RummikubHas185MinimalSetsWithoutJokers) {
  const MeldCount c = count_melds(meld_definition("rummikub", {}, {}), 2, true);
  EXPECT_EQ(c.sets, 65);
  EXPECT_EQ(c.runs, 120);
}

TEST(ScoreOracle, TheRummikubExampleRoundsAreZeroSum) {
  FinishedHand h;
  h.players = 4;
  h.hands = {{}, cards({"R5"}, Notation::kTiles), cards({"R7", "B9"}, Notation::kTiles), cards({"K3"}, Notation::kTiles)};
  h.out = 0;
  EXPECT_EQ(hand_scores(h, "rummikub", {}, {}), (std::vector<int>{24, -5, -16, -3}));
}

TEST(ScoreOracle, FemhundraAcesScoreByTheirPlace) {
  FinishedHand h;
  h.players = 2;
  h.hands = {{}, {}};
  auto c = [](const char* w) { return TableCard{*parse_face(w, Notation::kCards), false, 0}; };
  h.table = {{c("QC"), c("KC"), c("AC")}, {c("AD"), c("2D"), c("3D")}, {c("KH"), c("AH"), c("2H")}};
  h.out = 1;
  h.out_by_discard = true;
  // 10 + 10 + 15, 5 + 5 + 5, 10 + 5 + 5
  EXPECT_EQ(hand_scores(h, "femhundra-rummy", {}, {})[0], 35 + 15 + 20);
}

TEST(ScoreOracle, Rummy500LowAcesLeadIntoTheTwoAndThree) {
  FinishedHand h;
  h.players = 2;
  h.hands = {{}, {}};
  auto c = [](const char* w, int by) { return TableCard{*parse_face(w, Notation::kCards), false, by}; };
  TableMeld ace_to_ace;
  for (const char* w : {"AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"}) ace_to_ace.push_back(c(w, 0));
  ace_to_ace.push_back(c("AH", 1));
  h.table = {ace_to_ace, {c("AS", 1), c("2S", 1), c("3S", 1)}, {c("QD", 1), c("KD", 1), c("AD", 1)}};
  // A: 1 + 54 + 30.  B: the ace after the king 15, A-2-3 1 + 5, Q-K-A 35.
  EXPECT_EQ(hand_scores(h, "rummy500", {}, {}), (std::vector<int>{85, 15 + 6 + 35}));
}

}  // namespace
}  // namespace meldcheck::oracle
