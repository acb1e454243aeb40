#include "hunting/stats.h"

#include <algorithm>
#include <cmath>

namespace meldcheck::hunt {

void Stats::merge(const Stats& o) {
  games += o.games;
  hands += o.hands;
  matches += o.matches;
  actions += o.actions;
  for (const auto& [len, n] : o.hand_lengths) hand_lengths[len] += n;
  for (const auto& [bends, n] : o.starts) starts[bends] += n;
  for (const auto& [id, e] : o.ends) {
    EndCounts& m = ends[id];
    m.went_out += e.went_out;
    m.stock_ran_dry += e.stock_ran_dry;
    m.turn_bound += e.turn_bound;
  }
  for (const auto& [key, s] : o.seats) {
    SeatTally& m = seats[key];
    m.hands += s.hands;
    for (int i = 0; i < kMaxPlayers; ++i) m.points[i] += s.points[i], m.wins[i] += s.wins[i];
  }
  for (const auto& [id, tallies] : o.clauses) {
    std::vector<ClauseTally>& m = clauses[id];
    if (m.size() < tallies.size()) m.resize(tallies.size());
    for (size_t i = 0; i < tallies.size(); ++i) m[i].passed += tallies[i].passed, m[i].refused += tallies[i].refused;
  }
}

int64_t Stats::hand_length(double quantile) const {
  int64_t total = 0;
  for (const auto& [len, n] : hand_lengths) total += n;
  if (total == 0) return 0;
  // The smallest length with at least quantile * total hands at or below it.
  const int64_t rank = std::max<int64_t>(1, int64_t(std::ceil(quantile * double(total))));
  int64_t seen = 0;
  for (const auto& [len, n] : hand_lengths)
    if ((seen += n) >= rank) return len;
  return hand_lengths.rbegin()->first;
}

}  // namespace meldcheck::hunt
