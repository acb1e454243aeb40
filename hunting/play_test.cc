// Play: a hand that never ends is a finding.
#include <gtest/gtest.h>

#include "harness/config.h"
#include "hunting/play.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// A hand still going past the steps its bound of turns allows is a finding, not a game
// dropped as clean (here a bound of no turns at all: the first step is one too many).
TEST(Play, AHandPastItsStepBoundIsAFinding) {
  const ConfigSpace space(library(), {"rummy500"}, std::nullopt, {}, 3);
  GameSpec game = space.game(1, 0);
  auto config = std::make_shared<Config>(*game.config);
  config->rules.max_turns = 0;
  game.config = config;
  Stats stats;
  PlaySettings play;
  const std::optional<Failure> f = play_game(game, play, stats);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->finding.check, CheckId::kTermination);
  EXPECT_EQ(f->finding.about, "steps past the bound");
}

}  // namespace
}  // namespace meldcheck::hunt
