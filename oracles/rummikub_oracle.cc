#include "oracles/rummikub_oracle.h"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>

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

namespace meldcheck::oracle {
namespace {

// Tiles by colour and number, the jokers apart.
struct Pool {
  std::array<std::array<int, kRanks + 1>, kSuits> n{};
  int jokers = 0;
};

Pool pool_of(const Tiles& tiles) {
  Pool p;
  for (const Face& f : tiles) (f.is_joker() ? p.jokers : p.n[size_t(f.suit())][size_t(f.rank())]) += 1;
  return p;
}

// What the numbers below the one at hand left open: in each colour, how many runs are one
// tile long, two, and three or more (a run in progress reaches the number just below).
struct Open {
  std::array<std::array<uint8_t, 3>, kSuits> runs{};
  uint8_t jokers_used = 0;
  bool operator==(const Open&) const = default;
};

// A table arranged number by number, 1 to 13 ("Set": groups of one number in three or four
// colours, runs of three or more numbers in one colour, 1 never after 13): at each number
// every table tile of it goes into a group of that number or into a run of its colour, a
// rack tile may; a joker may take any place. Runs of one or two tiles must go on to the
// next number; longer ones may stop. What is best is the most `value` of the rack tiles
// placed (each joker from the rack counted at the end, `joker_value` each).
struct Arranging {
  Pool must, may;
  bool by_points = false;  // a rack tile's value: its number (the opening), or one (a tile)
  std::unordered_map<std::string, int> memo;
  static constexpr int kNone = -1000000;

  int value(int number) const { return by_points ? number : 1; }

  int best(int v, const Open& open) {
    if (v > kRanks) {
      for (const auto& c : open.runs)
        if (c[0] || c[1]) return kNone;  // a run of one or two tiles is no run
      if (open.jokers_used < must.jokers) return kNone;
      return (open.jokers_used - must.jokers) * (by_points ? 0 : 1);
    }
    std::string key(1, char(v));
    for (const auto& c : open.runs) key.append(c.begin(), c.end());
    key.push_back(char(open.jokers_used));
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    int most = kNone;
    Open next{};
    next.jokers_used = open.jokers_used;
    colour(v, 0, open, next, 0, 0, 0, most);
    memo[key] = most;
    return most;
  }

  // Colour by colour at number v: how many of its tiles are used (every table tile, some
  // rack tiles), how many jokers play it in runs, which runs go on, how many start, and
  // how many tiles go to groups. `naturals` and `widest` gather the groups' tiles.
  void colour(int v, int c, const Open& open, Open& next, int naturals, int widest, int gained, int& most) {
    if (c == kSuits) {
      groups(v, next, naturals, widest, gained, most);
      return;
    }
    const int m = must.n[size_t(c)][size_t(v)], o = may.n[size_t(c)][size_t(v)];
    const auto& r = open.runs[size_t(c)];
    const int jokers_left = must.jokers + may.jokers - next.jokers_used;
    const int room = v <= kRanks - 2 ? 4 : 0;  // a run started here must reach three numbers
    for (int used = m; used <= m + o; ++used)
      for (int k = 0; k <= jokers_left; ++k)          // jokers playing (c, v) in runs
        for (int go_on = 0; go_on <= r[2]; ++go_on)    // long runs that go on
          for (int start = 0; start <= std::min(room, used + k); ++start) {
            const int in_runs = r[0] + r[1] + go_on + start;  // short runs must go on
            const int to_groups = used + k - in_runs;
            if (to_groups < 0 || to_groups > used) continue;  // the jokers here are in runs
            next.runs[size_t(c)] = {uint8_t(start), r[0], uint8_t(r[1] + go_on)};
            next.jokers_used = uint8_t(next.jokers_used + k);
            const int here = (used - m) * value(v) + (by_points ? k * v : 0);
            colour(v, c + 1, open, next, naturals + to_groups, std::max(widest, to_groups), gained + here, most);
            next.jokers_used = uint8_t(next.jokers_used - k);
          }
  }

  // The groups of number v: `naturals` tiles, at most `widest` of one colour, and some
  // jokers, in g groups of three or four, each of distinct colours with a natural tile.
  void groups(int v, Open& next, int naturals, int widest, int gained, int& most) {
    const int jokers_left = must.jokers + may.jokers - next.jokers_used;
    for (int j = 0; j <= jokers_left; ++j) {
      const int tiles = naturals + j;
      bool fits = tiles == 0;
      for (int g = 1; g <= naturals && !fits; ++g) fits = g >= widest && 3 * g <= tiles && tiles <= 4 * g;
      if (!fits) continue;
      next.jokers_used = uint8_t(next.jokers_used + j);
      const int rest = best(v + 1, next);
      if (rest != kNone) most = std::max(most, gained + rest + (by_points ? j * v : 0));
      next.jokers_used = uint8_t(next.jokers_used - j);
    }
  }
};

}  // namespace

bool can_place_some(const Tiles& table, const Tiles& rack) {
  Arranging a{pool_of(table), pool_of(rack), false, {}};
  return a.best(1, Open{}) > 0;
}

int best_opening_points(const Tiles& rack) {
  Arranging a{{}, pool_of(rack), true, {}};
  return std::max(0, a.best(1, Open{}));
}

}  // namespace meldcheck::oracle
