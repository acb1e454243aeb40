// The engine's position against the reference model's (oracles/catalog.h `next`), fact by
// fact, as the contract compares positions: hands and sets as multisets, runs in order, a
// joker by its stand-in, who laid each card (not in Rummikub, whose table has no owners),
// and the books of the turn and the match. Facts that mean nothing once a hand has ended
// (whose turn, the phase, the turn's books, the offer) are compared only while it goes on.
#pragma once

#include <optional>
#include <string>

#include "engine/card.h"
#include "oracles/position.h"

namespace meldcheck::hunt {

struct FactDifference {
  std::string fact;           // "hand of B", "turns", "table", ...
  std::string engine, model;  // the two values, as a scenario writes them
  std::string expect;         // `then:` lines (unindented YAML) that say the model's value
  std::string kind;           // the fact without which one ("a hand", "the table"): a finding's bucket
};

// The first fact in which `engine` differs from `model`, or nullopt when they agree.
std::optional<FactDifference> first_difference(const oracle::Game& game, const oracle::Position& engine,
                                               const oracle::Position& model, Notation notation);

}  // namespace meldcheck::hunt
