#include "hunting/play.h"

#include "engine/rng.h"
#include "hunting/boundary.h"

namespace meldcheck::hunt {
namespace {

// A hand that goes on this many steps a turn of its bound is a hand that never ends: a
// finding for simulate's judge (the termination check counts turns; this counts steps, so
// that a hand whose steps never end a turn is caught too), and the game is left there.
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

// Whether a step ended a turn, seen from the outside: play passed on, or came back to the draw.
bool counts_as_turn(const Action& a, Refusal verdict, int mover, Phase phase, const GameState& after) {
  return verdict == Refusal::kNone && a.kind != ActionKind::kClaim && phase != Phase::kRow &&
         (after.to_move != mover || (after.phase == Phase::kDraw && phase != Phase::kDraw));
}

}  // namespace

uint64_t next_hand_seed(const GameSpec& game, int hands) {
  SplitMix64 mix{game.play_seed ^ (uint64_t(hands) * 0xA24BAED4963EE407ull)};
  return mix.next();
}

CheckingJudge::CheckingJudge(std::shared_ptr<const Config> config, CheckLevel level, Stats* stats, CheckSet checks)
    : config_(config), level_(level), checker_(config, level, checks), coverage_(*config), stats_(stats) {
  if (stats_) {
    clauses_ = &stats_->clauses[config_->ruleset];
    clauses_->resize(config_->rules.catalog.size());
  }
}

std::optional<Finding> CheckingJudge::starts(const GameState& s, const DealInfo* dealt) {
  std::optional<Finding> f = checker_.hand_starts(s, dealt);
  if (!f && clauses_) coverage_.game_starts(*clauses_);
  return f;
}

std::optional<Checker::Probe> CheckingJudge::probe(const GameState& s, const Action& chosen, const std::vector<Action>* listed,
                                                   int64_t step) {
  if (step % kSampleEvery != 1 && level_ != CheckLevel::kAll) return std::nullopt;
  // Actions near the legal ones, tried: a finding is written as that action's step.
  std::optional<Checker::Probe> p = checker_.probe(s);
  Refusal near_verdict = Refusal::kNone;
  if (!p) p = checker_.near(s, chosen, &near_verdict);
  // A near step the engine and the catalog both refuse counts as its clause refusing.
  if (!p && clauses_ && near_verdict != Refusal::kNone) coverage_.refused(near_verdict, *clauses_);
  if (!p && listed) p = checker_.dropped(s, log_.dropped);
  if (!p) p = checker_.listing(s, listed);
  if (!p) return p;
  // Taken as a step, the probe fails the step's checks in their order, which is what the
  // shrinker reproduces (a swap the joker oracle refuses is its finding first).
  GameState after = s;
  const Refusal verdict = apply(after, config_->rules, p->action);
  if (std::optional<Finding> first = checker_.after_step(s, p->action, false, verdict, after)) p->finding = std::move(*first);
  return p;
}

std::optional<Finding> CheckingJudge::after(const GameState& before, const Action& a, bool listed, Refusal verdict,
                                            const GameState& after) {
  std::optional<Finding> f = checker_.after_step(before, a, listed, verdict, after);
  if (!f && clauses_) {
    coverage_.step(before, a, verdict, after, *clauses_);
    if (a.kind == ActionKind::kNextHand && verdict == Refusal::kNone) coverage_.game_starts(*clauses_);
  }
  return f;
}

std::optional<Finding> CheckingJudge::endless(const GameState& s, int64_t steps) {
  Finding f;
  f.check = CheckId::kTermination;
  f.message = "a hand still going after " + std::to_string(steps) + " steps, more than its bound of turns allows";
  f.expect = "round_over: true\n";
  f.about = "steps past the bound";
  f.about_state = true;
  (void)s;
  return f;
}

std::optional<Finding> CheckingJudge::at_rest(const GameState& s) {
  std::optional<Finding> f = checker_.state_checks(s);
  return f ? f : checker_.stuck(s);
}

void CheckingJudge::ends() {
  if (clauses_) coverage_.refusals(log_.refused, *clauses_);
}

std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Stats& stats,
                                 const std::atomic<bool>* stop) {
  if (settings.checks == CheckLevel::kNone) return play_game(game, settings, nullptr, stats, stop);
  CheckingJudge judge(game.config, settings.checks, &stats);
  return play_game(game, settings, &judge, stats, stop);
}

