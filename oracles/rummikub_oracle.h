// Slow, obvious Rummikub checks from 004 (../shared/rules/004_3729e45c9ab6f2f5.txt, "Set"
// and "Kombinationer"), sharing nothing with the engine but the tile identity: a set is
// valid if some choice of tiles for its jokers makes a group or a run (meld_oracle.h);
// a table is valid if its tiles split into valid sets. Exhaustive search; small positions.
#pragma once

#include <vector>

#include "engine/card.h"

namespace meldcheck::oracle {

// Tiles as faces: naturals, or Face::joker().
using Tiles = std::vector<Face>;

// Tries every tile for every joker.
bool valid_rummikub_set(const Tiles& set);

// Whether the tiles can be split into valid sets, every tile used.
bool can_partition(const Tiles& tiles);

// The most rack tiles that can join the table, all table tiles staying on it, in a table of
// valid sets; -1 when the table tiles alone cannot be arranged. Tries subsets of the rack
// from the largest down.
int best_rack_placement(const Tiles& table, const Tiles& rack);

// Whether at least one rack tile can join the table, every table tile staying on it in
// valid sets (004 "Kombinationer"). Exact at any size: each step puts the lowest table tile
// not yet placed into a set, every set it can be in tried, the positions that fail
// remembered.
bool can_place_some(const Tiles& table, const Tiles& rack);

// The same answer as best_rack_placement, worked out as can_place_some works: exact at any
// size, and quick enough for every step of a game.
int most_rack_tiles(const Tiles& table, const Tiles& rack);

// The most points sets of the rack alone can make (004 "Så spelar man": the initial meld's
// numbers, a joker the number it stands for). Exact at any size, like can_place_some.
int best_opening_points(const Tiles& rack);

}  // namespace meldcheck::oracle
