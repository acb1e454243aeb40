// The Rummikub solver's corpus (bench/rummikub_corpus.txt): positions cut from random play,
// a line each, read by the solver's benchmark, its answers program and bench/ilp_check.py:
//   <opened|unopened> ; <set> | <set> | ... ; <rack tiles>
// tiles as scenarios write them (R5, K13, JK; a table joker with its stand-in, JK=R5).
#pragma once

#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "engine/state.h"

namespace meldcheck::bench {

// A position's line: the player to move's rack and opening, the table's sets.
std::string corpus_line(const GameState& s, const RuleSet& rummikub);

// The positions of a corpus file, the player to move in each their rack's owner (seat A of
// two, the other seat empty, the tiles placed nowhere out of play). Throws
// std::runtime_error naming the file and line of a malformed position.
std::vector<GameState> read_corpus(const std::string& path, const RuleSet& rummikub);

}  // namespace meldcheck::bench