namespace {

// What a game has recorded so far: its trace, and then the finding that ends it.
struct GameRecord {
  Failure failure;
  Judge* judge = nullptr;

  void record(const Action& a, Refusal verdict, bool listed) {
    failure.trace.actions.push_back(a);
    failure.trace.verdicts.push_back(verdict);
    failure.trace.listed.push_back(listed);
  }
  // The finding's state: its own position, the state after the step, or the one before.
  std::optional<Failure> fail(Finding f, const GameState& before, const GameState& after) {
    failure.at = f.position ? *f.position : f.about_state ? after : before;
    failure.finding = std::move(f);
    judge->ends();
    return std::move(failure);
  }
};

// The step a game takes next: the next hand's deal once a hand is over, else an arbitrary
// action (settings.arbitrary of the time, of the kinds of step played) or the player's
// choice; nullptr when the player has none. `listed`: whether the enumeration proposed it.
class StepChooser {
 public:
  StepChooser(const GameSpec& game, const PlaySettings& settings, CandidateLog* log)
      : game_(game), settings_(settings), log_(log), player_(game.play_seed), coin_{game.play_seed ^ 0x5851F42D4C957F2Dull} {
    player_.keep_only(settings.steps);
    next_hand_.kind = ActionKind::kNextHand;
  }
  const Action* next(const GameState& s, int hands, bool& listed) {
    const RuleSet& r = game_.config->rules;
    if (s.hand_over) {
      next_hand_.player = s.to_move;
      next_hand_.seed = next_hand_seed(game_, hands);
      return &next_hand_;
    }
    if (settings_.arbitrary > 0 && double(coin_.next() >> 11) * 0x1.0p-53 < settings_.arbitrary &&
        settings_.steps.has((arbitrary_ = player_.arbitrary(s, r)).kind)) {
      listed = false;
      return &arbitrary_;
    }
    return player_.choose(s, r, settings_.policy, log_ ? &log_->refused : nullptr, log_ ? &log_->dropped : nullptr);
  }
  const std::vector<Action>& last_listed() const { return player_.last_listed(); }

 private:
  const GameSpec& game_;
  const PlaySettings& settings_;
  CandidateLog* log_;
  RandomPlayer player_;
  SplitMix64 coin_;
  Action next_hand_, arbitrary_;
};

// Where a game starts: its deal, or (settings.from_position) a boundary position bent from
// it, which may take a match into its next hand.
struct GameStart {
  GameState state;
  std::optional<BoundaryPosition> boundary;
  int hands_at_most = 1;
};

GameStart start_of(const GameSpec& game, const PlaySettings& settings, Stats& stats) {
  GameStart start;
  start.hands_at_most = settings.whole_match && settings.steps.has(ActionKind::kNextHand) ? kHandsPerMatchAtMost : 1;
  if (!settings.from_position(game.index)) {
    start.state = new_match(game.config->rules, game.players, game.deal_seed, game.players - 1);
    return start;
  }
  start.boundary = boundary_position(game);
  start.state = start.boundary->state;
  if (start.boundary->bends_the_match() && settings.steps.has(ActionKind::kNextHand))
    start.hands_at_most = std::max(start.hands_at_most, 2);
  std::string bends;
  for (Boundary b : start.boundary->bends) bends += (bends.empty() ? "" : "+") + std::string(boundary_name(b));
  ++stats.starts[bends.empty() ? "play" : bends];
  return start;
}

// A boundary start judged from its deal like any game: what the judge then reads of the
// bent position is its own play's up to the bend, and the bend a setup written before the
// game (its findings are the deal's game's).
std::optional<Failure> judge_the_way_to(const GameStart& start, const GameSpec& game, const DealInfo& dealt,
                                        GameRecord& rec) {
  const RuleSet& r = game.config->rules;
  rec.failure.trace.start = new_match(r, game.players, game.deal_seed, game.players - 1);
  rec.failure.from_setup = false;
  GameState p = rec.failure.trace.start;
  if (auto f = rec.judge->starts(p, &dealt)) return rec.fail(*f, p, p);
  for (const Action& a : start.boundary->prefix) {
    const GameState was = p;
    const bool listed = is_listed(was, r, a);
    const Refusal verdict = apply(p, r, a);
    rec.record(a, verdict, listed);
    if (auto f = rec.judge->after(was, a, listed, verdict, p)) return rec.fail(*f, was, p);
    if (rec.judge->halted()) break;
  }
  rec.failure.trace = Trace{.start = start.state};
  rec.failure.from_setup = true;
  return std::nullopt;
}

}  // namespace

