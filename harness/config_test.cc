// The space of configurations a run draws its games from.
#include <gtest/gtest.h>

#include <set>

#include "harness/config.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

TEST(ConfigSpace, BadChoicesAreNamed) {
  auto message = [](auto&& make) {
    try {
      make();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { ConfigSpace(library(), {"canasta"}, std::nullopt, {}, 0); }).find("unknown ruleset 'canasta'"), std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::vector<std::string>{"taget"}, {}, 0); }).find("not a variant of rummy500"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::nullopt, {{"ace-runs", "sideways"}}, 0); }).find("no choice 'sideways'"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"rummy500"}, std::nullopt, {{"colour", "red"}}, 0); }).find("option 'colour'"),
            std::string::npos);
  EXPECT_NE(message([] { ConfigSpace(library(), {"liverpool"}, std::nullopt, {}, 2); }).find("not played by 2 players"),
            std::string::npos);
}

TEST(ConfigSpace, EveryMixOfVariantsAndEveryChoiceIsDrawn) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 0);
  std::set<std::string> mixes, choices;
  std::set<int> players;
  for (uint64_t i = 0; i < 2000; ++i) {
    const GameSpec g = space.game(3, i);
    std::string mix;
    for (const std::string& v : g.config->variants) mix += v + " ";
    mixes.insert(mix);
    choices.insert(g.config->options.at("ace-runs"));
    players.insert(g.players);
    EXPECT_EQ(g.deal_seed, space.game(3, i).deal_seed);  // the same game each time
  }
  EXPECT_EQ(mixes.size(), 16u);  // four variants
  EXPECT_EQ(choices.size(), 2u);
  EXPECT_EQ(players.size(), 7u);  // 2 to 8
}

}  // namespace
}  // namespace meldcheck::hunt
