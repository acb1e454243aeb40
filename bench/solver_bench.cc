// The Rummikub solver on seeded random positions (bench/rummikub_positions.h): a 14-tile
// rack against a 40-tile table. Reports the median and 90th percentile of one solve, over
// all positions and by the number of jokers in play.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>

#include "bench/rummikub_positions.h"

namespace meldcheck {
namespace {

void BM_SolverRandomPositions(benchmark::State& state) {
  const std::vector<TileCounts> positions = bench::rummikub_positions(int(state.range(0)));
  std::vector<double> all;
  std::array<std::vector<double>, 3> by_jokers;
  for (auto _ : state) {
    for (const TileCounts& tc : positions) {
      const auto start = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(solve_tiles(tc, SolverGoal::kMostTiles, 0));
      const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
      all.push_back(us);
      by_jokers[std::min(2, tc.table_jokers + tc.rack_jokers)].push_back(us);
    }
  }
  auto quantile = [](std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[size_t(q * double(v.size() - 1))];
  };
  state.counters["median_us"] = quantile(all, 0.5);
  state.counters["p90_us"] = quantile(all, 0.9);
  for (int j = 0; j < 3; ++j) state.counters["median_us_" + std::to_string(j) + "_jokers"] = quantile(by_jokers[j], 0.5);
  state.SetItemsProcessed(int64_t(all.size()));
}
BENCHMARK(BM_SolverRandomPositions)->Arg(200)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace meldcheck
