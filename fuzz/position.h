// Positions built from faces, for the differential targets: what each player holds and the
// melds on the table, the deck's next cards in a short stock and the rest out of play, as
// a scenario's setup states them; and a step taken there, checked as `meldcheck simulate` checks it, so that
// a disagreement found on a function reaches the shrinker as a game.
#pragma once

#include <optional>
#include <vector>

#include "engine/engine.h"
#include "engine/position.h"
#include "files/yaml_doc.h"
#include "fuzz/fuzz_input.h"
#include "hunting/checks.h"
#include "hunting/play.h"

namespace meldcheck::fuzz {

struct TableMeld {
  Shape shape;
  int owner = 0;
};

struct Layout {
  std::vector<std::vector<Face>> hands;  // a player each (jokers as Face::joker())
  std::vector<TableMeld> table;
  int to_move = 0;
  Phase phase = Phase::kPlay;
  bool opened = true;  // every player has opened (made a first meld, laid the contract)
};

// The position as stated (engine/position.h), or nullopt when the deck lacks a card it names.
std::optional<StatedPosition> state_layout(const RuleSet& rules, int players, const Layout& layout);
// The position made, with what was stated to make it.
struct Built {
  StatedPosition stated;
  GameState state;
};
std::optional<Built> build_position(const RuleSet& rules, int players, const Layout& layout);

// The step taken from the position and checked with every check: the failure, if any. The
// reference model starts from the setup that states the position, as a scenario's author
// writes it (what it leaves out read by default), and is held to the engine's start.
std::optional<hunt::Failure> check_step(const Chosen& chosen, const Built& start, const Action& action);

// The engine forming a new meld from tokens, or building them onto the meld `onto`: its
// jokers' stand-ins left to it, or named (every card, every rank alone) where it refuses
// only for want of a named one.
struct Formation {
  RefusalMask fails;
  Formed formed;
};
Formation engine_forms(const MeldRules& rules, const Shape* onto, std::vector<Token> tokens);

// A card token from one byte: a natural face, or (one value in 14) a joker.
Token token_of(uint8_t byte);

}  // namespace meldcheck::fuzz
