// A run of many random games over several jobs: `meldcheck simulate`. Work is split by game
// index (in batches, each played in order by one job), never by thread, so the same seed
// gives the same games and the same counts for any number of jobs; a shard K/N plays the
// games whose index is K-1 modulo N. Findings are grouped (hunting/findings.h) and the run
// goes on after one: once `max_findings` distinct ones have shown, no game after the one
// that showed the last is started, and the games before it are finished (they may show
// others first), so that the findings are those of the first games, whatever the jobs.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include "harness/config.h"
#include "hunting/findings.h"
#include "hunting/play.h"
#include "hunting/stats.h"

namespace meldcheck::hunt {

struct RunSettings {
  uint64_t seed = 1;
  enum class Budget : uint8_t { kHands, kMatches, kSeconds } budget = Budget::kHands;
  uint64_t games = 1000;  // kHands, kMatches: games of the whole run (all shards)
  double seconds = 0;     // kSeconds
  int jobs = 1;
  int shard = 1, shards = 1;  // this run is the shard-th of `shards` parts
  size_t max_findings = 20;   // distinct findings before the run stops (1: stop on the first)
  PlaySettings play;
};

struct Progress {
  uint64_t games_done = 0, games_total = 0;  // total 0: a run by time
  int64_t actions = 0;
  double seconds = 0, seconds_budget = 0;
};

struct RunResult {
  Stats stats;
  std::vector<Bucket> findings;  // every distinct finding, first found first
  double seconds = 0;              // wall clock
  double cpu_seconds = 0;          // the jobs' time, added up
  bool interrupted = false;
};

// Plays the run. `interrupt` stops it early (Ctrl-C), keeping what was played; `progress`
// is called from the calling thread a few times a second while the jobs play.
RunResult run(const ConfigSpace& space, const RunSettings& settings, const std::atomic<bool>& interrupt,
              const std::function<void(const Progress&)>& progress);

// The games of this shard: indices shard-1, shard-1+shards, ... below `games`.
uint64_t shard_games(const RunSettings& settings);

}  // namespace meldcheck::hunt
