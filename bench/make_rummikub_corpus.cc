// Writes the Rummikub solver's corpus (bench/rummikub_corpus.h): positions at the start of a
// turn, cut from random games (uniform among the legal steps, 2-4 players, the rules as
// spec/ has them by default) where the table holds 40 to 75 tiles, one in eight of those.
// Usage: make_rummikub_corpus SEED COUNT > bench/rummikub_corpus.txt
#include <cstdio>
#include <cstdlib>

#include "bench/rummikub_corpus.h"
#include "engine/engine.h"
#include "engine/random_play.h"
#include "files/ruleset_loader.h"

int main(int argc, char** argv) {
  using namespace meldcheck;
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_rummikub_corpus SEED COUNT\n");
    return 2;
  }
  const uint64_t seed = std::strtoull(argv[1], nullptr, 10);
  const int count = std::atoi(argv[2]);
  const RuleSet& r = RulesetLibrary::embedded().find("rummikub")->base();
  std::printf("# The Rummikub solver's corpus (bench/rummikub_corpus.h): %d positions cut from random play,\n", count);
  std::printf("# written by `make_rummikub_corpus %llu %d` (bench/make_rummikub_corpus.cc).\n",
              static_cast<unsigned long long>(seed), count);
  SplitMix64 cut{seed};
  int written = 0;
  for (uint64_t game = seed; written < count; ++game) {
    const int players = 2 + int(cut.next() % 3);
    GameState s = new_match(r, players, game, players - 1);
    RandomPlayer player(game);
    while (!s.hand_over && written < count) {
      int tiles = 0;
      for (const Meld& m : s.table.all()) tiles += m.shape.size;
      if (s.phase == Phase::kDraw && tiles >= 40 && tiles <= 75 && cut.next() % 8 == 0) {
        std::printf("%s\n", bench::corpus_line(s, r).c_str());
        ++written;
      }
      const Action* a = player.choose(s, r, Policy::kRandom);
      if (!a) break;
      apply(s, r, *a);
    }
  }
}
