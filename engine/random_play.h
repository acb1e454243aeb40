// Random play for properties, fuzzers and benchmarks: a legal action chosen at random
// (biased towards laying cards so that hands end), and arbitrary actions that the engine
// must refuse cleanly when they break a rule.
#pragma once

#include <vector>

#include "engine/engine.h"
#include "engine/rng.h"

namespace meldcheck {

class RandomPlayer {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_{seed} {}

  // A legal action of the state, or nullptr when there is none (the game is over).
  const Action* legal(const GameState& s, const RuleSet& r);
  // An action of any kind with random cards, seats and targets: usually refused.
  Action arbitrary(const GameState& s, const RuleSet& r);
  uint64_t next() { return rng_.next(); }

 private:
  SplitMix64 rng_;
  std::vector<Action> legal_;
  std::vector<const Action*> laying_;
};

}  // namespace meldcheck
