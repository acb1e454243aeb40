// The setup the reference model starts from, read by the model's side itself: the scenario
// contract's `setup` mapping (scenario-format.md, "Players and setup") in a plain reading
// of its own, written apart from files/scenario.cc and engine/position.cc, into the
// oracles' Position. So the model never starts from the engine's books: a bug in how the
// engine reads or keeps a position shows as the two disagreeing at the start. The
// defaults of meldcheck's extension keys (offer, turn, next_meld, ...) are the ones the
// scenario schema documents: the model follows the schema's words, as the engine's reader
// does, so the two agree there by the schema, not by one reading the other.
#pragma once

#include <optional>
#include <string>

#include "engine/state.h"
#include "files/yaml_doc.h"
#include "harness/config.h"
#include "oracles/catalog_melds.h"
#include "oracles/position.h"

namespace meldcheck::hunt {

struct ModelSetup {
  std::optional<oracle::Position> position;
  std::string problem;  // why the setup does not read, when it does not
};

// The setup mapping as the model reads it. The engine's reader has refused what the
// contract refuses, so a setup that does not read here is a disagreement between the two.
ModelSetup model_setup(const YamlNode& setup, const Config& config);
// The same with the text's meld definitions read already (oracle::MeldText::of the house).
ModelSetup model_setup(const YamlNode& setup, const Config& config, const oracle::MeldText& text);

// A position that play made (a boundary position, a fuzzer's) written out as a setup, the
// way a scenario holds it, and read so.
ModelSetup model_setup_of(const GameState& s, const Config& config);

// The next hand of the match the model played to `finished`, set up as `next_hand` writes
// it: what the setup leaves unsaid carries over from the model's own books (each total,
// the last player out, the round, the dealer and the first player after them).
ModelSetup model_next_hand(const oracle::Position& finished, const YamlNode& next_hand, const Config& config);

}  // namespace meldcheck::hunt
