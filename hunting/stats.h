// What a run of games counts, in a form that adds up: the tallies of several jobs, or of
// several shards of one run, merge into the tallies of the whole run.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/state.h"
#include "harness/coverage.h"

namespace meldcheck::hunt {

// How hands ended.
struct EndCounts {
  int64_t went_out = 0, stock_ran_dry = 0, turn_bound = 0;
};

// Points and wins by seat, counted from the hand's first player (seat 1): the first
// player's edge. A win is going out.
struct SeatTally {
  int64_t hands = 0;
  std::array<int64_t, kMaxPlayers> points{}, wins{};
};

struct Stats {
  int64_t games = 0, hands = 0, matches = 0, actions = 0;
  std::map<int64_t, int64_t> hand_lengths;  // actions in a hand -> hands
  std::map<std::string, EndCounts> ends;    // by ruleset
  std::map<std::string, SeatTally> seats;   // by "ruleset/players"
  std::map<std::string, std::vector<ClauseTally>> clauses;  // by ruleset, in catalog order
  // Games started from a boundary position (simulate --start positions), by its bends
  // ("target+short-stock"; "play" for a position of play left unbent).
  std::map<std::string, int64_t> starts;

  void merge(const Stats& other);
  // A quantile of the hand lengths (0.5: the median), exact from the counts.
  int64_t hand_length(double quantile) const;
};

}  // namespace meldcheck::hunt
