// Random play with checks: one game (a hand, or a whole match) played by a policy, every
// step checked (hunt/checks.h) and counted (hunt/stats.h), and on the first finding the
// game as it was played, for the shrinker.
#pragma once

#include <atomic>
#include <optional>
#include <vector>

#include "engine/random_play.h"
#include "hunt/checks.h"
#include "hunt/config.h"
#include "hunt/stats.h"

namespace meldcheck::hunt {

struct PlaySettings {
  Policy policy = Policy::kRandom;
  double arbitrary = 0;                  // the chance that a step is an arbitrary action
  CheckLevel checks = CheckLevel::kAll;  // kNone also leaves the coverage uncounted
  bool whole_match = false;              // play hands until the match is over
};

// A game as it was played: where it started and its steps.
struct Trace {
  GameState start;
  std::vector<Action> actions;
  std::vector<Check> verdicts;
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

// Plays one game, adding it to `stats`. Returns its first finding. Stops early, with what
// it played so far, when `stop` is set.
std::optional<Failure> play_game(const GameSpec& game, const PlaySettings& settings, Stats& stats,
                                 const std::atomic<bool>* stop = nullptr);

// The seed of the next hand of a match, after `hands` hands of the game.
uint64_t next_hand_seed(const GameSpec& game, int hands);

}  // namespace meldcheck::hunt
