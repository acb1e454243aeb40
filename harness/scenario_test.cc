// Bad scenario files are refused at the offending node, with file, line and column.
#include "files/scenario.h"

#include <gtest/gtest.h>

#include "harness/replay.h"

namespace meldcheck {
namespace {

const std::string kHead = "name: t\nruleset: rummy500\n";

std::string error_of(const std::string& text) {
  try {
    parse_scenarios(text, "s.yaml", RulesetLibrary::embedded());
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ScenarioErrors, UnknownKeysAreErrors) {
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\nexpct: {}\n").substr(0, 12),
            "s.yaml:7:1: ");
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC], totl: 3 }\n    B: { hand: [KD] }\n").substr(0, 13),
            "s.yaml:5:22: ");
}

TEST(ScenarioErrors, MoreCopiesThanTheDeckHas) {
  std::string e = error_of(kHead + "setup:\n  players:\n    A: { hand: [7H, 2C] }\n    B: { hand: [7H] }\n");
  EXPECT_EQ(e, "s.yaml:6:17: more 7H than the deck has (1 for 2 players in rummy500)");
}

TEST(ScenarioErrors, CardsAndPlayersAreChecked) {
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [7X] }\n    B: { hand: [KD] }\n").find("s.yaml:5:17: '7X' is not a card"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    C: { hand: [JC] }\n").find("s.yaml:6:5: there is no player C"), std::string::npos);
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  to_move: E\n").find("s.yaml:7:12:"),
            std::string::npos);
}

// Players and melds may be named in the players' own letters; what is no letter is refused.
TEST(ScenarioErrors, NamesAreLettersAndDigitsInAnyLatinAlphabet) {
  const std::string named = kHead + "setup:\n  players:\n    Åsa: { hand: [2C] }\n    Örjan2: { hand: [3C] }\n"
                                    "  table:\n    - { id: färgstege, owner: Åsa, cards: [4S, 5S, 6S] }\n  to_move: Örjan2\n";
  EXPECT_EQ(error_of(named), "");
  const std::vector<Scenario> read = parse_scenarios(named, "s.yaml", RulesetLibrary::embedded());
  EXPECT_EQ(read[0].names.player(1), "Örjan2");
  EXPECT_EQ(read[0].names.meld(read[0].start.table.melds[0].id), "färgstege");
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    Anna!: { hand: [] }\n    Bo: { hand: [] }\n")
                .find("s.yaml:5:5: 'Anna!' is not a player's name"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A×B: { hand: [KD] }\n    Bo: { hand: [] }\n").find("s.yaml:5:5:"),
            std::string::npos);
}

TEST(ScenarioErrors, KeysOfAnotherRulesetAreErrors) {
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  round: 3\n").find("s.yaml:7:10:"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  first_lap: true\n").find("s.yaml:7:14:"),
            std::string::npos);
}

TEST(ScenarioErrors, TableMeldsMustBeValid) {
  std::string e = error_of(kHead +
                           "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  table:\n"
                           "    - { id: m1, owner: A, cards: [KS, AS, 2S] }\n");
  EXPECT_NE(e.find("s.yaml:8:34: not a valid meld in rummy500 (rummy500/meld.ace)"), std::string::npos) << e;
  e = error_of(kHead + "setup:\n  players:\n    A: { hand: [QC], opened: false }\n    B: { hand: [KD] }\n  table:\n"
                       "    - { id: m1, owner: A, cards: [KS, QS, JS] }\n");
  EXPECT_NE(e.find("s.yaml:5:"), std::string::npos) << e;
}

TEST(ScenarioErrors, RuleIdsMustBeInACatalog) {
  std::string e = error_of(kHead + "setup:\n  players:\n    A: { hand: [2C] }\n    B: { hand: [KD] }\nsteps:\n"
                                   "  - discard: 2C\n    expect: { reject: rummy500/no-such-rule }\n");
  EXPECT_NE(e.find("s.yaml:9:23: no catalog has the rule id"), std::string::npos) << e;
  EXPECT_EQ(error_of(kHead + "rules: [core/not-your-turn, rummy500/meld.ace]\nsetup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n"),
            "");
}

TEST(ScenarioErrors, VariantsOptionsAndSeedsAreChecked) {
  EXPECT_NE(error_of(kHead + "variants: [taget]\nsetup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n").find("s.yaml:3:12:"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "options: { ace-runs: sideways }\nsetup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n")
                .find("s.yaml:3:"),
            std::string::npos);
  EXPECT_NE(error_of(kHead + "deal: { players: 3, seed: 18446744073709551616 }\n").find("s.yaml:3:27:"), std::string::npos);
  EXPECT_EQ(error_of(kHead + "deal: { players: 3, seed: 18446744073709551615 }\n"), "");
}

