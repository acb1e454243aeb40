// A state written as a setup reads back to an equal state, for states met in random games
// of every ruleset and variant (mid-turn, finished hands and matches included).
#include "files/scenario_writer.h"

#include <gtest/gtest.h>

#include "engine/position.h"
#include "engine/random_play.h"
#include "files/scenario.h"

namespace meldcheck {
namespace {

GameState read_back(const GameState& s, const RuleSet& r, const std::vector<std::string>& variants) {
  ScenarioText head{"round trip", r.id, variants, {}, ""};
  const std::string text = write_scenario(head, s, r, {}, {});
  std::vector<Scenario> sc = parse_scenarios(text, "round-trip.yaml", RulesetLibrary::embedded());
  return sc.at(0).start;
}

TEST(ScenarioWriter, StatesReadBackEqual) {
  int states = 0;
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    std::vector<std::vector<std::string>> variant_sets = {{}};
    for (const VariantInfo& v : spec->variants()) variant_sets.push_back({v.id});
    for (const auto& variants : variant_sets) {
      const RuleSet r = spec->resolve(variants, {});
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        GameState s = new_match(r, r.players.min + int(seed % (r.players.max - r.players.min + 1)), seed, 0);
        RandomPlayer player(seed);
        for (int i = 0; i < 400 && !s.game_over; ++i) {
          if (i % 7 == 0) {
            const GameState back = read_back(s, r, variants);
            ASSERT_TRUE(back == s) << spec->id() << " seed " << seed << " action " << i << "\n"
                                   << write_setup(s, r, 2);
            ASSERT_EQ(hash_state(back), hash_state(s));
            ++states;
          }
          apply(s, r, *player.legal(s, r));
        }
      }
    }
  }
  EXPECT_GT(states, 100);
}

YamlNode scalar(std::string text) {
  YamlNode n;
  n.kind = YamlNode::Kind::kScalar;
  n.scalar = std::move(text);
  return n;
}

// A scenario of the ruleset's base whose setup is `setup`, read as the scenario reader reads one.
GameState read_setup_node(const RuleSet& r, YamlNode setup) {
  YamlNode doc;
  doc.kind = YamlNode::Kind::kMap;
  doc.entries.push_back({scalar("name"), scalar("stated")});
  doc.entries.push_back({scalar("ruleset"), scalar(r.id)});
  doc.entries.push_back({scalar("setup"), std::move(setup)});
  return ScenarioFile(std::vector<YamlNode>{std::move(doc)}, "stated.yaml", RulesetLibrary::embedded()).scenarios().at(0).start;
}

// A stated position's setup reads back to the position the statement makes: stated whole
// (every fact: the state itself), and stating only the facts that differ from their
// initial values (the rest left to the reader, as a scenario's author leaves them).
TEST(ScenarioWriter, StatedSetupsReadBackAsStated) {
  int states = 0;
  for (const auto& spec : RulesetLibrary::embedded().all()) {
    const RuleSet& r = spec->base();
    GameState s = new_match(r, r.players.min + 1, 5, 0);
    RandomPlayer player(5);
    for (int i = 0; i < 300 && !s.game_over; ++i) {
      if (i % 9 == 0) {
        const StatedPosition whole = state_position(s);
        ASSERT_TRUE(read_setup_node(r, stated_setup_node(whole, r)) == s) << spec->id() << " action " << i;
        StatedPosition some = whole;
#define MELDCHECK_UNSTATE_INITIAL(type, member, initial, key, expect_key, codec, told) \
  if (some.facts.member == type(initial)) some.facts.member.reset();
        MELDCHECK_POSITION_FACTS(MELDCHECK_UNSTATE_INITIAL)
#undef MELDCHECK_UNSTATE_INITIAL
        some.offer.reset();
        for (StatedSeat& seat : some.seats) seat.opened.reset(), seat.built_on_others.reset();
        ASSERT_TRUE(read_setup_node(r, stated_setup_node(some, r)) == make_position(r, some)) << spec->id() << " action " << i;
        ++states;
      }
      if (r.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty()) break;  // each step a solver proof
      apply(s, r, *player.legal(s, r));
    }
  }
  EXPECT_GT(states, 80);
}

TEST(ScenarioWriter, StepsReadBackAsTheSameActions) {
  const RuleSet& r = RulesetLibrary::embedded().find("rummy500")->base();
  GameState s = new_match(r, 3, 9, 2);
  RandomPlayer player(9);
  std::vector<Action> actions;
  const GameState start = s;
  for (int i = 0; i < 60 && !s.hand_over; ++i) {
    actions.push_back(*player.legal(s, r));
    apply(s, r, actions.back());
  }
  const std::string text = write_scenario({"steps", "rummy500", {}, {}, ""}, start, r, actions, {});
  std::vector<Scenario> sc = parse_scenarios(text, "steps.yaml", RulesetLibrary::embedded());
  GameState replayed = sc[0].start;
  ASSERT_EQ(sc[0].steps.size(), actions.size());
  for (const Step& step : sc[0].steps) {
    Action a = step.action;
    if (a.player == kNoPlayer) a.player = replayed.to_move;
    ASSERT_EQ(apply(replayed, sc[0].rules, a), Refusal::kNone) << step.text;
  }
  EXPECT_TRUE(replayed == s);
}

