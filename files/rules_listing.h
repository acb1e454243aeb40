// `meldcheck rules`: the rulesets, their decks, variants and options, and their catalogs.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "files/ruleset_loader.h"

namespace meldcheck {

// All rulesets in short, or one in full; false when `id` names no ruleset.
bool describe_rules(std::ostream& out, const RulesetLibrary& library, const std::string& id);

// `meldcheck rules diff A B`: where two resolved rulesets differ.
struct RulesDiff {
  struct Parameter {
    std::string name, a, b;  // spec_parameters' names and values
  };
  struct ClauseChange {
    std::string id;               // within the ruleset: "meld.no-corner"
    std::optional<Clause> a, b;   // absent on the side that lacks it
  };
  std::vector<Parameter> parameters;
  std::vector<ClauseChange> clauses;  // missing on one side, or another text or resolution
};

RulesDiff diff_rules(const RuleSet& a, const RuleSet& b);

// Side by side, A and B named by `a_name` and `b_name`; as JSON when `json`.
void write_rules_diff(std::ostream& out, const std::string& a_name, const std::string& b_name, const RulesDiff& diff,
                      bool json);

}  // namespace meldcheck
