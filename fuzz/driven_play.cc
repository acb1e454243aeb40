#include "fuzz/driven_play.h"

#include <map>
#include <mutex>

#include "engine/random_play.h"

namespace meldcheck::fuzz {

namespace {

constexpr int kStartsKept = 12;
constexpr int kMostStepsPlayed = 300;

// Once a stock has run dry under the must-play rule, every draw or pass is judged by the
// solver's proof that the player cannot play: a step there costs a thousand others.
// rummikub_diff_fuzz and `meldcheck simulate` play those positions.
bool solver_bound(const GameState& s, const RuleSet& r) { return r.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty(); }

// Positions along a match played without checks from a fixed seed by RandomPlayer::legal
// (cards laid where the enumeration lists a way, three times in four): where most inputs
// start, so that a few
// bytes reach what takes a game hundreds of steps (a contract laid, a hand about to end, a
// later round). Made once for each configuration and player count, the same in every run.
std::vector<GameState> play_positions(const RuleSet& rules, int players) {
  std::vector<GameState> seen;
  RandomPlayer player(1);
  GameState s = new_match(rules, players, 1, players - 1);
  for (int step = 0; step < kMostStepsPlayed && !s.game_over && !solver_bound(s, rules); ++step) {
    seen.push_back(s);
    const Action* a = player.legal(s, rules, true);
    if (!a) break;
    apply(s, rules, *a);
  }
  std::vector<GameState> kept;
  for (int i = 0; i < kStartsKept && !seen.empty(); ++i) kept.push_back(seen[seen.size() * size_t(i) / kStartsKept]);
  return kept;
}

const std::vector<GameState>& played_positions(const Chosen& c) {
  static std::mutex mutex;
  static std::map<std::pair<const hunt::Config*, int>, std::vector<GameState>> made;
  const std::lock_guard lock(mutex);
  auto [it, fresh] = made.try_emplace({c.config.get(), c.players});
  if (fresh) it->second = play_positions(c.config->rules, c.players);
  return it->second;
}

}  // namespace

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps) {
  const Chosen chosen = choose_config(in);
  const RuleSet& rules = chosen.config->rules;
  hunt::GameSpec game{0, chosen.config, chosen.players, in.ConsumeIntegral<uint64_t>(), in.ConsumeIntegral<uint64_t>()};
  // A fresh deal from the bytes' seed, or a position of a match played beforehand.
  const std::vector<GameState>& played = played_positions(chosen);
  const size_t from = in.ConsumeIntegralInRange<size_t>(0, played.size());
  GameState s = from == 0 ? new_match(rules, game.players, game.deal_seed, game.players - 1) : played[from - 1];
  hunt::Checker checker(chosen.config, hunt::CheckLevel::kAll, checks);
  const hunt::DealInfo dealt{game.deal_seed, game.players - 1};
  Found found;
  hunt::Trace trace;
  trace.start = s;
  auto failed = [&](hunt::Finding f, const GameState& at) {
    found.failure = hunt::Failure{game, std::move(trace), std::move(f), at, from != 0};
    return found;
  };
  if (auto f = checker.hand_starts(s, from == 0 ? &dealt : nullptr)) return failed(*f, s);
  RandomPlayer player(game.play_seed);
  static thread_local std::vector<Action> legal;
  for (int steps = 0; in.remaining_bytes() > 0 && steps < most_steps && !s.game_over; ++steps) {
    if (solver_bound(s, rules)) break;
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