// A run of all thirteen ranks reads as ace low, ace high or bent round the corner; the
// setup keeps the reading written (found by the round-trip property in femhundra-rummy,
// where only building bends a run).
TEST(ScenarioWriter, AThirteenCardRunKeepsItsWrittenOrder) {
  const char* text = R"(name: corner
ruleset: femhundra-rummy
setup:
  players:
    A: { hand: [5C] }
    B: { hand: [6C] }
  table:
    - { id: m1, owner: B, cards: [9D, 10D, JD, QD, KD, AD, 2D, 3D, 4D, 5D, JK=6D, 7D, 8D@A] }
    - { id: m2, owner: A, cards: [AH, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 9H, 10H, JH, QH, KH] }
  to_move: A
)";
  const Scenario sc = parse_scenarios(text, "corner.yaml", RulesetLibrary::embedded()).at(0);
  const Shape& bent = sc.start.table.melds[0].shape;
  EXPECT_EQ(format_face(bent.faces[0], sc.rules.notation), "9D");
  EXPECT_EQ(format_face(bent.faces[12], sc.rules.notation), "8D");
  const Shape& low = sc.start.table.melds[1].shape;
  EXPECT_EQ(format_face(low.faces[0], sc.rules.notation), "AH");
  EXPECT_EQ(read_back(sc.start, sc.rules, {}), sc.start);
}

// The text written, to the byte (scenario files and findings are written in it): a finished
// rummy500 hand, whole and compact, and a step of each kind. The setups and steps are made
// as trees of values (setup_tree, step_tree) and the protocol hands those on as JSON.
TEST(ScenarioWriter, WritesTheSameTextAsEver) {
  // The cards, where whole and compact agree.
  const std::string cards = R"(  stock: [JS, 3C, 3S, 5H, 10C, 10S, 6C, JD, 8D, AH, QD, KS, 3H, 2S, 7S, QC, 9H, 10H]
  discard: [10D, 2H, 9D, JC, 9S, JH, 2C]
  table:
    - { id: m1, owner: A, cards: [JK=4C@C, 5C@C, JK=6C, 7C, 8C, 9C] }
    - { id: m2, owner: C, cards: [4S, 4H, 4C] }
    - { id: m3, owner: B, cards: [KH, KD, KC] }
    - { id: m4, owner: B, cards: [AS, AD, AC] }
    - { id: m5, owner: B, cards: [2D@A, 3D, 4D, 5D, 6D, 7D] }
    - { id: m6, owner: C, cards: [6H, 7H, 8H] }
  rest: out
)";
  const std::string whole = R"(  players:
    A: { hand: [8S, QH], total: 23, opened: true, penalty: 0, built_on_others: true }
    B: { hand: [5S, 6S, QS], total: 79, opened: true, penalty: 0, built_on_others: false }
    C: { hand: [], total: 53, opened: true, penalty: 0, built_on_others: true }
)" + cards + R"(  to_move: C
  first_player: A
  dealer: C
  phase: play
  hand_number: 1
  hand_over: true
  game_over: false
  winner: []
  last_out: C
  passes: 0
  next_meld: 7
  turns: 29
  rng: 13942075065423868002
  offer: { from: B, declined: true }
  turn: { freed_jokers: 0, melded: true, built_on_others: false, built: false, opened_now: false, discarded: false, actions: 1 }
  round_scores: { A: 23, B: 79, C: 53 }
)";
  const std::string compact = R"(  players:
    A: { hand: [8S, QH], total: 23, built_on_others: true }
    B: { hand: [5S, 6S, QS], total: 79 }
    C: { hand: [], total: 53, built_on_others: true }
)" + cards + R"(  to_move: C
  phase: play
  hand_over: true
  last_out: C
  turns: 29
  turn: { freed_jokers: 0, melded: true, built_on_others: false, built: false, opened_now: false, discarded: false, actions: 1 }
  round_scores: { A: 23, B: 79, C: 53 }
)";
  const RulesetLibrary& library = RulesetLibrary::embedded();
  const Scenario sc = parse_scenarios("name: written\nruleset: rummy500\nsetup:\n" + whole, "written.yaml", library).at(0);
  EXPECT_EQ(write_setup(sc.start, sc.rules, 2), whole);
  EXPECT_EQ(write_setup(sc.start, sc.rules, 2, SetupForm::kCompact), compact);
  for (const char* step : {"draw: stock", "take: top", "take: 2", "take: all", "take: 9S",
                           "meld: [[8S, 8H, JK=8], [5C, 6C, 7C]]", "layoff: { to: m1, cards: [10C] }",
                           "swap: { meld: m1, card: 4C }", "discard: QH", "arrange: [[8S, 8H, 8D]]", "pass:", "timeout:",
                           "claim: { take: top }", "claim: { take: top, layoff: { to: m2, cards: [4D] } }",
                           "claim: { take: 2, meld: [[9S, 9H, 9D]] }", "next_hand: { seed: 7 }",
                           "discard: QH\n    player: B", "pass:\n    player: C"}) {
    std::string alone = step;  // its `player:` as a step alone writes it, not in a list
    if (const size_t nl = alone.find("\n    "); nl != std::string::npos) alone.replace(nl, 5, "\n");
    const Step read = parse_step(alone, "step.yaml", sc.rules, 3, library);
    Action a = read.action;
    if (a.player == kNoPlayer) a.player = 0;
    EXPECT_EQ(write_step(a, sc.rules, 0), step);
  }
}

}  // namespace
}  // namespace meldcheck
