// Near steps: a step a small change away from one that was played (another player, card,
// depth or meld; a group longer, shorter, left out or of the other shape; a joker's
// stand-in unsaid; a group of jokers alone). The checker asks the engine and the catalog
// about one at each step (Checker::near): the edges of a rule are a change away from
// what random play does.
#pragma once

#include <cstdint>

#include "engine/engine.h"

namespace meldcheck::hunt {

// An action near `chosen`, picked by `seed` among the changes of hunting/nearby.cc's table
// (kNearChanges) by their weights.
Action nearby(const GameState& s, const Action& chosen, uint64_t seed);

}  // namespace meldcheck::hunt
