// The engine's states and actions as the oracles read them: positions and moves in the
// contract's terms (oracles/position.h), the ruleset as the executable catalog reads it.
// The one place where the engine's values and the oracles' meet.
#pragma once

#include "engine/engine.h"
#include "harness/config.h"
#include "oracles/catalog.h"
#include "oracles/position.h"

namespace meldcheck::hunt {

oracle::Game game_of(const Config& config);
oracle::Position position_of(const GameState& s);
// The same into `out`, its storage reused.
void position_of(const GameState& s, oracle::Position& out);
oracle::Move move_of(const Action& a);
// The same into `out`, its storage reused.
void move_of(const Action& a, oracle::Move& out);
// A move of the rules as the engine's action (a take by its count).
Action action_of(const oracle::Move& m);

}  // namespace meldcheck::hunt
