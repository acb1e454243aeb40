// The invariants every layer may rely on (architecture.md), checked on a state: for
// fuzzers, properties and debugging. Empty when they hold, else the first one broken.
#pragma once

#include <string>

#include "engine/ruleset.h"
#include "engine/state.h"

namespace meldcheck {

std::string invariant_violation(const GameState& s, const RuleSet& r);

}  // namespace meldcheck
