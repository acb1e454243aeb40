// Random play with checks: one game (a hand, or a whole match) played by a policy, every
// step checked (hunting/checks.h) and counted (hunting/stats.h), and on the first finding the
// game as it was played, for the shrinker.
#pragma once

#include <atomic>
#include <optional>
#include <vector>

#include "engine/random_play.h"
#include "hunting/checks.h"
#include "harness/config.h"
#include "harness/coverage.h"
#include "hunting/stats.h"

namespace meldcheck::hunt {

struct PlaySettings {
  Policy policy = Policy::kRandom;
  double arbitrary = 0;                  // the chance that a step is an arbitrary action
  CheckLevel checks = CheckLevel::kAll;  // kNone also leaves the coverage uncounted (simulate's judge)
  bool whole_match = false;              // play hands until the match is over
  // Where each game starts: its deal, a boundary position (hunting/boundary.h), or a mix - one
  // game in kBoundaryEvery from a boundary position, the others from their deal, by the
  // game's index (so the same games for any number of jobs).
  enum class Start : uint8_t { kDeal, kPositions, kMixed } start = Start::kDeal;
  bool from_position(uint64_t game_index) const {
    return start == Start::kPositions || (start == Start::kMixed && game_index % kBoundaryEvery == kBoundaryEvery - 1);
  }
  static constexpr uint64_t kBoundaryEvery = 4;
  // The kinds of step played (another engine's: those it implements). Without next_hand a
  // game is one hand, whole_match or not.
  ActionKinds steps = ActionKinds::all();
};

// A game as it was played: where it started and its steps.
struct Trace {
  GameState start;
  std::vector<Action> actions;
  std::vector<Refusal> verdicts;
  std::vector<bool> listed;  // the action came from the enumeration
};

struct Failure {
  GameSpec game;
  Trace trace;  // up to and including the failing step (no step for a finding about the deal)
  Finding finding;
  // The state the finding is about: before the failing step, or (about_state) after it.
  GameState at;
  // The game starts from trace.start as a scenario's setup states it, not from the rules'
  // deal of game.deal_seed (a position built by a fuzz target).
  bool from_setup = false;
};

// The candidates the enumeration proposed and refused at the last choice: counted by check
// over the game, and this step's own.
struct CandidateLog {
  CheckTally refused{};
  std::vector<Action> dropped;
};

// Who judges a game as it is played (play_game) or replayed (recheck), step by step. The
// game itself is always played on meldcheck's engine; the judge is meldcheck's own checks
// and oracles (CheckingJudge: simulate), or another engine given the same steps and held to
// meldcheck's answers (lockstep, protocol/engine_lockstep.cc).
class Judge {
 public:
  virtual ~Judge() = default;
  // The game starts at `s`: dealt by the rules (`dealt`), or from a setup (nullptr).
  virtual std::optional<Finding> starts(const GameState& s, const DealInfo* dealt) = 0;
  // Before `chosen` is taken at `s` (the `step`th of the hand, from 1; `listed`: the
  // enumeration's list, when `chosen` came from it): an action tried, not taken, that
  // shows a finding. The finding is the first the judge has for that action taken as a step.
  virtual std::optional<Checker::Probe> probe(const GameState& s, const Action& chosen, const std::vector<Action>* listed,
                                              int64_t step) = 0;
  // After a step: the state before it, the action, whether the enumeration listed it, the
  // verdict, the state after it.
  virtual std::optional<Finding> after(const GameState& before, const Action& a, bool listed, Refusal verdict,
                                       const GameState& after) = 0;
  // A hand still going in which the enumeration lists nothing.
  virtual std::optional<Finding> stuck(const GameState& s) = 0;
  // A hand still going after more steps than its bound of turns allows any hand: a hand
  // that never ends (nothing for a judge that is not about meldcheck's own engine).
  virtual std::optional<Finding> endless(const GameState&, int64_t) { return std::nullopt; }
  // A case without steps, once started: what the judge finds of the state alone.
  virtual std::optional<Finding> at_rest(const GameState&) { return std::nullopt; }
  // Replaying a case: a probe of the judge's about `a` at `s`, found again (the last step
  // of a case shrunk from a probe that another engine answers, which taking would hide).
  virtual std::optional<Finding> probe_again(const GameState&, const Action&) { return std::nullopt; }
  // Where the judge keeps the candidates the enumeration refused (nullptr: it needs none).
  virtual CandidateLog* candidates() { return nullptr; }
  // The judge cannot go on (another engine failed): the game ends with no finding.
  virtual bool halted() const { return false; }
  // The game is over, played out or cut short.
  virtual void ends() {}
};

// simulate's judge: every check of hunting/checks.h at `level`, and the coverage counted into
// `stats` (none when null).
class CheckingJudge : public Judge {
 public:
  CheckingJudge(std::shared_ptr<const Config> config, CheckLevel level, Stats* stats, CheckSet checks = CheckSet::all());
  std::optional<Finding> starts(const GameState& s, const DealInfo* dealt) override;
  std::optional<Checker::Probe> probe(const GameState& s, const Action& chosen, const std::vector<Action>* listed,
                                      int64_t step) override;
  std::optional<Finding> after(const GameState& before, const Action& a, bool listed, Refusal verdict,
                               const GameState& after) override;
  std::optional<Finding> stuck(const GameState& s) override { return checker_.stuck(s); }
  std::optional<Finding> endless(const GameState& s, int64_t steps) override;
  std::optional<Finding> at_rest(const GameState& s) override;
  CandidateLog* candidates() override { return stats_ ? &log_ : nullptr; }
  void ends() override;

 private:
  std::shared_ptr<const Config> config_;
  CheckLevel level_;
  Checker checker_;
  Coverage coverage_;
  Stats* stats_;
  std::vector<ClauseTally>* clauses_ = nullptr;
  CandidateLog log_;
};

// Plays one game on meldcheck's engine, adding it to `stats`, each step judged by `judge`
// (none: unchecked, as fast as the engine goes). Returns the judge's first finding. Stops
// early, with what it played so far, when `stop` is set or the judge halts.
std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Judge* judge, Stats& stats,
                                 const std::atomic<bool>* stop = nullptr);
// The same judged by every check of settings.checks (simulate).
std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Stats& stats,
                                 const std::atomic<bool>* stop = nullptr);

// The seed of the next hand of a match, after `hands` hands of the game.
uint64_t next_hand_seed(const GameSpec& game, int hands);

}  // namespace meldcheck::hunt
