// Random play for properties, fuzzers, benchmarks and `meldcheck simulate`: a legal
// action chosen by a policy (uniformly, greedily, or biased towards laying cards so that
// hands end), and arbitrary actions that the engine must refuse cleanly when they break a
// rule.
#pragma once

#include <vector>

#include "engine/engine.h"
#include "engine/rng.h"

namespace meldcheck {

enum class Policy : uint8_t {
  kRandom,  // uniformly among the legal actions
  kGreedy,  // go out, meld, lay off and arrange whenever possible, the most cards first (the solver's best arrangement)
};

class RandomPlayer {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_{seed} {}

  // A legal action of the state, or nullptr when there is none (the game is over): one
  // that lays cards three times in four where there is one. `quick` lists the actions
  // without ever asking the solver (quick_legal_actions).
  const Action* legal(const GameState& s, const RuleSet& r, bool quick = false);
  // A legal action chosen by the policy, or nullptr when there is none. With `refused`,
  // the candidates the enumeration dropped are counted there, and with `dropped` kept.
  const Action* choose(const GameState& s, const RuleSet& r, Policy policy, CheckTally* refused = nullptr,
                       std::vector<Action>* dropped = nullptr);
  // An action of any kind with random cards, seats and targets: usually refused.
  Action arbitrary(const GameState& s, const RuleSet& r);
  // The legal actions `legal` or `choose` last listed (of the state it was asked about).
  const std::vector<Action>& last_listed() const { return legal_; }
  uint64_t next() { return rng_.next(); }
  // Plays only steps of these kinds (another engine's: what it implements); all by default,
  // which draws exactly as before.
  void keep_only(ActionKinds kinds) { kinds_ = kinds; }

 private:
  void drop_other_kinds();

  ActionKinds kinds_ = ActionKinds::all();
  SplitMix64 rng_;
  std::vector<Action> legal_;
  std::vector<const Action*> laying_;
};

}  // namespace meldcheck
