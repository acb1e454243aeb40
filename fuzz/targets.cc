#include "fuzz/targets.h"

namespace meldcheck::fuzz {

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"scenario_fuzz", "bytes as a scenario file: scenarios or an error with a place, replayed cleanly", scenario_fuzz},
      {"scenario_mutate_fuzz", "scenarios of scenarios/ mutated in meaning, replayed with every invariant checked",
       scenario_mutate_fuzz, mutate_scenario},
      {"spec_fuzz", "rulesets of spec/ mutated: loaded and played with every invariant checked, or refused with a place",
       spec_fuzz, spec_fuzz_mutate},
      {"play_fuzz", "games of any ruleset, variants and options driven by the bytes, every invariant checked", play_fuzz},
      {"meld_diff_fuzz", "melds and layoffs: the engine against the meld oracle", meld_diff_fuzz},
      {"score_diff_fuzz", "finished hands: the engine's scores against the score oracle", score_diff_fuzz},
      {"rummikub_diff_fuzz", "Rummikub tables: the engine against the Rummikub oracle, the solver against the exhaustive one",
       rummikub_diff_fuzz},
      {"catalog_diff_fuzz", "states from play and actions near the legal ones: the engine against the executable catalog",
       catalog_diff_fuzz},
      {"serve_fuzz", "bytes as the request stream of serve: one JSON reply a line, bad requests answered", serve_fuzz},
      {"engine_reply_fuzz", "bytes as another engine's replies: replay --engine's reports valid in every format",
       engine_reply_fuzz},
  };
  return all;
}

const Target* find_target(std::string_view name) {
  for (const Target& t : targets())
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace meldcheck::fuzz
