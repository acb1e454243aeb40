// The engine protocol's notation (spec/engine-protocol.md): the scenario format's YAML
// mappings as JSON, both ways, and the requests meldcheck's own engine answers (`serve`).
#pragma once

#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "files/ruleset_loader.h"
#include "files/yaml_doc.h"

namespace meldcheck {

inline constexpr int kProtocolVersion = 1;

// A YAML node as JSON: plain scalars that read as integers or booleans become numbers and
// booleans, everything else strings. JSON is YAML, so the other way is `dump()`.
nlohmann::json yaml_to_json(const YamlNode& n);

// An action as the protocol's step: `player` named when it is not `to_move`.
nlohmann::json step_json(const Action& a, const RuleSet& r, int to_move);

// A position as the protocol's `state`: a `setup` that reads back to it, with round_over
// and game_over.
nlohmann::json state_json(const GameState& s, const RuleSet& r);

// meldcheck's engine behind the protocol: reads requests from `in` until it ends or `quit`,
// answers on `out`. Never throws on bad input: answers bad-request.
int serve(std::istream& in, std::ostream& out, const RulesetLibrary& library);

}  // namespace meldcheck
