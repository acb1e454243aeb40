// Structure-aware mutations for scenario_mutate_fuzz and spec_fuzz: the input is read as
// YAML and changed in meaning, so that it stays a valid scenario (ruleset) file most of the
// time while the game it describes changes. mutate_scenario and mutate_spec
// (fuzz/targets.h) are libFuzzer's custom mutators over these.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace meldcheck::fuzz {

// One change of meaning to a scenario file, drawn by `seed`: a card for another, a step
// dropped, repeated, moved, added or changed, a variant or option choice, a hand, a pile
// or a number. nullopt when the text is no YAML.
std::optional<std::string> mutate_scenario_text(std::string_view text, unsigned seed);

// One change to a ruleset file (spec/*.yaml), drawn by `seed`: a number, an enum name
// (another of its key's, or nonsense), a list element dropped, repeated or moved, a
// boolean, a variant's or option's patch. nullopt when the text is no YAML.
std::optional<std::string> mutate_spec_text(std::string_view text, unsigned seed);

// A small valid scenario of some ruleset, to start again from when an input is no YAML.
std::string_view seed_scenario(unsigned seed);

}  // namespace meldcheck::fuzz
