// How fast `meldcheck simulate` plays: the same games with no checks (the bare engine),
// sampled checks and every check, on one job; and every check on two jobs (wall time).
#include <benchmark/benchmark.h>

#include "hunting/run.h"

namespace meldcheck {
namespace {

const hunt::ConfigSpace& card_games() {
  static const hunt::ConfigSpace space(RulesetLibrary::embedded(),
                                       {"rummy500", "femhundra-rummy", "femhundra-familj", "liverpool"}, std::nullopt, {}, 0);
  return space;
}

void BM_Simulate(benchmark::State& state, hunt::CheckLevel checks, int jobs) {
  hunt::RunSettings s;
  s.seed = 7;
  s.games = 2000;
  s.jobs = jobs;
  s.play.checks = checks;
  const std::atomic<bool> interrupt{false};
  int64_t actions = 0, hands = 0;
  for (auto _ : state) {
    const hunt::RunResult r = hunt::run(card_games(), s, interrupt, nullptr);
    actions += r.stats.actions;
    hands += r.stats.hands;
  }
  state.SetItemsProcessed(actions);
  state.counters["hands_per_second"] = benchmark::Counter(double(hands), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_Simulate, none_1_job, hunt::CheckLevel::kNone, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Simulate, sampled_1_job, hunt::CheckLevel::kSampled, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Simulate, all_1_job, hunt::CheckLevel::kAll, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Simulate, all_2_jobs, hunt::CheckLevel::kAll, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Simulate, none_2_jobs, hunt::CheckLevel::kNone, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace meldcheck
