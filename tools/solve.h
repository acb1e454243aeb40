// `meldcheck solve FILE`: the best `arrange` step for each scenario's setup, for rulesets
// that rearrange the table freely (engine/solver.h).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "engine/ruleset.h"
#include "files/ruleset_loader.h"

namespace meldcheck {

// Writes, per scenario, a comment line and the step as YAML. Returns the exit status: 0,
// or 2 when the file is not a valid scenario or its ruleset has no free rearrangement.
int solve_file(std::ostream& out, std::ostream& err, const std::string& path, const RulesetLibrary& library,
               std::optional<SolverGoal> goal);

}  // namespace meldcheck
