// `meldcheck explore`: every position a few steps from a start, breadth first (TLC's search
// with states deduplicated by hash; Stockfish's perft counts). From each position, each step
// the enumeration lists and steps near them are judged with every check of `simulate
// --checks all`; the listed steps the engine accepts lead to the next depth. The counts of
// distinct positions per depth are regression numbers: a change to what is legal changes them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hunting/play.h"

namespace meldcheck::hunt {

struct ExploreLimits {
  int depth = 3;
  uint64_t nodes = 1'000'000;     // distinct positions at most
  std::optional<double> seconds;  // stop after this long
  int jobs = 1;
  int near = 2;  // steps near each listed one, tried (judged, not followed)
};

// A start: where the search begins, dealt or set up.
struct ExploreStart {
  std::string name;
  std::shared_ptr<const Config> config;
  GameState state;
  std::optional<DealInfo> deal;  // the state is this deal (else a setup)
};

struct ExploreResult {
  std::vector<uint64_t> positions;  // distinct positions first reached at each depth (0: the start)
  uint64_t steps = 0;               // steps judged (listed, near and arbitrary)
  uint64_t edges = 0;               // listed steps the engine accepted
  bool complete = true;             // every position to the depth was expanded (no limit hit)
  std::optional<Failure> failure;   // the first finding, as a game from the start
  double seconds = 0;
};

// Explores from `start` to `limits.depth`. `progress` (when given) is told the depth and the
// positions so far after each depth.
ExploreResult explore(const ExploreStart& start, const ExploreLimits& limits, const std::atomic<bool>& stop,
                      const std::function<void(int depth, uint64_t positions)>& progress = nullptr);

}  // namespace meldcheck::hunt