TEST(ScenarioErrors, ARummikubTurnIsOneStepWithoutAPile) {
  // The contract: Rummikub has only the phase draw, and a turn is one step; its catalog:
  // no discard pile. A pile, a discard on offer, another phase or a turn in progress is an
  // error at its node; what a state writes back (an empty pile, no offer, a turn with
  // nothing done) is not.
  const std::string head = "name: t\nruleset: rummikub\nsetup:\n  players:\n    A: { hand: [R1] }\n    B: { hand: [R2] }\n";
  EXPECT_EQ(error_of(head + "  discard: [R5, B5]\n"), "s.yaml:7:13: rummikub has no discard pile (a turn is one step)");
  EXPECT_EQ(error_of(head + "  offer: { from: B }\n"),
            "s.yaml:7:10: rummikub has no discard pile (a turn is one step), so no discard on offer");
  EXPECT_EQ(error_of(head + "  phase: play\n"), "s.yaml:7:10: rummikub has only the phase draw (a turn is one step)");
  EXPECT_NE(error_of(head + "  phase: row\n").find("s.yaml:7:10:"), std::string::npos);
  EXPECT_EQ(error_of(head + "  turn: { melded: true }\n"), "s.yaml:7:9: rummikub has no turn in progress (a turn is one step)");
  EXPECT_EQ(error_of(head + "  discard: []\n  offer: none\n  phase: draw\n  turn: { freed_jokers: 0, melded: false, actions: 0 }\n"), "");
  // In a next hand too.
  EXPECT_EQ(error_of(head + "steps:\n  - next_hand: { players: { A: { hand: [R1] }, B: { hand: [R2] } }, discard: [R5] }\n"),
            "s.yaml:8:79: rummikub has no discard pile (a turn is one step)");
  // The card games keep their pile.
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\n  discard: [5C]\n  phase: play\n"), "");
}

TEST(ScenarioErrors, NumbersAndBooleansAreNotStrings) {
  // spec/scenario.schema.json: an integer or a boolean, not a string in quotes.
  const std::string setup = "setup:\n  players:\n    A: { hand: [QC], total: \"12\" }\n    B: { hand: [KD] }\n";
  EXPECT_EQ(error_of(kHead + setup), "s.yaml:5:29: total must be a whole number, not a string in quotes");
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC], opened: 'true' }\n    B: { hand: [KD] }\n"),
            "s.yaml:5:30: opened must be true or false, not a string in quotes");
  EXPECT_EQ(error_of(kHead + "deal: { players: 3, seed: \"7\" }\n"), "s.yaml:3:27: seed must be a whole number, not a string in quotes");
  EXPECT_EQ(error_of(kHead + "deal: { players: \"3\" }\n"), "s.yaml:3:18: players must be a whole number, not a string in quotes");
  EXPECT_NE(error_of(kHead + "setup:\n  players:\n    A: { hand: [2C] }\n    B: { hand: [KD] }\nsteps:\n  - take: \"1\"\n")
                .find("s.yaml:8:11: take must be a whole number"),
            std::string::npos);
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC] }\n    B: { hand: [KD] }\nexpect: { hand_size: { A: \"0\" } }\n"),
            "s.yaml:7:27: hand_size must be a whole number, not a string in quotes");
  EXPECT_EQ(error_of(kHead + "setup:\n  players:\n    A: { hand: [QC], total: 12, opened: true }\n    B: { hand: [KD] }\n  seed: 7\n"), "");
}

TEST(ScenarioErrors, WhatTheSchemaAllowsIsRead) {
  // A finished hand in a one-round match is what its state writes back (game_over with it),
  // and a generator state of 0 is a seed like any other (0 to 2^64-1): neither is refused.
  const std::string head = "name: t\nruleset: rummikub\nsetup:\n  players:\n    A: { hand: [R1] }\n    B: { hand: [R2] }\n";
  EXPECT_EQ(error_of(head + "  hand_over: true\n  last_out: A\n  round_scores: { A: 2, B: -2 }\n  game_over: true\n  winner: A\n"), "");
  EXPECT_EQ(error_of(head + "  rng: 0\n"), "");
}

TEST(ScenarioErrors, AStepIsOneAction) {
  std::string e = error_of(kHead + "setup:\n  players:\n    A: { hand: [2C] }\n    B: { hand: [KD] }\nsteps:\n"
                                   "  - { draw: stock, discard: 2C }\n");
  EXPECT_NE(e.find("s.yaml:8:20:"), std::string::npos) << e;
}

TEST(Setup, UnnamedCardsAreShuffledBelowTheNamedStock) {
  auto sc = parse_scenarios(kHead + "setup:\n  players:\n    A: { hand: [7H] }\n    B: { hand: [KD] }\n  stock: [5C, 9H]\n  seed: 7\n",
                            "s.yaml", RulesetLibrary::embedded());
  const GameState& s = sc[0].start;
  EXPECT_EQ(s.stock.size(), 54 - 2);  // all but the two hands
  EXPECT_EQ(format_face(face_of(s.stock.top()), Notation::kCards), "5C");
  EXPECT_EQ(format_face(face_of(s.stock.at(s.stock.size() - 2)), Notation::kCards), "9H");
  EXPECT_TRUE(cards_conserved(s, sc[0].rules));
  auto out = parse_scenarios(kHead + "setup:\n  players:\n    A: { hand: [7H] }\n    B: { hand: [KD] }\n  stock: []\n  rest: out\n",
                             "s.yaml", RulesetLibrary::embedded());
  EXPECT_EQ(out[0].start.stock.size(), 0);
  EXPECT_EQ(out[0].start.out.size(), 52);  // 54 cards, two named
}

}  // namespace
}  // namespace meldcheck