std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Judge* judge, Stats& stats,
                                 const std::atomic<bool>* stop) {
  const Config& c = *game.config;
  const RuleSet& r = c.rules;
  ++stats.games;
  const GameStart start = start_of(game, settings, stats);
  GameState s = start.state;
  StepChooser choose(game, settings, judge ? judge->candidates() : nullptr);
  GameRecord rec;
  rec.judge = judge;
  rec.failure.game = game;
  rec.failure.trace.start = s;
  rec.failure.from_setup = start.boundary.has_value();
  const DealInfo dealt{game.deal_seed, game.players - 1};
  if (judge && start.boundary)
    if (auto f = judge_the_way_to(start, game, dealt, rec)) return f;
  if (judge)
    if (auto f = judge->starts(s, start.boundary ? nullptr : &dealt)) return rec.fail(*f, s, s);

  int hands = 0, hand_turns = 0;
  int64_t hand_actions = 0, hand_steps = 0;
  const int64_t step_bound = int64_t(r.max_turns) * kStepsPerTurnAtMost;
  GameState before;
  while (!s.game_over && !(judge && judge->halted())) {
    if (stop && (hand_steps & 63) == 0 && stop->load(std::memory_order_relaxed)) break;
    if (s.hand_over) {
      count_hand(s, c, hand_actions, hand_turns, stats);
      ++hands;
      hand_actions = hand_steps = hand_turns = 0;
      if (hands >= start.hands_at_most) break;
    }
    if (hand_steps++ > step_bound) {
      if (judge)
        if (auto f = judge->endless(s, hand_steps)) return rec.fail(*f, s, s);
      break;
    }

    bool listed = true;
    const Action* chosen = choose.next(s, hands, listed);
    if (!chosen) {
      if (judge)
        if (auto f = judge->stuck(s)) return rec.fail(*f, s, s);
      break;
    }
    if (!judge) {
      const int mover = s.to_move;
      const Phase phase = s.phase;
      const Refusal verdict = apply(s, r, *chosen);
      hand_turns += counts_as_turn(*chosen, verdict, mover, phase, s);
      hand_actions += verdict == Refusal::kNone;
      ++stats.actions;
      continue;
    }
    if (!s.hand_over) {  // (a hand over takes its next deal, never probed)
      if (auto probe = judge->probe(s, *chosen, listed ? &choose.last_listed() : nullptr, hand_steps)) {
        GameState after = s;
        rec.record(probe->action, apply(after, r, probe->action), false);
        return rec.fail(std::move(probe->finding), s, after);
      }
      if (judge->halted()) break;
    }
    before = s;
    const Refusal verdict = apply(s, r, *chosen);
    hand_turns += counts_as_turn(*chosen, verdict, before.to_move, before.phase, s);
    ++stats.actions;
    hand_actions += verdict == Refusal::kNone;
    rec.record(*chosen, verdict, listed);
    if (auto f = judge->after(before, *chosen, listed, verdict, s)) return rec.fail(*f, before, s);
  }
  if (s.hand_over && hand_actions > 0) count_hand(s, c, hand_actions, hand_turns, stats);
  if (s.game_over) ++stats.matches;
  if (judge) judge->ends();
  return std::nullopt;
}

}  // namespace meldcheck::hunt
