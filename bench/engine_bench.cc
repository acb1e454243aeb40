// How fast the engine plays: apply alone, the legal-action enumeration, whole random
// games, meld validation, and copying and hashing a state. Heap allocations are counted
// by replacing the global operator new: the playouts report them per action.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "engine/random_play.h"
#include "engine/rng.h"
#include "files/ruleset_loader.h"

namespace {
std::atomic<int64_t> heap_allocations{0};
}  // namespace

#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(size_t size) {
  heap_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace meldcheck {
namespace {

const RuleSet& rules(const std::string& id) { return RulesetLibrary::embedded().find(id)->base(); }

// A recorded random game: its start and the actions taken.
struct Recording {
  GameState start;
  std::vector<Action> actions;
};

Recording record(const RuleSet& r, int players, uint64_t seed) {
  Recording rec{new_match(r, players, seed, players - 1), {}};
  GameState s = rec.start;
  RandomPlayer p(seed);
  while (!s.hand_over) {
    const Action* a = p.legal(s, r);
    rec.actions.push_back(*a);
    apply(s, r, *a);
  }
  return rec;
}

void BM_Apply(benchmark::State& state) {
  const RuleSet& r = rules("rummy500");
  std::vector<Recording> games;
  for (uint64_t seed = 1; seed <= 20; ++seed) games.push_back(record(r, 4, seed));
  int64_t actions = 0;
  for (auto _ : state) {
    for (const Recording& g : games) {
      GameState s = g.start;
      for (const Action& a : g.actions) benchmark::DoNotOptimize(apply(s, r, a));
      actions += int64_t(g.actions.size());
    }
  }
  state.SetItemsProcessed(actions);
}
BENCHMARK(BM_Apply);

void BM_LegalActions(benchmark::State& state) {
  const RuleSet& r = rules("rummy500");
  std::vector<GameState> states;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Recording g = record(r, 4, seed);
    GameState s = g.start;
    for (const Action& a : g.actions) {
      states.push_back(s);
      apply(s, r, a);
    }
  }
  std::vector<Action> out;
  size_t i = 0;
  for (auto _ : state) {
    legal_actions(states[i++ % states.size()], r, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalActions);

void BM_RandomHand(benchmark::State& state) {
  const RuleSet& r = rules("rummy500");
  uint64_t seed = 1;
  int64_t actions = 0;
  for (auto _ : state) {
    GameState s = new_match(r, 4, seed, 3);
    RandomPlayer p(seed++);
    while (!s.hand_over) {
      apply(s, r, *p.legal(s, r));
      ++actions;
    }
  }
  state.SetItemsProcessed(actions);
}
BENCHMARK(BM_RandomHand);

// Whole hands of each ruleset, four players, the legal actions enumerated at every step
// and one picked uniformly: the reach of random play. Counts actions and heap allocations.
void BM_Playout(benchmark::State& state, const std::string& id) {
  const RuleSet& r = rules(id);
  std::vector<Action> legal;
  legal.reserve(4096);
  uint64_t seed = 1;
  int64_t actions = 0, allocations = 0;
  for (auto _ : state) {
    GameState s = new_match(r, 4, seed, 3);
    SplitMix64 rng{seed++};
    const int64_t allocated_before = heap_allocations.load();
    while (!s.hand_over) {
      legal_actions(s, r, legal);
      if (legal.empty()) break;
      apply(s, r, legal[rng.next() % legal.size()]);
      ++actions;
    }
    allocations += heap_allocations.load() - allocated_before;
  }
  state.SetItemsProcessed(actions);
  state.counters["allocs_per_action"] = double(allocations) / double(std::max<int64_t>(actions, 1));
}
BENCHMARK_CAPTURE(BM_Playout, rummy500, std::string("rummy500"));
BENCHMARK_CAPTURE(BM_Playout, femhundra_rummy, std::string("femhundra-rummy"));
BENCHMARK_CAPTURE(BM_Playout, femhundra_familj, std::string("femhundra-familj"));
BENCHMARK_CAPTURE(BM_Playout, liverpool, std::string("liverpool"));
BENCHMARK_CAPTURE(BM_Playout, rummikub, std::string("rummikub"))->Unit(benchmark::kMillisecond);

void BM_FormMeld(benchmark::State& state) {
  const RuleSet& r = rules("rummy500");
  const std::vector<std::vector<Token>> melds = {
      {{*parse_face("7S", Notation::kCards)}, {*parse_face("7H", Notation::kCards)}, {Face::joker()}},
      {{*parse_face("5H", Notation::kCards)}, {Face::joker()}, {*parse_face("7H", Notation::kCards)},
       {*parse_face("8H", Notation::kCards)}},
      {{*parse_face("QS", Notation::kCards)}, {*parse_face("KS", Notation::kCards)}, {*parse_face("AS", Notation::kCards)}}};
  size_t i = 0;
  for (auto _ : state) {
    Formed f;
    benchmark::DoNotOptimize(form_meld(r.meld, melds[i++ % melds.size()], MeldContext::kMelding, f));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FormMeld);

void BM_CopyAndHashState(benchmark::State& state) {
  const RuleSet& r = rules("rummy500");
  Recording g = record(r, 4, 3);
  GameState s = g.start;
  for (size_t k = 0; k < g.actions.size() / 2; ++k) apply(s, r, g.actions[k]);
  for (auto _ : state) {
    GameState copy = s;
    benchmark::DoNotOptimize(hash_state(copy));
  }
}
BENCHMARK(BM_CopyAndHashState);

}  // namespace
}  // namespace meldcheck
