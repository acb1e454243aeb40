// Properties of scoring: 5 Rummikub rounds sum to zero, whether someone goes out or the
// pool runs out; 6 every finished hand's scores equal the oracle's reading of it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "properties/support.h"
#include "files/scenario.h"

namespace meldcheck::props {
namespace {

std::string scores_text(const std::vector<int>& scores) {
  std::string e = "  round_scores: {";
  for (size_t p = 0; p < scores.size(); ++p) e += (p ? ", " : " ") + player_name(int(p)) + ": " + std::to_string(scores[p]);
  return e + " }\n";
}

// 5. Rummikub rounds are zero-sum: with a short pool some end by the pool running out.
RC_GTEST_PROP(Properties, RummikubRoundsSumToZero, ()) {
  const Game g = *games({"rummikub"}, 300, true);
  std::string broken;
  std::vector<int> oracle_scores;
  Books books(g.config, start_of(g));
  const Trace t = play(g, [&](const GameState& before, const Step& step, const GameState& after) {
    if (step.verdict == Refusal::kNone) books.step(step.action);
    if (before.hand_over || !after.hand_over) return true;
    int sum = 0;
    for (int p = 0; p < after.num_players; ++p) sum += after.round_scores[p];
    if (sum != 0) {
      broken = "a round's scores sum to " + std::to_string(sum);
      oracle_scores = books.position().round_scores;
    }
    return broken.empty();
  });
  if (!broken.empty())
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("zero-sum", g, t, scores_text(oracle_scores), broken));
}

// 6. The scores the engine gives a finished hand are the oracle's: the reference model
// keeps its own books of the game from its start and scores the hand by each text's
// scoring section, for every ruleset, variant and option.
RC_GTEST_PROP(Properties, HandScoresMatchTheOracle, ()) {
  const Game g = *games({}, 600, *rc::gen::arbitrary<bool>());
  std::string broken;
  std::vector<int> want;
  Books books(g.config, start_of(g));
  const Trace t = play(g, [&](const GameState& before, const Step& step, const GameState& after) {
    if (step.verdict == Refusal::kNone) books.step(step.action);
    if (before.hand_over || !after.hand_over) return true;
    want = books.position().round_scores;
    for (int p = 0; p < after.num_players; ++p)
      if (want[size_t(p)] != after.round_scores[p])
        broken = player_name(p) + " scored " + std::to_string(after.round_scores[p]) + ", the text gives " +
                 std::to_string(want[size_t(p)]);
    return broken.empty();
  });
  if (!broken.empty())
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("hand-scores", g, t, scores_text(want), broken));
}

}  // namespace
}  // namespace meldcheck::props
