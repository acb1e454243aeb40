// The checker: what it finds at a step, at a deal and at a setup.
#include <gtest/gtest.h>

#include "engine/invariants.h"
#include "engine/random_play.h"
#include "files/scenario.h"
#include "files/yaml_doc.h"
#include "harness/config.h"
#include "hunting/checks.h"
#include "hunting/oracle_views.h"
#include "hunting/scenario_case.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// The checker on a step that lays a meld no text allows: a set with a suit twice.
TEST(Checker, AMeldTheTextRefusesIsAFinding) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 0);
  const auto config = space.config(*library().find("rummy500"), {}, {});
  const Scenario sc = parse_scenarios(R"(
name: two decks
ruleset: rummy500
setup:
  players:
    A: { hand: [7S, 7S, 7H, 2C] }
    B: { hand: [KD] }
    C: { hand: [JC] }
    D: { hand: [10C] }
    E: { hand: [9C] }
  phase: play
)", "t.yaml", library()).at(0);
  GameState before = sc.start, after = sc.start;
  // What an engine that took the set would leave: the set on the table.
  Meld& m = after.table.melds[after.table.count++];
  m = Meld{};
  m.id = after.next_meld++;
  m.shape.kind = MeldKind::kSet;
  m.shape.size = 3;
  int slot = 0;
  for (Card c : before.hand(0)) {
    if (face_of(c).rank() != 7) continue;
    m.cards[size_t(slot)] = c;
    m.shape.faces[size_t(slot++)] = face_of(c);
    after.hand(0).erase(c);
  }
  Action a;
  a.kind = ActionKind::kMeld;
  Checker checker(config, CheckLevel::kAll);
  const std::optional<Finding> f = checker.after_step(before, a, false, Refusal::kNone, after);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->check, CheckId::kTableMeld) << f->message;
  EXPECT_EQ(f->verdict, "reject");
  // With the text's meld oracle left out (spec_fuzz, on a mutated ruleset), the checks after
  // it still judge the step: the engine, given the same step, does not make this state.
  Checker without_text(config, CheckLevel::kAll, CheckSet::all().without(CheckId::kTableMeld));
  const std::optional<Finding> g = without_text.after_step(before, a, false, Refusal::kNone, after);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->check, CheckId::kDeterminism) << g->message;
  EXPECT_THROW(CheckSet::all().without(CheckId::kConservation), std::invalid_argument);
}

// A hand that the empty stock ends never reaches the bound of turns, where the bound leaves
// the turns to draw the whole deck and many more; a ruleset whose bound is shorter ends its hands
// by the bound, and that is no finding (spec_fuzz's Liverpool with a bound of 13 turns and
// pass-ends).
TEST(Checker, AHandEndedByABoundShorterThanItsStockIsNoTerminationFinding) {
  const ConfigSpace space(library(), {"liverpool"}, std::nullopt, {}, 3);
  auto config = std::make_shared<Config>(*space.config(*library().find("liverpool"), {}, {{"empty-stock", "round-ends"}}));
  ASSERT_EQ(config->rules.draw.empty_stock, EmptyStock::kPassEnds);
  config->rules.max_turns = 13;
  // The oracles that read the text's rules (the catalog's model) know no bound of 13.
  const CheckSet checks = CheckSet::all().without(CheckId::kCatalog);
  int by_the_bound = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    GameState s = new_match(config->rules, 3, seed, 2);
    ASSERT_GT(s.stock.size(), config->rules.max_turns);
    Checker checker(config, CheckLevel::kAll, checks);
    const DealInfo dealt{seed, 2};
    ASSERT_FALSE(checker.hand_starts(s, &dealt));
    RandomPlayer player(seed);
    for (int step = 0; step < 400 && !s.hand_over; ++step) {
      const Action* a = player.legal(s, config->rules, true);
      ASSERT_TRUE(a);
      const GameState before = s;
      const Refusal verdict = apply(s, config->rules, *a);
      const std::optional<Finding> f = checker.after_step(before, *a, true, verdict, s);
      ASSERT_FALSE(f) << "seed " << seed << ": " << f->message;
    }
    by_the_bound += s.hand_over && s.last_out == kNoPlayer;
  }
  EXPECT_GT(by_the_bound, 0);  // the case is met, not only hands someone went out of
}

