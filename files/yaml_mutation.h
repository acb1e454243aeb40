// Structure-aware changes to scenario and ruleset files: the text is read as YAML and
// changed in meaning, so that it stays a valid scenario (ruleset) file most of the time
// while the game it describes changes. libFuzzer's custom mutators (fuzz/targets.h) draw
// on them; the YAML trees stay here, with the rest of the files' reading.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/yaml_doc.h"

namespace meldcheck {

// One change of meaning to a scenario file, drawn by `seed`: a card for another, a step
// dropped, repeated, moved, added or changed, a variant or option choice, a hand, a pile
// or a number. nullopt when the text is no YAML.
std::optional<std::string> mutate_scenario_text(std::string_view text, unsigned seed);

// One change to a ruleset file (spec/*.yaml), drawn by `seed`: a number, an enum name
// (another of its key's, or nonsense), a list element dropped, repeated or moved, a
// boolean, a variant's or option's patch. nullopt when the text is no YAML.
std::optional<std::string> mutate_spec_text(std::string_view text, unsigned seed);

// The same changes on documents read already, as a fuzz target's structured input carries
// them (the text written only for a finding): the maps among `docs` are kept, one of them
// changed (or, now and then, one left out), as the text versions change and write them.
// False when nothing could change (no map among them).
bool mutate_scenario_docs(std::vector<YamlNode>& docs, unsigned seed);
bool mutate_spec_docs(std::vector<YamlNode>& docs, unsigned seed);

// Documents written as YAML text, each a document of its own (null ones left out).
std::string yaml_text(const std::vector<YamlNode>& docs);

}  // namespace meldcheck
