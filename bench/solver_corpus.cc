// The solver's answers on a corpus (bench/rummikub_corpus.h), for bench/ilp_check.py to hold
// against its integer program: a line a position, `<index from 1> tiles=<most rack tiles>
// value=<most rack value> found=<0|1>`, each the best arrangement under that goal.
// Usage: solver_corpus CORPUS
#include <cstdio>
#include <exception>

#include "bench/rummikub_corpus.h"
#include "engine/solver.h"
#include "files/ruleset_loader.h"

int main(int argc, char** argv) {
  using namespace meldcheck;
  if (argc != 2) {
    std::fprintf(stderr, "usage: solver_corpus CORPUS\n");
    return 2;
  }
  const RuleSet& r = RulesetLibrary::embedded().find("rummikub")->base();
  try {
    const std::vector<GameState> positions = bench::read_corpus(argv[1], r);
    for (size_t i = 0; i < positions.size(); ++i) {
      const Placement tiles = best_arrangement(positions[i], r, SolverGoal::kMostTiles);
      const Placement value = best_arrangement(positions[i], r, SolverGoal::kMostValue);
      std::printf("%zu tiles=%d value=%d found=%d\n", i + 1, tiles.found ? tiles.rack_tiles : 0,
                  value.found ? value.rack_value : 0, int(tiles.found));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}
