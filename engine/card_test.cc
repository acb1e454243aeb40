#include "engine/card.h"

#include <gtest/gtest.h>

#include "engine/card_set.h"
#include "engine/rng.h"

namespace meldcheck {
namespace {

TEST(Card, ParsesAndPrintsTheContractNotation) {
  EXPECT_EQ(parse_face("10H", Notation::kCards), Face::natural(1, 10));
  EXPECT_EQ(parse_face("TH", Notation::kCards), Face::natural(1, 10));
  EXPECT_EQ(parse_face("QS", Notation::kCards), Face::natural(0, 12));
  EXPECT_EQ(parse_face("AD", Notation::kCards), Face::natural(2, 1));
  EXPECT_EQ(parse_face("7\u2663", Notation::kCards), Face::natural(3, 7));
  EXPECT_EQ(parse_face("JK", Notation::kCards), Face::joker());
  EXPECT_EQ(format_face(Face::natural(1, 10), Notation::kCards), "10H");
  EXPECT_EQ(format_face(Face::natural(3, 1), Notation::kCards), "AC");
}

TEST(Card, RefusesMalformedCards) {
  for (const char* bad : {"", "1H", "11H", "HH", "7X", "7", "J", "JKX", "0S", "10", "7h", "R5"})
    EXPECT_FALSE(parse_face(bad, Notation::kCards)) << bad;
  for (const char* bad : {"R0", "R14", "X5", "5R", "R05", "KS"}) EXPECT_FALSE(parse_face(bad, Notation::kTiles)) << bad;
}

TEST(Card, ParsesTiles) {
  EXPECT_EQ(parse_face("R5", Notation::kTiles), Face::natural(0, 5));
  EXPECT_EQ(parse_face("K13", Notation::kTiles), Face::natural(3, 13));
  EXPECT_EQ(parse_face("O1", Notation::kTiles), Face::natural(2, 1));
  EXPECT_EQ(format_face(Face::natural(1, 12), Notation::kTiles), "B12");
}

TEST(Card, ParsesJokerStandins) {
  auto t = parse_token("JK=7D", Notation::kCards);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->standin, Face::natural(2, 7));
  t = parse_token("JK=7", Notation::kCards);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->standin, Face::rank_only(7));
  EXPECT_EQ(format_token(*t, Notation::kCards), "JK=7");
  t = parse_token("JK=R5", Notation::kTiles);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->standin, Face::natural(0, 5));
  EXPECT_FALSE(parse_token("7H=7D", Notation::kCards));
  EXPECT_FALSE(parse_token("JK=", Notation::kCards));
}

TEST(Card, PhysicalIdentityKeepsCopiesApart) {
  const Face seven_hearts = Face::natural(1, 7);
  const Card first = natural_card(seven_hearts, 0), second = natural_card(seven_hearts, 1);
  EXPECT_NE(first, second);
  EXPECT_EQ(face_of(first), face_of(second));
  CardSet hand;
  hand.insert(second);
  hand.insert(joker_card(3));
  EXPECT_EQ(hand.find(seven_hearts), second);
  EXPECT_EQ(hand.count(seven_hearts), 1);
  EXPECT_EQ(hand.jokers(), 1);
  EXPECT_EQ(hand.size(), 2);
}

// A face that is no card (none, a rank alone) finds nothing, even in a hand of every card:
// once it aliased a card of the second deck (found by a step near a listed one, a take
// turned into a discard of no card, which the engine accepted).
TEST(CardSet, AFaceThatIsNoCardFindsNothing) {
  CardSet all;
  for (int c = 0; c < kFirstJoker + 4; ++c) all.insert(Card(c));
  const std::optional<Face> rank_only = parse_standin("7", Notation::kCards);
  ASSERT_TRUE(rank_only && rank_only->is_rank_only());
  for (Face f : {Face::none(), *rank_only}) {
    EXPECT_EQ(all.find(f), kNoCard) << int(f.code());
    EXPECT_EQ(all.count(f), 0) << int(f.code());
  }
  EXPECT_NE(all.find(Face::natural(1, 7)), kNoCard);
  EXPECT_EQ(all.count(Face::natural(1, 7)), 2);
}

TEST(Rng, SplitMix64MatchesTheReferenceOutputs) {
  SplitMix64 rng{0};
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ull);
}

TEST(Rng, ShuffleIsFisherYatesFromTheLastIndexDown) {
  // By hand: i = 2 swaps with next() % 3, then i = 1 with next() % 2.
  SplitMix64 probe{0};
  const uint64_t a = probe.next() % 3, b = probe.next() % 2;
  std::array<int, 3> want = {0, 1, 2};
  std::swap(want[2], want[a]);
  std::swap(want[1], want[b]);
  std::array<int, 3> items = {0, 1, 2};
  SplitMix64 rng{0};
  shuffle(std::span<int>(items), rng);
  EXPECT_EQ(items, want);
  EXPECT_EQ(rng.state, probe.state);
}

}  // namespace
}  // namespace meldcheck
