// The protocol's `state` and steps are the scenario writer's setup and steps as JSON, built
// without YAML in between: the same values, of the same types, as the YAML written reads
// back as (that round trip, what the protocol answered before, is kept here as the reference).
#include "protocol/protocol.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "engine/random_play.h"
#include "files/scenario.h"
#include "files/json_text.h"
#include "hunting/boundary.h"
#include "harness/config.h"

namespace meldcheck {
namespace {

using nlohmann::json;

json read_back(const std::string& yaml) {
  const std::vector<YamlNode> docs = parse_yaml(yaml, "reference");
  return docs.empty() ? json::object() : yaml_to_json(docs[0]);
}

json state_read_back(const GameState& s, const RuleSet& r) {
  json state = read_back(write_setup(s, r, 0));
  state["round_over"] = s.hand_over;
  state["game_over"] = s.game_over;
  return state;
}

json step_read_back(const Action& a, const RuleSet& r, int to_move) {
  json step = read_back(write_step(a, r, a.player));
  if (a.player != to_move && step.is_object()) step["player"] = player_name(a.player);
  return step;
}

// The same JSON type at every node (a signed number is not an unsigned one), so that with
// the same text the values are the same to the byte.
bool same_types(const json& a, const json& b) {
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object())
    for (const auto& [key, value] : a.items())
      if (!b.contains(key) || !same_types(value, b[key])) return false;
  if (a.is_array())
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_types(a[i], b[i])) return false;
  return true;
}

#define ASSERT_SAME_JSON(got, want, where)             \
  do {                                                 \
    const json g = (got), w = (want);                  \
    ASSERT_EQ(json_text(g), json_text(w)) << (where);  \
    ASSERT_TRUE(same_types(g, w)) << (where);          \
  } while (false)

// Random games of every ruleset, mix of variants and option choice, half of them from a
// position at the rules' edges (hunting/boundary.h), played as whole matches: every position
// (a hand's first, mid-turn, finished hands and the match's end), and at every third one
// each listed step, from the player to move and from another, and arbitrary steps.
TEST(Protocol, StateAndStepsAreTheWrittenScenarioAsJson) {
  const RulesetLibrary& library = RulesetLibrary::embedded();
  const hunt::ConfigSpace space(library, {}, std::nullopt, {}, 0);
  std::set<std::string> rulesets;
  int positions = 0, hands_over = 0, games_over = 0, steps = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    const hunt::GameSpec game = space.game(3, i);
    const RuleSet& r = game.config->rules;
    rulesets.insert(game.config->ruleset);
    GameState s = i % 2 ? hunt::boundary_position(game).state
                        : new_match(r, game.players, game.deal_seed, game.players - 1);
    RandomPlayer player(game.play_seed);
    for (int k = 0; k < 250; ++k) {
      const std::string where = game.config->ruleset + ", game " + std::to_string(i) + ", step " + std::to_string(k);
      ASSERT_SAME_JSON(state_json(s, r), state_read_back(s, r), where);
      ++positions, hands_over += s.hand_over, games_over += s.game_over;
      const Action* listed = player.legal(s, r);
      if (!listed) break;
      const Action next = *listed;
      if (k % 3 == 0) {
        for (const Action& a : player.last_listed()) {
          for (int to_move : {int(s.to_move), (s.to_move + 1) % s.num_players, int(kNoPlayer)})
            ASSERT_SAME_JSON(step_json(a, r, to_move), step_read_back(a, r, to_move), where);
          ++steps;
        }
        for (int n = 0; n < 4; ++n) {
          const Action a = player.arbitrary(s, r);
          ASSERT_SAME_JSON(step_json(a, r, s.to_move), step_read_back(a, r, s.to_move), where);
          ++steps;
        }
      }
      apply(s, r, next);
    }
  }
  EXPECT_EQ(rulesets.size(), library.all().size());
  EXPECT_GT(positions, 5000);
  EXPECT_GT(hands_over, 20);
  EXPECT_GT(games_over, 3);
  EXPECT_GT(steps, 15000);
}

// A fact's value is what its text reads back as (the oddest values: no seat, no winner or
// several, a generator state past 2^63).
template <typename Codec, typename T>
void expect_fact_reads_back(Codec codec, T value) {
  ASSERT_SAME_JSON(fact_json(codec, value), read_back(fact_text(codec, value)), fact_text(codec, value));
}

TEST(Protocol, FactsAreTheirTextAsJson) {
  for (uint8_t seat : {uint8_t(0), uint8_t(3), kNoPlayer}) expect_fact_reads_back(facts::SeatOrNone{}, seat);
  for (uint8_t winners : {0, 1, 6, 255}) expect_fact_reads_back(facts::Seats{}, winners);
  for (uint64_t rng : {uint64_t(0), uint64_t(1) << 62, ~uint64_t(0)}) expect_fact_reads_back(facts::Word64{}, rng);
  expect_fact_reads_back(facts::PhaseName{}, Phase::kRow);
  expect_fact_reads_back(facts::Flag{}, true);
}

// A setup whose table meld is no meld is refused naming the clause it breaks; a setup that
// is merely malformed names none.
TEST(Protocol, ASetupThatBreaksARuleNamesIt) {
  std::istringstream in(
      R"({"id":1,"cmd":"new","ruleset":"rummikub","setup":{"players":{"A":{"hand":["R1"]},"B":{"hand":["B1"]}},"table":[{"id":"m1","cards":["R5","R5","B5"]}]}})"
      "\n"
      R"({"id":2,"cmd":"new","ruleset":"rummikub","setup":{"players":{"A":{"hand":["Q9"]},"B":{"hand":["B1"]}}}})"
      "\n");
  std::ostringstream out;
  serve(in, out, RulesetLibrary::embedded());
  std::istringstream lines(out.str());
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  const json a = json::parse(first), b = json::parse(second);
  EXPECT_EQ(a["error"]["code"], "bad-request");
  EXPECT_EQ(a["error"]["rule"], "rummikub/set.group") << first;
  EXPECT_EQ(b["error"]["code"], "bad-request");
  EXPECT_FALSE(b["error"].contains("rule")) << second;
}

}  // namespace
}  // namespace meldcheck
