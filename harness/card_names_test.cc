// Playing cards in the Swedish texts' names ("Kl D", "Hj E"): every rank and suit, as
// faces and stand-ins, and in scenario files, where one file keeps to one notation.
#include <gtest/gtest.h>

#include <array>

#include "harness/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck {
namespace {

constexpr std::array<const char*, kSuits> kSwedishSuits = {"Sp", "Hj", "Ru", "Kl"};
constexpr std::array<const char*, kRanks> kSwedishRanks = {"E", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Kn", "D", "K"};

std::optional<Face> swedish(const std::string& text) { return parse_face(text, Notation::kCards, CardNames::kSwedish); }

TEST(SwedishCardNames, EverySuitAndRankWithAndWithoutTheSpace) {
  for (int suit = 0; suit < kSuits; ++suit)
    for (int rank = 1; rank <= kRanks; ++rank) {
      const std::string spaced = std::string(kSwedishSuits[suit]) + " " + kSwedishRanks[rank - 1];
      const std::string joined = std::string(kSwedishSuits[suit]) + kSwedishRanks[rank - 1];
      EXPECT_EQ(swedish(spaced), Face::natural(suit, rank)) << spaced;
      EXPECT_EQ(swedish(joined), Face::natural(suit, rank)) << joined;
      EXPECT_EQ(format_face(Face::natural(suit, rank), Notation::kCards, CardNames::kSwedish), spaced);
    }
  EXPECT_EQ(swedish("JK"), Face::joker());
  EXPECT_EQ(format_face(Face::joker(), Notation::kCards, CardNames::kSwedish), "JK");
}

TEST(SwedishCardNames, RefusesWhatIsNotASwedishCard) {
  for (const char* bad : {"", "Sp", "Sp ", "Sp  7", "sp 7", "SP 7", "Sp 7 ", " Sp 7", "7 Sp", "Sp A", "Sp J", "Sp Q", "Sp T",
                          "Sp 1", "Sp 11", "Sp Ess", "Hj Dam", "Xx 7", "7S", "QD", "AC", "R5"})
    EXPECT_FALSE(swedish(bad)) << bad;
  // Each notation is read only where asked for.
  EXPECT_FALSE(parse_face("Kl D", Notation::kCards));
  EXPECT_FALSE(parse_face("Kl D", Notation::kTiles, CardNames::kSwedish));
  EXPECT_EQ(parse_face("K5", Notation::kTiles, CardNames::kSwedish), Face::natural(3, 5));  // tiles keep their letters
}

TEST(SwedishCardNames, StandinsAreWholeCardsOrRanksAlone) {
  const auto token = [](const char* text) { return parse_token(text, Notation::kCards, CardNames::kSwedish); };
  ASSERT_TRUE(token("JK=Ru 7"));
  EXPECT_EQ(token("JK=Ru 7")->standin, Face::natural(2, 7));
  EXPECT_EQ(token("JK=Ru7")->standin, Face::natural(2, 7));
  for (int rank = 1; rank <= kRanks; ++rank) {
    const std::string text = std::string("JK=") + kSwedishRanks[rank - 1];
    ASSERT_TRUE(token(text.c_str())) << text;
    EXPECT_EQ(token(text.c_str())->standin, Face::rank_only(rank)) << text;
    EXPECT_EQ(format_token(*token(text.c_str()), Notation::kCards, CardNames::kSwedish), text);
  }
  EXPECT_EQ(format_token(*token("JK=Kl10"), Notation::kCards, CardNames::kSwedish), "JK=Kl 10");
  EXPECT_FALSE(token("JK=Q"));
  EXPECT_FALSE(token("JK=Ru"));
  EXPECT_FALSE(token("Ru 7=Ru 7"));
}

const std::string kHead = "name: t\nruleset: rummy500\n";

std::vector<Scenario> read(const std::string& text) { return parse_scenarios(text, "s.yaml", RulesetLibrary::embedded()); }

std::string error_of(const std::string& text) {
  try {
    read(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// One situation in both notations: hands, stock, pile, a table with owner marks and
// stand-ins, and steps that name cards every way a step can.
std::string situation(bool sv) {
  const auto c = [sv](const char* english, const char* swedish) { return std::string(sv ? swedish : english); };
  const std::string run = c("4S", "Sp 4") + ", " + c("5S", "Sp 5") + ", " + c("6S", "Sp 6") + ", " + c("7S", "Sp 7") + ", " +
                          c("8S@A", "Sp 8@A");
  return kHead + "setup:\n  players:\n" +
         "    A: { hand: [" + c("QC", "Kl D") + ", " + c("AH", "HjE") + ", " + c("10S", "Sp 10") + ", " + c("9S", "Sp9") + ", " +
         c("JD", "Ru Kn") + "] }\n" +
         "    B: { hand: [" + c("KD", "Ru K") + "] }\n" +
         "  stock: [" + c("2C", "Kl 2") + "]\n" +
         "  discard: [" + c("QD", "Ru D") + ", " + c("7H", "Hj 7") + "]\n" +
         "  table:\n" +
         "    - { id: m1, owner: B, cards: [" + run + "] }\n" +
         "    - { id: m2, owner: B, cards: [" + c("QS", "Sp D") + ", " + c("QH", "Hj D") + ", " + c("JK=Q", "JK=D") + "] }\n" +
         "    - { id: m3, owner: B, cards: [" + c("3D", "Ru 3") + ", " + c("JK=4D@A", "JK=Ru 4@A") + ", " + c("5D", "Ru5") + "] }\n" +
         "steps:\n" +
         "  - take: " + c("QD", "Ru D") + "\n" +
         "  - meld: [" + c("QC", "Kl D") + ", " + c("QD", "Ru D") + ", JK=" + c("Q", "D") + "]\n" +
         "    expect: { reject: core/card-not-held }\n" +
         "  - layoff: { to: m2, cards: [" + c("QD", "Ru D") + "] }\n" +
         "  - layoff: { to: m1, cards: [" + c("9S", "Sp 9") + ", " + c("10S", "Sp10") + "] }\n" +
         "  - discard: " + c("AH", "Hj E") + "\n" +
         "expect:\n" +
         "  hand: { A: [" + c("QC", "Kl D") + ", " + c("JD", "Ru Kn") + ", " + c("7H", "Hj 7") + "], B: [" + c("KD", "Ru K") + "] }\n" +
         "  discard: [" + c("AH", "Hj E") + "]\n" +
         "  table:\n" +
         "    - { id: m1, owner: B, cards: [" + run + ", " + c("9S@A", "Sp 9@A") + ", " + c("10S@A", "Sp 10@A") + "] }\n" +
         "    - { id: m2, owner: B, cards: [" + c("QS", "Sp D") + ", " + c("QH", "Hj D") + ", " + c("JK=Q", "JK=D") + ", " +
         c("QD@A", "Ru D@A") + "] }\n" +
         "    - { id: m3, owner: B, cards: [" + c("3D", "Ru 3") + ", " + c("JK=4D@A", "JK=Ru 4@A") + ", " + c("5D", "Ru 5") + "] }\n";
}

TEST(SwedishCardNames, AScenarioReadsAndReplaysAsItsEnglishTwin) {
  const Scenario en = read(situation(false)).at(0), sv = read(situation(true)).at(0);
  EXPECT_TRUE(en.start == sv.start);
  ASSERT_EQ(en.steps.size(), sv.steps.size());
  for (size_t i = 0; i < en.steps.size(); ++i) {
    EXPECT_EQ(write_step(en.steps[i].action, en.rules, 0), write_step(sv.steps[i].action, sv.rules, 0)) << i;
    EXPECT_EQ(en.steps[i].outcome.rule, sv.steps[i].outcome.rule) << i;
  }
  ASSERT_TRUE(en.expect && sv.expect && en.expect->table && sv.expect->table);
  EXPECT_EQ(en.expect->hand, sv.expect->hand);
  EXPECT_EQ(en.expect->discard, sv.expect->discard);
  for (size_t m = 0; m < en.expect->table->size(); ++m) {
    const auto& a = en.expect->table->at(m).cards;
    const auto& b = sv.expect->table->at(m).cards;
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].token == b[i].token && a[i].builder == b[i].builder) << m << " " << i;
  }
  for (const Scenario* sc : {&en, &sv}) {
    const ScenarioResult r = replay(*sc);
    EXPECT_EQ(r.status, ScenarioResult::Status::kPass) << r.step << ": " << r.expected << " / " << r.happened;
  }
}

TEST(SwedishCardNames, OneFileOneNotation) {
  // The first card only one notation reads settles the file; the first of the other is the error.
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [JK, Kl D, Hj 7] }\n    B: { hand: [2C] }\n"),
            "s.yaml:6:17: '2C' is written in English card names, but this file writes Swedish ones "
            "(first at line 5, column 21); one file uses one notation");
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  table:\n"
                             "    - { id: m1, owner: B, cards: [7S, 7H, JK=Ru 7] }\n"),
            "s.yaml:8:43: 'JK=Ru 7' is written in Swedish card names, but this file writes English ones "
            "(first at line 5, column 17); one file uses one notation");
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [Sp 4] }\n    B: { hand: [Sp K] }\n  table:\n"
                             "    - { id: m1, owner: B, cards: [Sp 5, Sp 6, Sp 7, 8S@A] }\n")
                .find("s.yaml:8:53: '8S' is written in English"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [Hj 7] }\n    B: { hand: [Sp K] }\nsteps:\n  - discard: 7H\n")
                .find("s.yaml:8:14: "),
            std::string::npos);
  // A file's documents share it.
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [Hj 7] }\n    B: { hand: [Sp K] }\n---\n" + kHead +
                     "setup:\n  players:\n    A: { hand: [7H] }\n    B: { hand: [KD] }\n")
                .find("s.yaml:12:17: '7H' is written in English"),
            std::string::npos);
  // What reads the same in both (a bare joker, a stand-in of 2-10 or K) settles nothing.
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [JK] }\n    B: { hand: [Ru K] }\n  table:\n"
                             "    - { id: m1, owner: B, cards: [Ru 7, Hj 7, JK=7] }\n"),
            "");
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [JK] }\n    B: { hand: [QH] }\n  table:\n"
                             "    - { id: m1, owner: B, cards: [KD, KH, JK=K] }\n"),
            "");
}

TEST(SwedishCardNames, ErrorsSpeakTheFilesNames) {
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [Hj 7, Ru 2] }\n    B: { hand: [Hj 7] }\n"),
            "s.yaml:6:17: more Hj 7 than the deck has (1 for 2 players in rummy500)");
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [Hj 7, Hj 1] }\n    B: { hand: [KD] }\n")
                .find("'Hj 1' is not a card (Hj 7, Sp 10, Ru D, Kl E, JK)"),
            std::string::npos);
}

}  // namespace
}  // namespace meldcheck
