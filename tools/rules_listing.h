// `meldcheck rules`: the rulesets, their decks, variants and options, and their catalogs.
#pragma once

#include <ostream>
#include <string>

#include "tools/ruleset_loader.h"

namespace meldcheck {

// All rulesets in short, or one in full; false when `id` names no ruleset.
bool describe_rules(std::ostream& out, const RulesetLibrary& library, const std::string& id);

}  // namespace meldcheck
