#include "hunt/play.h"

#include "engine/rng.h"

namespace meldcheck::hunt {
namespace {

// A hand that goes on this many steps past its bound of turns is abandoned, so that a
// run ends even on an engine that never ends a hand (with the checks on, the termination
// check reports it long before).
constexpr int kStepsPerTurnAtMost = 50;
// A match nobody can win (scores that never reach the target, as when nobody goes out
// and each hand costs a penalty) is left after this many hands.
constexpr int kHandsPerMatchAtMost = 1000;

// `turns`: the hand's turns as counted here, from the outside (play passed on, or came back
// to the draw), not the engine's own count.
void count_hand(const GameState& s, const Config& c, int64_t actions, int turns, Stats& stats) {
  ++stats.hands;
  ++stats.hand_lengths[actions];
  EndCounts& end = stats.ends[c.ruleset];
  if (s.last_out != kNoPlayer) ++end.went_out;
  else if (turns >= c.rules.max_turns) ++end.turn_bound;
  else ++end.stock_ran_dry;
  SeatTally& seats = stats.seats[c.ruleset + "/" + std::to_string(s.num_players)];
  ++seats.hands;
  const int n = s.num_players;
  for (int p = 0; p < n; ++p) seats.points[size_t((p - s.first_player + n) % n)] += s.round_scores[p];
  if (s.last_out != kNoPlayer) ++seats.wins[size_t((s.last_out - s.first_player + n) % n)];
}

}  // namespace

uint64_t next_hand_seed(const GameSpec& game, int hands) {
  SplitMix64 mix{game.play_seed ^ (uint64_t(hands) * 0xA24BAED4963EE407ull)};
  return mix.next();
}

std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Stats& stats,
                                 const std::atomic<bool>* stop) {
  const Config& c = *game.config;
  const RuleSet& r = c.rules;
  const bool checked = settings.checks != CheckLevel::kNone;
  ++stats.games;
  GameState s = new_match(r, game.players, game.deal_seed, game.players - 1);
  Checker checker(game.config, settings.checks);
  Coverage coverage(c);
  std::vector<ClauseTally>& clauses = stats.clauses[c.ruleset];
  clauses.resize(r.catalog.size());
  CheckTally refused{};
  std::vector<Action> dropped;  // the candidates the enumeration refused at this step
  RandomPlayer player(game.play_seed);
  SplitMix64 coin{game.play_seed ^ 0x5851F42D4C957F2Dull};

  Failure failure;
  failure.game = game;
  failure.trace.start = s;
  auto fail = [&](Finding f, const GameState& at) {
    failure.finding = std::move(f);
    failure.at = at;
    coverage.refusals(refused, clauses);
    return std::optional<Failure>(std::move(failure));
  };

  const DealInfo dealt{game.deal_seed, game.players - 1};
  if (auto f = checker.hand_starts(s, &dealt)) return fail(*f, s);
  if (checked) coverage.game_starts(clauses);

  int hands = 0, hand_turns = 0;
  int64_t hand_actions = 0, hand_steps = 0;
  const int64_t step_bound = int64_t(r.max_turns) * kStepsPerTurnAtMost;
  GameState before;
  Action next_hand;
  next_hand.kind = ActionKind::kNextHand;
  while (!s.game_over) {
    if (stop && (hand_steps & 63) == 0 && stop->load(std::memory_order_relaxed)) break;
    if (s.hand_over) {
      count_hand(s, c, hand_actions, hand_turns, stats);
      ++hands;
      hand_actions = hand_steps = hand_turns = 0;
      if (!settings.whole_match || hands >= kHandsPerMatchAtMost) break;
    }
    if (hand_steps++ > step_bound) break;

    const Action* chosen = nullptr;
    Action arbitrary;
    bool listed = true;
    if (s.hand_over) {
      next_hand.player = s.to_move;
      next_hand.seed = next_hand_seed(game, hands);
      chosen = &next_hand;
    } else if (settings.arbitrary > 0 && double(coin.next() >> 11) * 0x1.0p-53 < settings.arbitrary) {
      arbitrary = player.arbitrary(s, r);
      chosen = &arbitrary;
      listed = false;
    } else {
      chosen = player.choose(s, r, settings.policy, checked ? &refused : nullptr, checked ? &dropped : nullptr);
      if (!chosen) {
        if (auto f = checker.stuck(s)) return fail(*f, s);
        break;
      }
    }
    if (checked && chosen != &next_hand && (hand_steps % kSampleEvery == 1 || settings.checks == CheckLevel::kAll)) {
      // Actions near the legal ones, tried: a finding is written as that action's step.
      auto probe = checker.probe(s);
      if (!probe) probe = checker.near(s, *chosen);
      if (!probe && listed) probe = checker.dropped(s, dropped);
      if (!probe) probe = checker.listing(s, listed ? &player.last_listed() : nullptr);
      if (probe) {
        // Taken as a step, the probe fails the step's checks in their order, which is what
        // the shrinker reproduces (a swap the joker oracle refuses is its finding first).
        GameState after = s;
        const Check verdict = apply(after, r, probe->action);
        const std::optional<Finding> first = checker.after_step(s, probe->action, false, verdict, after);
        failure.trace.actions.push_back(probe->action);
        failure.trace.verdicts.push_back(verdict);
        failure.trace.listed.push_back(false);
        if (!first) return fail(probe->finding, s);
        return fail(*first, first->position ? *first->position : first->about_state ? after : s);
      }
    }
    if (checked) before = s;
    const int mover = s.to_move;
    const Phase phase = s.phase;
    const Check verdict = apply(s, r, *chosen);
    hand_turns += verdict == Check::kNone && chosen->kind != ActionKind::kClaim && phase != Phase::kRow &&
                  (s.to_move != mover || (s.phase == Phase::kDraw && phase != Phase::kDraw));
    if (!checked) {
      hand_actions += verdict == Check::kNone;
      ++stats.actions;
      continue;
    }
    ++stats.actions;
    hand_actions += verdict == Check::kNone;
    failure.trace.actions.push_back(*chosen);
    failure.trace.verdicts.push_back(verdict);
    failure.trace.listed.push_back(listed);
    if (auto f = checker.after_step(before, *chosen, listed, verdict, s))
      return fail(*f, f->position ? *f->position : f->about_state ? s : before);
    coverage.step(before, *chosen, verdict, s, clauses);
    if (chosen == &next_hand && verdict == Check::kNone) coverage.game_starts(clauses);
  }
  if (s.hand_over && hand_actions > 0) count_hand(s, c, hand_actions, hand_turns, stats);
  if (s.game_over) ++stats.matches;
  if (checked) coverage.refusals(refused, clauses);
  return std::nullopt;
}

}  // namespace meldcheck::hunt
