// Properties of random games: every ruleset, every combination of its variants, random
// seats and seeds; a mix of legal actions (from the enumeration) and arbitrary ones.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "engine/invariants.h"
#include "engine/random_play.h"
#include "tools/ruleset_loader.h"

namespace meldcheck {
namespace {

// A game to play: the ruleset with some of its variants, the seats and the seeds.
struct Game {
  RuleSet rules;
  int players = 2;
  uint64_t deal_seed = 0, play_seed = 0;
  int actions = 0;
};

rc::Gen<Game> games() {
  const auto& specs = RulesetLibrary::embedded().all();
  return rc::gen::map(
      rc::gen::tuple(rc::gen::inRange<size_t>(0, specs.size()), rc::gen::arbitrary<uint32_t>(),
                     rc::gen::arbitrary<uint8_t>(), rc::gen::arbitrary<uint64_t>(), rc::gen::arbitrary<uint64_t>(),
                     rc::gen::inRange(1, 600)),
      [specs = &specs](const auto& t) {
        const auto& [spec_index, variant_mask, seats, deal_seed, play_seed, actions] = t;
        const RulesetSpec& spec = *(*specs)[spec_index];
        std::vector<std::string> variants;
        for (size_t i = 0; i < spec.variants().size(); ++i)
          if ((variant_mask >> i) & 1) variants.push_back(spec.variants()[i].id);
        Game g;
        g.rules = spec.resolve(variants, {});
        g.players = g.rules.players.min + seats % (g.rules.players.max - g.rules.players.min + 1);
        g.deal_seed = deal_seed;
        g.play_seed = play_seed;
        g.actions = actions;
        return g;
      });
}

std::string describe(const Game& g) {
  return g.rules.id + ", " + std::to_string(g.players) + " players, deal " + std::to_string(g.deal_seed) + ", play " +
         std::to_string(g.play_seed);
}

// Plays the game, calling check(before, action, verdict, after) after each action.
template <typename Check>
void play(const Game& g, Check&& check) {
  GameState s = new_match(g.rules, g.players, g.deal_seed, g.players - 1);
  RandomPlayer player(g.play_seed);
  for (int i = 0; i < g.actions && !s.game_over; ++i) {
    const bool legal = player.next() % 3 != 0;
    Action a;
    if (legal) {
      const Action* pick = player.legal(s, g.rules);
      RC_ASSERT(pick != nullptr);
      a = *pick;
    } else {
      a = player.arbitrary(s, g.rules);
    }
    const GameState before = s;
    const meldcheck::Check verdict = apply(s, g.rules, a);
    if (legal) RC_ASSERT(verdict == meldcheck::Check::kNone);
    check(before, a, verdict, s);
  }
}

RC_GTEST_PROP(GameProperties, CardsAreConservedAndMeldsStayValid, ()) {
  const Game g = *games();
  RC_TAG(g.rules.id);
  play(g, [&](const GameState&, const Action&, meldcheck::Check, const GameState& after) {
    const std::string broken = invariant_violation(after, g.rules);
    if (!broken.empty()) RC_FAIL(describe(g) + ": " + broken);
  });
}

RC_GTEST_PROP(GameProperties, ARefusedActionChangesNothingAndNamesAClause, ()) {
  const Game g = *games();
  play(g, [&](const GameState& before, const Action&, meldcheck::Check verdict, const GameState& after) {
    if (verdict == meldcheck::Check::kNone) return;
    RC_ASSERT(after == before);
    RC_ASSERT(hash_state(after) == hash_state(before));
    const std::string id = g.rules.rule_id(verdict);
    RC_ASSERT(RulesetLibrary::embedded().knows_rule(id));
  });
}

RC_GTEST_PROP(GameProperties, TheSameSeedsGiveTheSameGame, ()) {
  const Game g = *games();
  std::vector<uint64_t> first, second;
  play(g, [&](const GameState&, const Action&, meldcheck::Check, const GameState& after) { first.push_back(hash_state(after)); });
  play(g, [&](const GameState&, const Action&, meldcheck::Check, const GameState& after) { second.push_back(hash_state(after)); });
  RC_ASSERT(first == second);
}

}  // namespace
}  // namespace meldcheck
