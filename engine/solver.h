// The best placement of rack tiles on a freely rearranged table (Rummikub's turn): an
// exact dynamic program over the numbers 1..13. For each colour it keeps the lengths of the
// runs in progress (0, 1, 2, or 3 and more), as many as there are copies and jokers, so
// that any valid table can be built; at each number the tiles not used in runs form
// groups, whose feasibility depends only on a few sums. Table tiles must all be placed,
// rack tiles may be; the objective is the most rack tiles (or the most rack value).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.h"
#include "engine/ruleset.h"
#include "engine/state.h"

namespace meldcheck {

// Tiles by colour and number, split into those that must be placed (the table) and those
// that may be (the rack).
struct TileCounts {
  std::array<std::array<uint8_t, kRanks + 1>, kSuits> table{}, rack{};
  uint8_t table_jokers = 0, rack_jokers = 0;
};

struct Placement {
  bool found = false;     // some arrangement places at least one rack tile
  int rack_tiles = 0;     // rack tiles (jokers included) placed
  int rack_value = 0;     // their value: numbers, 30 a joker
  int points = 0;         // the numbers of the tiles placed from the rack (jokers: what they stand for)
  TokenGroups sets;       // the whole table after the move
};

// The tiles the table's jokers stand for now (a group's open colour settled): a quick first
// answer keeps each joker as that tile and rearranges everything around it, which is often
// the best already.
struct TableJokers {
  std::array<Face, 2> standins{};
  int count = 0;
};

// What a search is after: the best placement, or any that places a rack tile (found
// quickly where one is easy to find, else the best).
enum class SolverAim : uint8_t { kBest, kSome };

// The best placement for `counts`: every table tile placed, at least one rack tile, and
// (when `min_points` > 0) rack sets worth at least that many points.
Placement solve_tiles(const TileCounts& counts, SolverGoal goal, int min_points, const TableJokers* jokers = nullptr,
                      SolverAim aim = SolverAim::kBest);

// The best `arrange` for the player to move: after their initial meld the whole table is
// rearranged; before it, the table stays as it is and new sets from the rack must reach
// the ruleset's opening points.
Placement best_arrangement(const GameState& s, const RuleSet& r, SolverGoal goal);

// An `arrange` that places at least one rack tile, when there is one, not always the best:
// all an enumeration that lists a move needs.
Placement some_arrangement(const GameState& s, const RuleSet& r);

}  // namespace meldcheck
