// The Rummikub solver's best arrangement over the corpus of positions cut from random play
// (bench/rummikub_corpus.txt, written by make_rummikub_corpus): each position solved on its
// own and timed; reported as the median, 90th and 99th percentiles, the worst and the mean,
// over all positions and for those with jokers in play, under each goal.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "bench/rummikub_corpus.h"
#include "engine/solver.h"
#include "files/ruleset_loader.h"

namespace meldcheck {
namespace {

const RuleSet& rummikub() { return RulesetLibrary::embedded().find("rummikub")->base(); }

const std::vector<GameState>& corpus() {
  static const std::vector<GameState> positions = bench::read_corpus(MELDCHECK_CORPUS, rummikub());
  return positions;
}

bool jokers_in_play(const GameState& s) {
  if (s.hand(s.to_move).jokers() > 0) return true;
  for (const Meld& m : s.table.all())
    if (m.shape.joker_mask) return true;
  return false;
}

void report(benchmark::State& state, std::vector<double> us, const std::string& prefix) {
  if (us.empty()) return;
  std::sort(us.begin(), us.end());
  auto at = [&](double q) { return us[size_t(q * double(us.size() - 1))]; };
  state.counters[prefix + "median_us"] = at(0.5);
  state.counters[prefix + "p90_us"] = at(0.9);
  state.counters[prefix + "p99_us"] = at(0.99);
  state.counters[prefix + "max_us"] = us.back();
  state.counters[prefix + "mean_us"] = std::accumulate(us.begin(), us.end(), 0.0) / double(us.size());
}

void BM_SolverCorpus(benchmark::State& state) {
  const SolverGoal goal = SolverGoal(state.range(0));
  const RuleSet& r = rummikub();
  std::vector<double> all, with_jokers;
  for (auto _ : state) {
    for (const GameState& s : corpus()) {
      const auto start = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(best_arrangement(s, r, goal));
      const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
      all.push_back(us);
      if (jokers_in_play(s)) with_jokers.push_back(us);
    }
  }
  report(state, all, "");
  report(state, with_jokers, "jokers_");
  state.counters["positions"] = double(corpus().size());
  state.SetItemsProcessed(int64_t(all.size()));
}
BENCHMARK(BM_SolverCorpus)
    ->ArgName("most_value")
    ->Arg(int(SolverGoal::kMostTiles))
    ->Arg(int(SolverGoal::kMostValue))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace
}  // namespace meldcheck
