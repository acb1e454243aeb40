// Games driven by the bytes over every ruleset, mix of variants and option choice: legal
// and arbitrary actions, each step checked by the invariants `meldcheck simulate` runs
// (hunting/checks.h). The differential checks (the catalog, the solver against the
// exhaustive oracle) are left to catalog_diff_fuzz and rummikub_diff_fuzz, where their
// cost buys more. An input is five steps, a turn or two, from a fresh deal or from one of
// the positions of a match played beforehand (fuzz/driven_play.h): short inputs, and
// depth from where they start, for some ten thousand executions a second.
#include "fuzz/driven_play.h"
#include "fuzz/targets.h"

namespace meldcheck::fuzz {

constexpr int kSteps = 5;

Found play_fuzz(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  return driven_game(in, hunt::CheckSet::all().without(hunt::CheckId::kCatalog).without(hunt::CheckId::kSolver), MadeUp::kArbitrary, kSteps);
}

}  // namespace meldcheck::fuzz
