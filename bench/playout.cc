// A fixed-seed playout for instruction counts (bench/callgrind_playout.sh): hands of one
// ruleset played by picking uniformly among the legal actions, enumerated at every step.
// Usage: playout RULESET HANDS PLAYERS. Prints the number of actions played.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/rng.h"
#include "files/ruleset_loader.h"

int main(int argc, char** argv) {
  using namespace meldcheck;
  const std::string id = argc > 1 ? argv[1] : "rummy500";
  const int hands = argc > 2 ? std::atoi(argv[2]) : 20;
  const int players = argc > 3 ? std::atoi(argv[3]) : 4;
  const RulesetSpec* spec = RulesetLibrary::embedded().find(id);
  if (!spec) return 2;
  const RuleSet& r = spec->base();
  std::vector<Action> legal;
  long actions = 0;
  for (int h = 0; h < hands; ++h) {
    GameState s = new_match(r, players, uint64_t(h + 1), players - 1);
    SplitMix64 rng{uint64_t(h + 1)};
    while (!s.hand_over) {
      legal_actions(s, r, legal);
      if (legal.empty()) break;
      apply(s, r, legal[rng.next() % legal.size()]);
      ++actions;
    }
  }
  std::printf("%ld\n", actions);
}
