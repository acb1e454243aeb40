// Writing states and actions back out in the scenario format: a state as a `setup` that
// reads back to an equal state (every card named, the rest out of play, the generator
// and the facts of the turn in progress included), actions as steps. Used to turn a
// failing property into a scenario file that `meldcheck replay` reproduces.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "files/yaml_doc.h"

namespace meldcheck {

struct StatedPosition;  // engine/position.h

// How much of a position a setup says.
enum class SetupForm : uint8_t {
  kWhole,    // every fact
  kCompact,  // leaves out what the reader would take by default anyway (totals of 0, the
             // first player to move, an empty turn so far, ...) and the generator's state,
             // so that a finding reads easily; whether it still reads back to a state that
             // shows the same thing is for the caller to check
};

// A position's setup and an action's step as trees of plain values: the one model both are
// written from. write_setup and write_step write them as scenario YAML, and the engine
// protocol hands them on as JSON (its `state` and its steps), each value as the YAML would
// read back: numbers and booleans as such, cards, seats and words as strings. Json is
// nlohmann::json or nlohmann::ordered_json (the keys in the order a scenario writes them).
// `form` is write_setup's.
template <typename Json>
Json setup_tree(const GameState& s, const RuleSet& r, SetupForm form = SetupForm::kWhole);
// With `player:` when the player is not `to_move`.
template <typename Json>
Json step_tree(const Action& a, const RuleSet& r, int to_move);

// The whole setup as the tree of nodes its written text reads back to (each value a plain
// scalar), made without the text: what the reference model reads a position from where a
// fuzz target makes one on every input.
YamlNode setup_node(const GameState& s, const RuleSet& r);
// A stated position (engine/position.h) as the setup that says what it states and no more,
// as a scenario's author writes one: what it leaves out, the reader takes by default.
YamlNode stated_setup_node(const StatedPosition& s, const RuleSet& r);

// The `setup:` mapping, indented by `indent` spaces, without the `setup:` key itself.
std::string write_setup(const GameState& s, const RuleSet& r, int indent, SetupForm form = SetupForm::kWhole);

// A phase as a setup names it: draw, play, row.
const char* phase_name(Phase p);

// A fact's key in a setup of the ruleset (the list's key, or the ruleset's own name for it:
// a card game's round is its hand_number), or nullptr where the ruleset has no such fact.
const char* setup_key(const char* key, const RuleSet& r);

// A value in YAML's flow style, as scenarios write it: `[7S, 8S]`, `{ from: A, declined: false }`.
// Strings are written plain: the scenario notation needs no quotes.
template <typename Json>
std::string flow_text(const Json& value);

// A fact of engine/position_facts.h as a scenario states it, by its codec: as a value, and
// as the text written.
nlohmann::json fact_json(facts::Seat, uint8_t seat);
nlohmann::json fact_json(facts::SeatOrNone, uint8_t seat);  // null for kNoPlayer
nlohmann::json fact_json(facts::Seats, uint8_t seats);      // one seat alone, else a list
nlohmann::json fact_json(facts::Number, uint64_t n);
nlohmann::json fact_json(facts::Word64, uint64_t n);
nlohmann::json fact_json(facts::Flag, bool b);
nlohmann::json fact_json(facts::PhaseName, Phase p);
template <typename Codec, typename T>
std::string fact_text(Codec codec, T value) {
  return flow_text(fact_json(codec, value));
}

// One step, as the contract writes it (`draw: stock`, `meld: [[7S, 7H, JK=7]]`, ...),
// with `player:` when the player is not `to_move`.
std::string write_step(const Action& a, const RuleSet& r, int to_move);

struct ScenarioText {
  std::string name;
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;
  std::string comment;
};

// A YAML double-quoted scalar holding `text`.
std::string yaml_quoted(const std::string& text);

// The lines before the setup: the schema, the comment, name, ruleset, variants, options.
std::string write_head(const ScenarioText& head);

// A whole scenario: the state as its setup, then the actions as steps, each expected to be
// accepted or refused as `verdicts` says (empty: accepted).
std::string write_scenario(const ScenarioText& head, const GameState& start, const RuleSet& r,
                           const std::vector<Action>& actions, const std::vector<std::string>& verdicts);

// The `steps:` of a scenario starting at `start` (empty without actions).
std::string write_steps(const GameState& start, const RuleSet& r, const std::vector<Action>& actions,
                        const std::vector<std::string>& verdicts);

}  // namespace meldcheck
