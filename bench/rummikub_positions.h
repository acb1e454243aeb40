// Seeded random Rummikub positions for the solver's benchmark: a 14-tile rack and a
// 40-tile table of valid sets. Tiles are dealt from a shuffled set of 106; the table is
// built of runs and groups (3-5 tiles) from the undealt tiles, and each joker not in the
// rack joins the table with the chance a random 40 of the 92 undealt tiles would hold it,
// standing in a set for a tile of it.
#pragma once

#include <vector>

#include "engine/solver.h"

namespace meldcheck::bench {

TileCounts rummikub_position(uint64_t seed);

// The benchmark's positions: seeds 1..count.
std::vector<TileCounts> rummikub_positions(int count);

}  // namespace meldcheck::bench
