#include "oracles/rummikub_oracle.h"

#include "oracles/meld_oracle.h"

namespace meldcheck::oracle {
bool valid_rummikub_set(const Tiles& set) {
  Faces naturals;
  int jokers = 0;
  for (const Face& f : set) {
    if (f.is_joker()) ++jokers;
    else naturals.push_back(f);
  }
  return can_meld(meld_definition("rummikub", {}, {}), naturals, jokers, false);
}

bool can_partition(const Tiles& tiles) {
  if (tiles.empty()) return true;
  // The first tile goes into some set with others; try every such set.
  const size_t n = tiles.size();
  std::vector<size_t> others;
  for (size_t i = 1; i < n; ++i) others.push_back(i);
  const size_t m = others.size();
  for (uint32_t mask = 0; mask < (1u << m); ++mask) {
    const int size = 1 + __builtin_popcount(mask);
    if (size < 3 || size > kRanks) continue;
    Tiles set{tiles[0]}, rest;
    for (size_t k = 0; k < m; ++k) ((mask >> k) & 1 ? set : rest).push_back(tiles[others[k]]);
    if (valid_rummikub_set(set) && can_partition(rest)) return true;
  }
  return false;
}

int best_rack_placement(const Tiles& table, const Tiles& rack) {
  if (!can_partition(table)) return -1;
  const size_t m = rack.size();
  for (int want = int(m); want >= 1; --want)
    for (uint32_t mask = 0; mask < (1u << m); ++mask) {
      if (__builtin_popcount(mask) != want) continue;
      Tiles all = table;
      for (size_t k = 0; k < m; ++k)
        if ((mask >> k) & 1) all.push_back(rack[k]);
      if (can_partition(all)) return want;
    }
  return 0;
}

}  // namespace meldcheck::oracle
