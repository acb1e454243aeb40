// States reached by bytes-driven play, and at each step a listed action or one near it
// (another card, depth, meld or player, a meld's group laid as the other kind): the
// engine against the executable catalog (oracles/catalog.h) on the verdict, the first
// refusing clause and what an accepted step decides (turn, phase, what is owed, hands,
// totals, the hand's and match's end, scores), with every invariant besides.
#include "fuzz/driven_play.h"
#include "fuzz/targets.h"

namespace meldcheck::fuzz {

Found catalog_diff_fuzz(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  // Sixteen steps: a turn or two from where the input starts (a played position most
  // often); longer inputs bought no coverage and cost a third of the executions.
  return driven_game(in, hunt::CheckSet::all().without(hunt::CheckId::kSolver), MadeUp::kNear, 16);
}

}  // namespace meldcheck::fuzz
