// A house: a ruleset as one table plays it, with a mix of its variants and option choices,
// written `ruleset[+variant...][,option=choice...]` ("rummy500+floating,ace-runs=round-the-corner").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "files/ruleset_loader.h"

namespace meldcheck {

struct House {
  std::string ruleset;
  std::vector<std::string> variants;           // in the ruleset's order
  std::map<std::string, std::string> options;  // option -> choice, defaults left out
  bool operator==(const House&) const = default;
};

// Parses and checks a house against the library: canonical on return (variants in the
// ruleset's order, options by id, choices at their default dropped). Throws std::invalid_argument naming
// the unknown ruleset, variant, option or choice, or the malformed part.
House parse_house(const std::string& text, const RulesetLibrary& library);

// The canonical text of a house parse_house gave: the same text for the same rules.
std::string format_house(const House& house);

// The ruleset with the house's variants and options applied (as `simulate` resolves a
// configuration). Throws std::invalid_argument as parse_house does.
RuleSet resolve_house(const House& house, const RulesetLibrary& library);

// For each ruleset (all, or those named, in that order): its base house, each variant
// alone and each non-default choice of each option alone. Not every mix: the product grows
// as 2^variants times the choices, and a single departure from the base is what a rules
// question is about; `simulate` samples the mixes. Throws std::invalid_argument for an
// unknown ruleset.
std::vector<House> all_houses(const RulesetLibrary& library, const std::vector<std::string>& only_rulesets = {});

}  // namespace meldcheck
