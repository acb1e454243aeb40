// Scenario files (../shared/design/scenario-format.md): parsed, checked against the
// ruleset, and turned into a starting state, engine actions and expectations.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/engine.h"
#include "engine/position.h"
#include "files/ruleset_loader.h"
#include "files/yaml_doc.h"

namespace meldcheck {

// What a step expects of the engine's answer.
struct Outcome {
  enum class Kind { kOk, kReject } kind = Kind::kOk;
  std::string rule;  // with kReject: the rule id it must name, if given
};

// A card as written in a table meld: the token, and the player who laid it when marked
// with `@P` (kNoPlayer otherwise: the meld's owner).
struct WrittenCard {
  Token token;
  uint8_t builder = kNoPlayer;
  Mark mark;
};

struct WrittenMeld {
  int id = 0;
  int owner = -1;
  std::vector<WrittenCard> cards;
  Mark mark;
};

// What the turn in progress still owes (extension `owed:`), each part checked only when named.
struct Owed {
  std::optional<Face> must_use, no_discard;  // nullopt with names_*: nothing owed
  bool names_must_use = false, names_no_discard = false;
  std::optional<bool> pile_meld;
  std::optional<int> freed_jokers;
};

// The turn's books (extension `turn:` as an expectation), each part checked only when named.
struct TurnBooks {
  std::optional<Face> must_use, no_discard;
  std::optional<std::vector<Face>> pile_meld_due;
  std::optional<int> freed_jokers, actions;
  std::optional<bool> melded, built, built_on_others, opened_now, discarded;
};

// Each expectation checks only what it names (`expect:` at the end, `then:` after a step).
struct Expectations {
  Mark mark;
  std::map<int, std::vector<Face>> hand;
  std::map<int, int> hand_size;
  std::optional<std::vector<WrittenMeld>> table;
  std::optional<int> stock_size;
  std::optional<std::vector<Face>> discard;
  std::map<int, int> round_scores;
  std::map<int, int> totals;
  // The facts of engine/position_facts.h, each when expected (round_over for hand_over,
  // winner as a set of seats; to_move, phase, round_over, game_over and winner are the
  // contract's keys, the others its extensions).
  struct Facts {
#define MELDCHECK_EXPECTED_FACT(type, member, initial, key, expect_key, codec, told) std::optional<type> member;
    MELDCHECK_POSITION_FACTS(MELDCHECK_EXPECTED_FACT)
#undef MELDCHECK_EXPECTED_FACT
  } facts;
  // Extensions of the contract.
  std::map<int, bool> opened;
  // The best `arrange` for the player to move, by the solver (free rearrangement only):
  // the most rack tiles it can place, the most rack value; 0 when it can place none.
  std::optional<int> best_move_tiles, best_move_value;
  std::optional<Owed> owed;
  // The books a game keeps, as the setup's extension keys name them (what a finding of
  // `meldcheck simulate` names when the engine's books differ from the rules').
  std::optional<std::vector<Face>> stock;  // in order, top first
  std::map<int, int> penalties;
  std::map<int, bool> built_on_others;
  std::optional<Offer> offer;  // from kNoPlayer: none on offer
  std::optional<TurnBooks> turn;
  std::optional<bool> can_move;  // some step is legal in a hand still going
};

struct Step {
  Mark mark;
  std::string text;  // the step as written, for reports
  Action action;
  // next_hand with a setup: what it leaves unstated carries over (engine/position.h).
  std::optional<StatedPosition> next_hand_setup;
  Outcome outcome;
  std::optional<bool> listed;  // extension: whether the legal-action enumeration lists it
  std::optional<Expectations> then;
};

// The names a file gives its players and its setup's melds (scenario-format "Players and
// setup"), for reading its steps again one at a time (the engine protocol's `apply`).
struct WrittenNames {
  std::vector<std::string> players;   // by seat; empty when the file writes A, B, C, ...
  std::map<std::string, int> melds;   // name -> meld id (from kFirstNamedMeld)

  // A player and a meld as the file writes them: its names, else A, B, ... and m<k>.
  std::string player(int seat) const;
  std::string meld(int id) const;
};

struct Scenario {
  std::string file;
  WrittenNames names;
  Mark mark;
  std::string name;
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;
  std::string source;
  std::vector<std::string> cites;  // the rule ids of `rules:`
  RuleSet rules;
  GameState start;
  bool dealt = false;  // it starts from a `deal`, not a `setup`
  std::vector<Step> steps;
  std::optional<Expectations> expect;
};

// Reads every scenario of a file; throws InputError at the offending node.
std::vector<Scenario> load_scenarios(const std::string& path, const RulesetLibrary& library);
std::vector<Scenario> parse_scenarios(std::string_view text, const std::string& file, const RulesetLibrary& library);

// The ruleset, variants and options to read scenarios under instead of their own (the
// same steps in another house: `meldcheck check --across`).
struct ReadAs {
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;
};
// Each scenario of a file read as that house: the scenario, or why it cannot be (its
// setup names tiles in a card game, a key of another ruleset...), as file:line:column.
struct ScenarioAs {
  std::optional<Scenario> scenario;
  std::string error;
};

// The notation a file's cards settled on (its first card only one notation reads).
struct FileCardNames {
  std::optional<CardNames> names;
  Mark first;  // that card
};

// A file's scenarios, its YAML parsed once, each one readable again alone in another house
// (`meldcheck check` reads every scenario under every choice of every option: reading the
// file again for each would make a file's cost grow with the square of its scenarios).
class ScenarioFile {
 public:
  // Throws InputError at the offending node, as parse_scenarios does.
  ScenarioFile(std::string_view text, std::string file, const RulesetLibrary& library);
  // The same from the file's documents, read already (a fuzz target's structured input),
  // kept or shared (a fuzz target's mutator keeps an input's documents for its next change).
  ScenarioFile(std::vector<YamlNode> docs, std::string file, const RulesetLibrary& library);
  ScenarioFile(std::shared_ptr<const std::vector<YamlNode>> docs, std::string file, const RulesetLibrary& library);
  const std::vector<Scenario>& scenarios() const& { return scenarios_; }
  // The file's documents (empty ones among them), as read.
  const std::vector<YamlNode>& docs() const { return *docs_; }
  std::vector<Scenario> scenarios() && { return std::move(scenarios_); }
  // scenarios()[index]'s document read as that house.
  ScenarioAs read_as(size_t index, const ReadAs& as) const;

 private:
  std::string file_;
  const RulesetLibrary* library_;
  std::shared_ptr<const std::vector<YamlNode>> docs_;
  std::vector<int> doc_of_;  // by scenario: its document's index in the file
  std::vector<Scenario> scenarios_;
  FileCardNames card_names_;  // as the whole file settled them
};

// One step as a scenario writes it (without `expect` or `then`), for a game of `players`,
// with the names its file gave.
Step parse_step(std::string_view text, const std::string& file, const RuleSet& rules, int players,
                const RulesetLibrary& library, const WrittenNames& names = {});

// The keys each object of the format accepts, by the schema's name for the object (for
// the test that spec/scenario.schema.json and the loader agree).
const std::map<std::string, std::vector<std::string>>& scenario_keys();

// A step's kind as the contract writes it (draw, take, ..., next_hand), and back.
const char* step_kind_name(ActionKind kind);
std::optional<ActionKind> step_kind_from_name(std::string_view name);

// Player letters: 0 -> "A".
std::string player_name(int p);

}  // namespace meldcheck
