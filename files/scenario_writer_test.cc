// A state written as a setup reads back to an equal state, for states met in random games
// of every ruleset and variant (mid-turn, finished hands and matches included).
#include "files/scenario_writer.h"

#include <gtest/gtest.h>

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
    ASSERT_EQ(apply(replayed, sc[0].rules, a), Check::kNone) << step.text;
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

}  // namespace
}  // namespace meldcheck
