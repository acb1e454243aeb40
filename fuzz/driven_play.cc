#include "fuzz/driven_play.h"

#include "engine/random_play.h"

namespace meldcheck::fuzz {

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps) {
  const Chosen chosen = choose_config(in);
  const RuleSet& rules = chosen.config->rules;
  hunt::GameSpec game{0, chosen.config, chosen.players, in.ConsumeIntegral<uint64_t>(), in.ConsumeIntegral<uint64_t>()};
  GameState s = new_match(rules, game.players, game.deal_seed, game.players - 1);
  hunt::Checker checker(chosen.config, hunt::CheckLevel::kAll, checks);
  const hunt::DealInfo dealt{game.deal_seed, game.players - 1};
  Found found;
  hunt::Trace trace;
  trace.start = s;
  auto failed = [&](hunt::Finding f, const GameState& at) {
    found.failure = hunt::Failure{game, std::move(trace), std::move(f), at};
    return found;
  };
  if (auto f = checker.hand_starts(s, &dealt)) return failed(*f, s);
  RandomPlayer player(game.play_seed);
  static thread_local std::vector<Action> legal;
  for (int steps = 0; in.remaining_bytes() > 0 && steps < most_steps && !s.game_over; ++steps) {
    // Once a stock has run dry under the must-play rule, every draw or pass is judged by
    // the solver's proof that the player cannot play: a step there costs a thousand
    // others. rummikub_diff_fuzz and `meldcheck simulate` play those positions.
    if (rules.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty()) break;
    const bool listed = in.ConsumeBool();
    Action a;
    if (listed || made_up == MadeUp::kNear) {
      quick_legal_actions(s, rules, legal);
      if (legal.empty()) break;
      a = legal[in.ConsumeIntegralInRange<size_t>(0, legal.size() - 1)];
      if (!listed) a = hunt::nearby(s, a, in.ConsumeIntegral<uint64_t>());
    } else {
      a = player.arbitrary(s, rules);
    }
    const GameState before = s;
    const Check verdict = apply(s, rules, a);
    trace.actions.push_back(a);
    trace.verdicts.push_back(verdict);
    trace.listed.push_back(listed);
    if (auto f = checker.after_step(before, a, listed, verdict, s)) return failed(*f, f->about_state ? s : before);
  }
  return found;
}

}  // namespace meldcheck::fuzz