// The deal check counts the dealer and the round itself, from the first deal on: an engine
// that deals the next hand from the wrong seat, or with the wrong round's deal size, fails
// it even with the catalog (and its model) off, as play_fuzz and spec_fuzz run it.
TEST(Checker, TheDealCheckKeepsItsOwnDealerAndRound) {
  auto next_hand_finding = [](const std::string& ruleset, std::map<std::string, std::string> options, int players, int engine_dealer,
                              int engine_round) {
    const ConfigSpace space(library(), {ruleset}, std::nullopt, options, players);
    const RulesetSpec& spec = *library().find(ruleset);
    for (const OptionInfo& o : spec.options()) options.emplace(o.id, o.default_choice);
    const auto config = space.config(spec, {}, options);
    Checker checker(config, CheckLevel::kAll, CheckSet::all().without(CheckId::kCatalog).without(CheckId::kDeterminism));
    GameState first = new_match(config->rules, players, 5, players - 1);
    const DealInfo dealt{5, players - 1};
    EXPECT_FALSE(checker.hand_starts(first, &dealt));
    first.hand_over = true;  // the hand as it ended: the deal check reads only the next one
    Action next;
    next.kind = ActionKind::kNextHand;
    next.seed = 9;
    GameState after = new_match(config->rules, players, 9, engine_dealer);
    after.round = uint16_t(engine_round);
    after.dealer = uint8_t(engine_dealer);
    const std::optional<Finding> f = checker.after_step(first, next, false, Refusal::kNone, after);
    EXPECT_TRUE(!f || f->check == CheckId::kDeal) << to_string(f->check) << ": " << f->message;
    return f.has_value();
  };
  // The next dealer is the seat after the last one (A after the last player).
  EXPECT_FALSE(next_hand_finding("rummy500", {}, 3, 0, 2));
  EXPECT_TRUE(next_hand_finding("rummy500", {}, 3, 2, 2));  // the deal stayed with C
  EXPECT_TRUE(next_hand_finding("rummy500", {}, 3, 1, 2));  // it skipped A
}

// Liverpool with ten-then-twelve deals twelve cards from round 4: after round 3 (a setup the
// checker reads its round from), an engine that does not move on to round 4 deals ten, as
// its round says, and the deal check holds it to round 4 all the same.
TEST(Checker, TheDealCheckCountsTheRoundItself) {
  const Scenario sc = parse_scenarios(R"(name: round 3 ended
ruleset: liverpool
options: { deal-size: ten-then-twelve }
setup:
  players:
    A: { hand: [] }
    B: { hand: [2C, 9H] }
    C: { hand: [KD] }
  round: 3
  hand_over: true
  last_out: A
)", "t.yaml", library()).at(0);
  const auto config = scenario_config(sc, library());
  Action next;
  next.kind = ActionKind::kNextHand;
  next.seed = 9;
  next.player = sc.start.to_move;
  auto deal_finding = [&](const GameState& after) {
    Checker checker(config, CheckLevel::kAll, CheckSet::all().without(CheckId::kCatalog).without(CheckId::kDeterminism));
    EXPECT_FALSE(checker.hand_starts(sc.start, nullptr));
    const std::optional<Finding> f = checker.after_step(sc.start, next, false, Refusal::kNone, after);
    return f && f->check == CheckId::kDeal;
  };
  GameState right = sc.start;
  ASSERT_EQ(apply(right, config->rules, next), Refusal::kNone);
  EXPECT_EQ(right.hand(0).size(), 12);
  EXPECT_FALSE(deal_finding(right));
  GameState ten = new_match(config->rules, 3, 9, (sc.start.dealer + 1) % 3);  // ten cards each, as in round 3
  ten.round = 3;
  EXPECT_TRUE(deal_finding(ten));
}


// The model reads a setup itself: an engine whose reading of the setup goes wrong (a
// default taken otherwise, a card put elsewhere) differs from it at the start.
TEST(Checker, TheModelReadsTheSetupItself) {
  const std::string text = R"(name: a setup
ruleset: rummy500
setup:
  players:
    A: { hand: [7S, 8S, 9S, KD] }
    B: { hand: [2C, 3C], total: 40 }
  table:
    - { id: m1, owner: B, cards: [QH, QD, QC] }
  discard: [4H]
  stock: [5D]
  to_move: A
)";
  const Scenario sc = parse_scenarios(text, "t.yaml", library()).at(0);
  const YamlNode doc = parse_yaml(text, "t.yaml").at(0);
  const auto config = scenario_config(sc, library());
  auto start_finding = [&](const GameState& engine) {
    Checker checker(config, CheckLevel::kAll);
    return checker.hand_starts(engine, nullptr, doc.find("setup"));
  };
  EXPECT_FALSE(start_finding(sc.start));
  GameState wrong = sc.start;
  wrong.players[1].opened = false;  // B owns m1: opened unless the setup says otherwise
  EXPECT_TRUE(start_finding(wrong));
  wrong = sc.start;
  wrong.players[1].total = 0;
  EXPECT_TRUE(start_finding(wrong));
  wrong = sc.start;
  wrong.offer = Offer{};  // the 4H on the pile is on offer from B, the player before A
  EXPECT_TRUE(start_finding(wrong));
}

}  // namespace
}  // namespace meldcheck::hunt
