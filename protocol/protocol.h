// The engine protocol's notation (spec/engine-protocol.md): the scenario format's YAML
// mappings as JSON, both ways, and the requests meldcheck's own engine answers (`serve`).
#pragma once

#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "files/ruleset_loader.h"
#include "files/scenario_writer.h"
#include "files/yaml_doc.h"

namespace meldcheck {

inline constexpr int kProtocolVersion = 1;

// A YAML node as JSON: plain scalars that read as integers or booleans become numbers and
// booleans, everything else strings. JSON is YAML, so the other way is `dump()`.
nlohmann::json yaml_to_json(const YamlNode& n);

// An action as the protocol's step (the scenario writer's step_tree): `player` named when it
// is not `to_move`.
nlohmann::json step_json(const Action& a, const RuleSet& r, int to_move);

// A position as the protocol's `state`: a `setup` that reads back to it (the scenario
// writer's setup_tree), with round_over and game_over.
nlohmann::json state_json(const GameState& s, const RuleSet& r);

// Whether another engine tells a fact of `s` (engine/position_facts.h's Told column), so
// whether lockstep holds it to that fact; and whether a hand in progress is compared on it
// in the `state` answer (its end and the match's go by round_over and game_over).
bool engine_tells(facts::WhilePlaying, const char* key, const GameState& s, const RuleSet& r);
bool engine_tells(facts::WhereRuled, const char* key, const GameState& s, const RuleSet& r);
bool engine_tells(facts::Always, const char* key, const GameState& s, const RuleSet& r);
bool engine_tells(facts::InScore, const char* key, const GameState& s, const RuleSet& r);
bool engine_tells(facts::Own, const char* key, const GameState& s, const RuleSet& r);
constexpr bool in_play_state(facts::WhilePlaying) { return true; }
constexpr bool in_play_state(facts::WhereRuled) { return true; }
constexpr bool in_play_state(facts::Always) { return false; }
constexpr bool in_play_state(facts::InScore) { return false; }
constexpr bool in_play_state(facts::Own) { return false; }

// meldcheck's engine behind the protocol: reads requests from `in` until it ends or `quit`,
// answers on `out`. Never throws on bad input: answers bad-request.
int serve(std::istream& in, std::ostream& out, const RulesetLibrary& library);

}  // namespace meldcheck
