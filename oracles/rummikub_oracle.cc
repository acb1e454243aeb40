#include "oracles/rummikub_oracle.h"

#include <algorithm>
#include <functional>

namespace meldcheck::oracle {
namespace {

bool is_group(const Tiles& faces) {
  if (faces.size() < 3 || faces.size() > 4) return false;
  for (size_t i = 0; i < faces.size(); ++i) {
    if (faces[i].rank() != faces[0].rank()) return false;
    for (size_t j = 0; j < i; ++j)
      if (faces[i].suit() == faces[j].suit()) return false;
  }
  return true;
}

bool is_run(Tiles faces) {
  if (faces.size() < 3) return false;
  for (const Face& f : faces)
    if (f.suit() != faces[0].suit()) return false;
  std::sort(faces.begin(), faces.end(), [](Face a, Face b) { return a.rank() < b.rank(); });
  for (size_t i = 1; i < faces.size(); ++i)
    if (faces[i].rank() != faces[i - 1].rank() + 1) return false;
  return true;  // ranks 1..13 only, so 1 never follows 13
}

}  // namespace

bool valid_rummikub_set(const Tiles& set) {
  size_t naturals = 0;
  for (const Face& f : set) naturals += !f.is_joker();
  if (naturals == 0) return false;  // the ruleset's reading: a set shows at least one tile
  Tiles faces = set;
  std::function<bool(size_t)> assign = [&](size_t i) -> bool {
    if (i == faces.size()) return is_group(faces) || is_run(faces);
    if (!set[i].is_joker()) return assign(i + 1);
    for (int s = 0; s < kSuits; ++s)
      for (int r = 1; r <= kRanks; ++r) {
        faces[i] = Face::natural(s, r);
        if (assign(i + 1)) return true;
      }
    return false;
  };
  return assign(0);
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
