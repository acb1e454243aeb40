// Meld validation with jokers and every ace policy of the five texts, on hand-built policies.
#include "engine/meld.h"

#include <gtest/gtest.h>

#include <vector>

namespace meldcheck {
namespace {

std::vector<Token> cards(std::initializer_list<const char*> written, Notation n = Notation::kCards) {
  std::vector<Token> out;
  for (const char* w : written) out.push_back(*parse_token(w, n));
  return out;
}

Face face(const char* w, Notation n = Notation::kCards) { return *parse_standin(w, n); }

// One deck or two, sets of 3-4 with distinct suits, jokers by rank, ace low or high.
MeldRules ranked_sets() {
  MeldRules r;
  r.set_max = 4;
  r.set_distinct_suits = true;
  r.set_standin = SetStandin::kRank;
  r.ace_melding = r.ace_building = {true, false};
  return r;
}

// Jokers stand for whole cards; round the corner only when building.
MeldRules whole_card_jokers() {
  MeldRules r = ranked_sets();
  r.set_standin = SetStandin::kCard;
  r.ace_building = {true, true};
  return r;
}

// Two decks without suit limits in sets; round the corner when melding too.
MeldRules two_decks_any_suits() {
  MeldRules r;
  r.set_max = 0;
  r.set_distinct_suits = false;
  r.ace_melding = r.ace_building = {true, true};
  return r;
}

// Tiles: 1 is always the lowest, groups of distinct colours, jokers settled by the group.
MeldRules tiles() {
  MeldRules r;
  r.set_max = 4;
  r.set_distinct_suits = true;
  r.set_standin = SetStandin::kDetermined;
  r.ace_melding = r.ace_building = {false, false};
  return r;
}

Refusal fails(const MeldRules& r, std::initializer_list<const char*> written, MeldContext ctx = MeldContext::kMelding) {
  Formed f;
  auto t = cards(written);
  return form_meld(r, t, ctx, f).any();
}

Formed formed(const MeldRules& r, std::vector<Token> t, MeldContext ctx = MeldContext::kMelding) {
  Formed f;
  RefusalMask m = form_meld(r, t, ctx, f);
  EXPECT_TRUE(m.empty()) << "check " << int(m.any());
  return f;
}

TEST(Sets, ThreeOrFourOfOneRank) {
  Formed f = formed(ranked_sets(), cards({"7S", "7H", "7D"}));
  EXPECT_EQ(f.shape.kind, MeldKind::kSet);
  EXPECT_EQ(f.shape.rank(), 7);
  EXPECT_EQ(fails(ranked_sets(), {"7S", "7H"}), Refusal::kMeldSize);
  EXPECT_EQ(fails(ranked_sets(), {"7S", "7H", "8D"}), Refusal::kMeldShape);
  EXPECT_EQ(fails(ranked_sets(), {"7S", "7H", "7D", "7C", "JK"}), Refusal::kSetSize);
}

TEST(Sets, DistinctSuitsWithTwoDecks) {
  EXPECT_EQ(fails(ranked_sets(), {"7S", "7S", "7H"}), Refusal::kSetSuits);
  EXPECT_EQ(fails(two_decks_any_suits(), {"7S", "7S", "7H"}), Refusal::kNone);
  Formed big = formed(two_decks_any_suits(), cards({"7S", "7S", "7H", "7H", "7D", "7C"}));
  EXPECT_EQ(big.shape.size, 6);
}

TEST(Sets, RankOnlyJokersAreStoredCanonically) {
  Formed f = formed(ranked_sets(), cards({"7S", "JK=7D", "7H"}));
  EXPECT_TRUE(f.shape.joker(2));
  EXPECT_EQ(f.shape.faces[2], Face::rank_only(7));
  Formed bare = formed(ranked_sets(), cards({"JK", "7S", "7H"}));
  EXPECT_EQ(bare.shape.faces[2], Face::rank_only(7));
  EXPECT_EQ(fails(ranked_sets(), {"7S", "7H", "JK=8"}), Refusal::kJokerStandin);
}

TEST(Sets, WholeCardJokersMustBeNamedUnlessSettled) {
  EXPECT_EQ(fails(whole_card_jokers(), {"7S", "7H", "JK"}), Refusal::kJokerStandin);  // 7D or 7C?
  Formed named = formed(whole_card_jokers(), cards({"7S", "7H", "JK=7D"}));
  EXPECT_EQ(named.shape.faces[2], face("7D"));
  Formed settled = formed(whole_card_jokers(), cards({"7S", "7H", "7D", "JK"}));
  EXPECT_EQ(settled.shape.faces[3], face("7C"));
  EXPECT_EQ(fails(whole_card_jokers(), {"7S", "7H", "7D", "JK=7"}), Refusal::kJokerStandin);  // less than a card
  EXPECT_EQ(fails(whole_card_jokers(), {"7S", "7H", "JK=7S"}), Refusal::kSetSuits);
  EXPECT_EQ(fails(whole_card_jokers(), {"7S", "7H", "JK=7"}), Refusal::kJokerStandin);
}

TEST(Sets, TileGroupsSettleTheJokerOnlyWhenOneColourIsFree) {
  auto t3 = cards({"R5", "B5", "JK"}, Notation::kTiles);
  Formed three = formed(tiles(), t3);
  EXPECT_EQ(three.shape.faces[2], Face::rank_only(5));
  auto t4 = cards({"R5", "B5", "O5", "JK=R5"}, Notation::kTiles);
  Formed f;
  EXPECT_EQ(form_meld(tiles(), t4, MeldContext::kMelding, f).any(), Refusal::kSetSuits);
  auto t4ok = cards({"R5", "B5", "O5", "JK"}, Notation::kTiles);
  Formed four = formed(tiles(), t4ok);
  EXPECT_EQ(four.shape.faces[3], face("K5", Notation::kTiles));
}

TEST(Jokers, EveryMeldNeedsANaturalCard) {
  EXPECT_EQ(fails(ranked_sets(), {"JK", "JK", "JK"}), Refusal::kJokerNatural);
  EXPECT_EQ(fails(ranked_sets(), {"7H", "JK", "JK"}), Refusal::kJokerStandin);  // a set, or which run?
  Formed set = formed(ranked_sets(), cards({"7H", "JK=7", "JK=7"}));
  EXPECT_EQ(set.shape.kind, MeldKind::kSet);
  Formed run = formed(ranked_sets(), cards({"7H", "JK=8H", "JK=9H"}));
  EXPECT_EQ(run.shape.kind, MeldKind::kRun);
  EXPECT_EQ(run.shape.start, 7);
}

TEST(Runs, ConsecutiveCardsOfOneSuitInAnyOrder) {
  Formed f = formed(ranked_sets(), cards({"7H", "5H", "6H"}));
  EXPECT_EQ(f.shape.kind, MeldKind::kRun);
  EXPECT_EQ(f.shape.start, 5);
  EXPECT_EQ(f.shape.faces[0], face("5H"));
  EXPECT_EQ(f.slot_of_token[0], 2);  // the 7H went to the top
  EXPECT_EQ(fails(ranked_sets(), {"5H", "6H", "8H"}), Refusal::kRunSequence);
  EXPECT_EQ(fails(ranked_sets(), {"5H", "6H", "6H"}), Refusal::kRunSequence);
}

TEST(Runs, AJokerInTheMiddleIsSettledAtAnEndItMustBeNamed) {
  Formed middle = formed(ranked_sets(), cards({"5H", "JK", "7H"}));
  EXPECT_EQ(middle.shape.faces[1], face("6H"));
  EXPECT_TRUE(middle.shape.joker(1));
  EXPECT_EQ(fails(ranked_sets(), {"5H", "6H", "JK"}), Refusal::kJokerStandin);
  Formed named = formed(ranked_sets(), cards({"5H", "6H", "JK=4H"}));
  EXPECT_EQ(named.shape.start, 4);
  // A rank alone says less than a run needs, even where the other cards would settle it.
  EXPECT_EQ(fails(ranked_sets(), {"5H", "6H", "JK=7"}), Refusal::kJokerStandin);
  EXPECT_EQ(fails(ranked_sets(), {"5H", "JK=6", "7H"}), Refusal::kJokerStandin);
  EXPECT_EQ(fails(ranked_sets(), {"5H", "6H", "JK=7D"}), Refusal::kJokerStandin);
}

TEST(Aces, LowOrHighButRoundTheCornerOnlyWhereAllowed) {
  Formed low = formed(ranked_sets(), cards({"AS", "2S", "3S"}));
  EXPECT_EQ(low.shape.start, 1);
  EXPECT_EQ(ace_role(low.shape, 0), AceRole::kLow);
  Formed high = formed(ranked_sets(), cards({"QS", "KS", "AS"}));
  EXPECT_EQ(high.shape.start, 12);
  EXPECT_EQ(ace_role(high.shape, 2), AceRole::kHigh);
  EXPECT_EQ(fails(ranked_sets(), {"KS", "AS", "2S"}), Refusal::kRunCornerMeld);
  EXPECT_EQ(fails(whole_card_jokers(), {"KS", "AS", "2S"}), Refusal::kRunCornerMeld);
  Formed bent = formed(two_decks_any_suits(), cards({"KS", "AS", "2S"}));
  EXPECT_EQ(bent.shape.start, 13);
  EXPECT_EQ(ace_role(bent.shape, 1), AceRole::kCorner);
}

TEST(Aces, TilesNeverPutOneAfterThirteen) {
  auto t = cards({"R12", "R13", "R1"}, Notation::kTiles);
  Formed f;
  EXPECT_EQ(form_meld(tiles(), t, MeldContext::kMelding, f).any(), Refusal::kRunAceHigh);
  auto low = cards({"R1", "R2", "R3"}, Notation::kTiles);
  EXPECT_TRUE(form_meld(tiles(), low, MeldContext::kMelding, f).empty());
}

TEST(Aces, AThirteenCardRunReadsTheAceAsWritten) {
  Formed low = formed(ranked_sets(), cards({"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"}));
  EXPECT_EQ(low.shape.start, 1);
  EXPECT_EQ(ace_role(low.shape, 0), AceRole::kLow);
  Formed f = formed(ranked_sets(), cards({"2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"}));
  EXPECT_EQ(f.shape.start, 2);
  EXPECT_EQ(ace_role(f.shape, 12), AceRole::kHigh);
  Formed shuffled = formed(ranked_sets(), cards({"KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS"}));
  EXPECT_EQ(shuffled.shape.start, 1);  // the reading nearest the written order: only the king moves
  // Two decks: ace low and ace high in one run of fourteen.
  Formed both = formed(ranked_sets(),
                       cards({"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"}));
  EXPECT_EQ(both.shape.start, 1);
  EXPECT_EQ(both.shape.size, 14);
}

Shape laid(const MeldRules& r, std::initializer_list<const char*> written) { return formed(r, cards(written)).shape; }

TEST(Building, RunsGrowAtEitherEnd) {
  const MeldRules r = ranked_sets();
  const Shape run = laid(r, {"5H", "6H", "7H"});
  Formed f;
  auto up = cards({"8H"});
  ASSERT_TRUE(extend_meld(r, run, up, f).empty());
  EXPECT_EQ(f.shape.start, 5);
  EXPECT_EQ(f.shape.size, 4);
  EXPECT_EQ(f.slot_of_token[3], 3);
  auto both = cards({"9H", "4H", "8H"});
  ASSERT_TRUE(extend_meld(r, run, both, f).empty());
  EXPECT_EQ(f.shape.start, 4);
  EXPECT_EQ(f.slot_of_token[0], 1);  // the old 5H moved up one slot
  auto gap = cards({"9H"});
  EXPECT_EQ(extend_meld(r, run, gap, f).any(), Refusal::kLayoffFit);
  auto suit = cards({"8D"});
  EXPECT_EQ(extend_meld(r, run, suit, f).any(), Refusal::kLayoffFit);
}

TEST(Building, JokersKeepTheirStandins) {
  const MeldRules r = ranked_sets();
  const Shape run = laid(r, {"5H", "JK", "7H"});
  Formed f;
  auto up = cards({"8H"});
  ASSERT_TRUE(extend_meld(r, run, up, f).empty());
  EXPECT_TRUE(f.shape.joker(1));
  EXPECT_EQ(f.shape.faces[1], face("6H"));
  auto bare = cards({"JK"});
  EXPECT_EQ(extend_meld(r, run, bare, f).any(), Refusal::kJokerStandin);  // 4H or 8H?
}

TEST(Building, RoundTheCornerOnlyWhenBuildingAllowsIt) {
  const MeldRules r = whole_card_jokers();
  Formed f;
  const Shape high = laid(r, {"QC", "KC", "AC"});
  auto two = cards({"2C", "3C"});
  ASSERT_TRUE(extend_meld(r, high, two, f).empty());
  EXPECT_EQ(f.shape.start, 12);
  EXPECT_EQ(ace_role(f.shape, 2), AceRole::kCornerToThree);
  const Shape low = laid(r, {"2D", "3D", "4D"});
  auto down = cards({"AD", "KD"});
  ASSERT_TRUE(extend_meld(r, low, down, f).empty());
  EXPECT_EQ(f.shape.start, 13);
  EXPECT_EQ(f.shape.faces[0], face("KD"));
  EXPECT_EQ(ace_role(f.shape, 1), AceRole::kCornerToThree);
  EXPECT_EQ(extend_meld(ranked_sets(), high, two, f).any(), Refusal::kRunCornerBuild);
}

TEST(Building, ARunExtendedByOthersGrowsFromItsHighestCard) {
  // 7-8-9, then a 10 and a jack: only a queen builds upward now, not the second 10.
  const MeldRules r = two_decks_any_suits();
  Shape run = laid(r, {"7S", "8S", "9S"});
  Formed f;
  auto ten = cards({"10S"}), jack = cards({"JS"}), queen = cards({"QS"});
  ASSERT_TRUE(extend_meld(r, run, ten, f).empty());
  run = f.shape;
  ASSERT_TRUE(extend_meld(r, run, jack, f).empty());
  run = f.shape;
  EXPECT_EQ(extend_meld(r, run, ten, f).any(), Refusal::kLayoffTaken);
  EXPECT_TRUE(extend_meld(r, run, queen, f).empty());
}

TEST(Building, SetsTakeTheirRankUpToTheLimit) {
  const MeldRules r = ranked_sets();
  const Shape set = laid(r, {"7S", "7H", "7D"});
  Formed f;
  auto club = cards({"7C"});
  ASSERT_TRUE(extend_meld(r, set, club, f).empty());
  EXPECT_EQ(f.shape.size, 4);
  auto eight = cards({"8C"});
  EXPECT_EQ(extend_meld(r, set, eight, f).any(), Refusal::kLayoffFit);
  auto spade = cards({"7S"});
  EXPECT_EQ(extend_meld(r, set, spade, f).any(), Refusal::kSetSuits);
  const Shape four = laid(r, {"7S", "7H", "7D", "7C"});
  auto fifth = cards({"JK"});
  EXPECT_FALSE(extend_meld(r, four, fifth, f).empty());
}

TEST(Swapping, OnlyTheCardTheJokerStandsFor) {
  const MeldRules r = whole_card_jokers();
  const Shape run = laid(r, {"5H", "JK", "7H"});
  EXPECT_EQ(swap_slot(r, run, face("6H")), 1);
  EXPECT_EQ(swap_slot(r, run, face("6D")), -1);
  const Shape set = laid(r, {"8S", "8H", "JK=8D"});
  EXPECT_EQ(swap_slot(r, set, face("8D")), 2);
  EXPECT_EQ(swap_slot(r, set, face("8C")), -1);
}

TEST(Swapping, RankOnlyJokersTakeAnyFreeSuit) {
  MeldRules free_suits = two_decks_any_suits();
  const Shape set = laid(free_suits, {"8S", "8H", "JK"});
  EXPECT_GE(swap_slot(free_suits, set, face("8C")), 0);
  EXPECT_GE(swap_slot(free_suits, set, face("8S")), 0);
  const MeldRules distinct = ranked_sets();
  const Shape set2 = laid(distinct, {"8S", "8H", "JK"});
  EXPECT_EQ(swap_slot(distinct, set2, face("8S")), -1);
  EXPECT_GE(swap_slot(distinct, set2, face("8D")), 0);
}

}  // namespace
}  // namespace meldcheck
