// What the fuzz targets share: the bytes read through FuzzedDataProvider, a configuration
// of any ruleset chosen by them, and what a target reports. Each target is a function
// from bytes to `Found` (fuzz/targets.h), so that libFuzzer, the corpus replayer and
// `meldcheck reproduce` run the same code.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "harness/config.h"
#include "hunting/play.h"
#include "oracles/catalog.h"

namespace meldcheck::fuzz {

// What one input found.
struct Found {
  // A finding in a game, with the game as played: the shrinker of `meldcheck simulate`
  // turns it into a scenario.
  std::optional<hunt::Failure> failure;
  // A finding that is not about a game (an error without a place), for people.
  std::string problem;
  explicit operator bool() const { return failure.has_value() || !problem.empty(); }
  std::string message() const;  // "check: message"
};

// A configuration chosen by the bytes: a ruleset, a mix of its variants, a choice of each
// option and a player count. Configurations are built once and shared.
struct Chosen {
  std::shared_ptr<const hunt::Config> config;
  std::shared_ptr<const oracle::Catalog> oracle;  // the oracle's reading of its house, built with it
  int players = 0;
};
Chosen choose_config(FuzzedDataProvider& in);

// The same for one ruleset (its variants and options still from the bytes).
Chosen choose_config(FuzzedDataProvider& in, const std::string& ruleset);

// The trace of one input's game, kept across inputs and emptied here for a game from
// `start`: under ASan a fresh trace an input (room for a hand of actions of 328 bytes each,
// some 50 KB) was an allocation poisoned, filled and quarantined every time. A finding
// copies it (hunt::Failure holds its own).
hunt::Trace& reused_trace(const GameState& start, size_t most_steps);

// Stops the run on a finding, with a message the fuzzer keeps with the input.
[[noreturn]] void fail(const Found& found);

}  // namespace meldcheck::fuzz
