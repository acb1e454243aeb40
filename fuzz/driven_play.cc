#include "fuzz/driven_play.h"

#include <deque>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>

#include "engine/random_play.h"
#include "files/scenario_writer.h"
#include "fuzz/position.h"
#include "hunting/nearby.h"

namespace meldcheck::fuzz {

namespace {

constexpr size_t kStarts = 25;
constexpr int kStepsApart = 12;

// Once a stock has run dry under the must-play rule, every draw or pass is judged by the
// solver's proof that the player cannot play: a step there costs a thousand others.
// rummikub_diff_fuzz and `meldcheck simulate` play those positions.
bool solver_bound(const GameState& s, const RuleSet& r) { return r.draw.empty_stock == EmptyStock::kMustPlay && s.stock.empty(); }

// A position of a match played beforehand, with the reference model's own reading of it
// written out as a setup: read when an input first starts there (most positions of most
// configurations never are), once, not once an input.
struct Played {
  GameState state;
  std::optional<hunt::ModelSetup> read;  // model_setup(setup_node(state)): what Checker::hand_starts starts from
};

// Positions along a match played without checks from a fixed seed by RandomPlayer::legal
// (cards laid where the enumeration lists a way, three times in four), kStepsApart steps
// apart: where most inputs start, so that a few bytes reach what takes a game hundreds of
// steps (a contract laid, a hand about to end, a later round). The same in every run, and
// played only as far as an input has asked, once for each configuration and player count.
class PlayedMatch {
 public:
  PlayedMatch(const hunt::Config& config, int players)
      : config_(config), s_(new_match(config.rules, players, 1, players - 1)) {}

  // Position `i` (1-based), or the last one of a match that ended before it; nullptr when
  // the match ended at once. The model reads it with the house's meld text.
  const Played* position(size_t i, const oracle::MeldText& text) {
    while (kept_.size() < i && !ended_) {
      for (int step = 0; step < kStepsApart && !ended_; ++step) {
        const RuleSet& rules = config_.rules;
        const Action* a = s_.game_over || solver_bound(s_, rules) ? nullptr : player_.legal(s_, rules, true);
        if (a) apply(s_, rules, *a);
        ended_ = !a;
      }
      if (!ended_) kept_.push_back({s_, std::nullopt});
    }
    if (kept_.empty()) return nullptr;
    Played& p = kept_[std::min(i, kept_.size()) - 1];
    if (!p.read) p.read = hunt::model_setup(setup_node(p.state, config_.rules), config_, text);
    return &p;
  }

 private:
  const hunt::Config& config_;
  RandomPlayer player_{1};
  GameState s_;
  bool ended_ = false;
  std::deque<Played> kept_;  // stable addresses as it grows
};

// The matches of the configurations met most recently: all are kept up to a bound and then
// dropped together, so that a long run's memory stays under libFuzzer's limit.
constexpr size_t kMatchesKept = 8192;

// Hashed, not ordered: looked up by every input that starts from a played position.
struct MatchKeyHash {
  size_t operator()(const std::pair<std::shared_ptr<const hunt::Config>, int>& k) const {
    return std::hash<const hunt::Config*>{}(k.first.get()) * 31 + size_t(k.second);
  }
};

const Played* played_position(const Chosen& c, size_t i) {
  static std::mutex mutex;
  static std::unordered_map<std::pair<std::shared_ptr<const hunt::Config>, int>, PlayedMatch, MatchKeyHash> made;
  const std::lock_guard lock(mutex);
  std::pair key{c.config, c.players};
  auto it = made.find(key);
  if (it == made.end()) {
    if (made.size() >= kMatchesKept) made.clear();
    it = made.try_emplace(std::move(key), *c.config, c.players).first;
  }
  return it->second.position(i, c.oracle->meld_text());
}

}  // namespace

Found driven_game(FuzzedDataProvider& in, hunt::CheckSet checks, MadeUp made_up, int most_steps) {
  const Chosen chosen = choose_config(in);
  const RuleSet& rules = chosen.config->rules;
  hunt::GameSpec game{0, chosen.config, chosen.players, in.ConsumeIntegral<uint64_t>(), in.ConsumeIntegral<uint64_t>()};
  // A fresh deal from the bytes' seed, or a position of a match played beforehand.
  const size_t start = in.ConsumeIntegralInRange<size_t>(0, kStarts);
  const Played* played = start == 0 ? nullptr : played_position(chosen, start);
  GameState s = played ? played->state : new_match(rules, game.players, game.deal_seed, game.players - 1);
  hunt::Checker checker(chosen.config, hunt::CheckLevel::kAll, checks, chosen.oracle);
  const hunt::DealInfo dealt{game.deal_seed, game.players - 1};
  Found found;
  hunt::Trace& trace = reused_trace(s, size_t(most_steps));
  auto failed = [&](hunt::Finding f, const GameState& at) {
    found.failure = hunt::Failure{game, trace, std::move(f), at, played != nullptr};
    return found;
  };
  // A played position is judged as a setup written before the game, as a scenario's is: the
  // checker's model starts from its own reading of the position's setup (read once for the match), not
  // from the steps that led there (playing those through the model at every input would
  // cost the target its speed; simulate's boundary starts play them).
  if (auto f = played ? checker.hand_starts(s, *played->read) : checker.hand_starts(s, &dealt)) return failed(*f, s);
  RandomPlayer player(game.play_seed);
  // The actions of one kind, in a list kept across inputs: under ASan a fresh list of 64
  // actions (21 KB) an input cost play_fuzz a twentieth of its time (a fill, a quarantine).
  static thread_local std::vector<Action> legal;
  legal.reserve(64);
  for (int steps = 0; in.remaining_bytes() > 0 && steps < most_steps && !s.game_over; ++steps) {
    if (solver_bound(s, rules)) break;
    const bool listed = in.ConsumeBool();
    Action a;
    if (listed || made_up == MadeUp::kNear) {
      list_some(s, rules, legal, [&](size_t kinds) { return in.ConsumeIntegralInRange<size_t>(0, kinds - 1); });
      if (legal.empty()) {
        if (auto f = checker.stuck(s)) return failed(*f, s);
        break;
      }
      a = legal[in.ConsumeIntegralInRange<size_t>(0, legal.size() - 1)];
      if (!listed) a = hunt::nearby(s, a, in.ConsumeIntegral<uint64_t>());
    } else {
      a = player.arbitrary(s, rules);
    }
    const GameState before = s;
    const Refusal verdict = apply(s, rules, a);
    trace.actions.push_back(a);
    trace.verdicts.push_back(verdict);
    trace.listed.push_back(listed);
    if (auto f = checker.after_step(before, a, listed, verdict, s)) return failed(*f, f->about_state ? s : before);
  }
  return found;
}

}  // namespace meldcheck::fuzz
