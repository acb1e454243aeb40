// libFuzzer's custom mutators for scenario_mutate_fuzz and spec_fuzz (declared in
// fuzz/targets.h) over the changes in meaning of files/yaml_mutation.h, made to the
// documents as trees and written in the encoding of fuzz/tree_input.h.
#pragma once

#include <string_view>

namespace meldcheck::fuzz {

// A small valid scenario of some ruleset, to start again from when an input is no YAML.
std::string_view seed_scenario(unsigned seed);

}  // namespace meldcheck::fuzz
