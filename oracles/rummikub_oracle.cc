#include "oracles/rummikub_oracle.h"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "oracles/meld_oracle.h"

namespace meldcheck::oracle {
bool valid_rummikub_set(const Tiles& set) {
  Faces naturals;
  int jokers = 0;
  for (const Face& f : set) {
    if (f.is_joker()) ++jokers;
    else naturals.push_back(f);
  }
  static const MeldDefinition rummikub = meld_definition("rummikub", {}, {});
  return can_meld(rummikub, naturals, jokers, false);
}

namespace {

// Tiles as a sorted string of their codes: the same tiles in any order are one key.
std::string tiles_key(const Tiles& tiles) {
  std::string key;
  for (const Face& f : tiles) key.push_back(char(f.code()));
  std::sort(key.begin(), key.end());
  return key;
}

// can_partition, each set of tiles worked out once (best_rack_placement asks again and
// again about what is left once some sets are taken out).
bool partition_remembered(const Tiles& tiles, std::unordered_map<std::string, bool>& known);

}  // namespace

bool can_partition(const Tiles& tiles) {
  std::unordered_map<std::string, bool> known;
  return partition_remembered(tiles, known);
}

namespace {

bool partition_remembered(const Tiles& tiles, std::unordered_map<std::string, bool>& known) {
  if (tiles.empty()) return true;
  const std::string key = tiles_key(tiles);
  if (auto it = known.find(key); it != known.end()) return it->second;
  bool& answer = known[key];
  // Whether a set is valid, each set worked out once: the subsets tried share many.
  auto valid = [&](const Tiles& set) {
    const std::string set_key = "s" + tiles_key(set);
    if (auto it = known.find(set_key); it != known.end()) return it->second;
    return known[set_key] = valid_rummikub_set(set);
  };
  // A natural tile (a joker if there is none) goes into some set with others; try every
  // such set. Its set holds only jokers and tiles of its colour or its number, so the
  // others never join it.
  size_t first = 0;
  while (first + 1 < tiles.size() && tiles[first].is_joker()) ++first;
  const Face anchor = tiles[first];
  std::vector<size_t> others;
  Tiles rest_always;
  for (size_t i = 0; i < tiles.size(); ++i) {
    if (i == first) continue;
    const Face t = tiles[i];
    if (anchor.is_joker() || t.is_joker() || t.suit() == anchor.suit() || t.rank() == anchor.rank()) others.push_back(i);
    else rest_always.push_back(t);
  }
  const size_t m = others.size();
  for (uint32_t mask = 0; mask < (1u << m); ++mask) {
    const int size = 1 + __builtin_popcount(mask);
    if (size < 3 || size > kRanks) continue;
    Tiles set{anchor}, rest = rest_always;
    for (size_t k = 0; k < m; ++k) ((mask >> k) & 1 ? set : rest).push_back(tiles[others[k]]);
    if (valid(set) && partition_remembered(rest, known)) return answer = true;
  }
  return answer = false;
}

}  // namespace

int best_rack_placement(const Tiles& table, const Tiles& rack) {
  std::unordered_map<std::string, bool> known;
  if (!partition_remembered(table, known)) return -1;
  const size_t m = rack.size();
  for (int want = int(m); want >= 1; --want)
    for (uint32_t mask = 0; mask < (1u << m); ++mask) {
      if (__builtin_popcount(mask) != want) continue;
      Tiles all = table;
      for (size_t k = 0; k < m; ++k)
        if ((mask >> k) & 1) all.push_back(rack[k]);
      if (partition_remembered(all, known)) return want;
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
// The steps Arranging remembers: a key never 0 (it holds the number, 1 to 13) to a value,
// in one array probed slot after slot, doubled when half full. (A node-based map spent a
// fifth of a Rummikub check allocating.)
class StepMemo {
 public:
  StepMemo() : slots_(1024) {}
  const int* find(uint64_t key) const {
    for (size_t i = slot(key);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (slots_[i].key == 0) return nullptr;
    }
  }
  void put(uint64_t key, int value) {
    if (2 * (count_ + 1) > slots_.size()) {
      std::vector<Slot> old(2 * slots_.size());
      old.swap(slots_);
      count_ = 0;
      for (const Slot& s : old)
        if (s.key != 0) put(s.key, s.value);
    }
    size_t i = slot(key);
    while (slots_[i].key != 0 && slots_[i].key != key) i = (i + 1) & (slots_.size() - 1);
    if (slots_[i].key == 0) ++count_;
    slots_[i] = {key, value};
  }

 private:
  struct Slot {
    uint64_t key = 0;
    int value = 0;
  };
  size_t slot(uint64_t key) const {  // Fibonacci hashing: the high bits of key times 2^64/phi
    return size_t((key * 0x9E3779B97F4A7C15ull) >> 40) & (slots_.size() - 1);
  }
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

struct Arranging {
  Pool must, may;
  bool by_points = false;  // a rack tile's value: its number (the opening), or one (a tile)
  StepMemo memo;
  static constexpr int kNone = -1000000;
  // Stop at the first arrangement worth this much (0: search for the most): a yes/no
  // question needs one arrangement, and the search tries the rack's tiles first.
  int enough = 0;
  bool reached = false;

  int value(int number) const { return by_points ? number : 1; }

  // The most value of the numbers from v on, `gained` what the numbers below gave.
  int best(int v, const Open& open, int gained) {
    if (v > kRanks) {
      for (const auto& c : open.runs)
        if (c[0] || c[1]) return kNone;  // a run of one or two tiles is no run
      if (open.jokers_used < must.jokers) return kNone;
      const int value = (open.jokers_used - must.jokers) * (by_points ? 0 : 1);
      reached |= enough > 0 && gained + value >= enough;
      return value;
    }
    Open next{};
    next.jokers_used = open.jokers_used;
    return colour(v, 0, open, next, 0, 0, gained);
  }

  // Colour by colour at number v: how many of its tiles are used (every table tile, some
  // rack tiles), how many jokers play it in runs, which runs go on, how many start, and
  // how many tiles go to groups; the most value from colour c on. `next` holds the runs
  // the colours before c leave, `naturals` and `widest` the groups' tiles so far. Each
  // step is remembered, so that the colours' choices add rather than multiply.
  int colour(int v, int c, const Open& open, Open& next, int naturals, int widest, int gained) {
    if (c == kSuits) return groups(v, next, naturals, widest, gained);
    // Everything that decides what can follow, packed: 4 bits a field, 3 for each count of
    // runs (at most four runs pass through a number: two tiles and two jokers).
    uint64_t key = uint64_t(v) | uint64_t(c) << 4 | uint64_t(next.jokers_used) << 8 | uint64_t(naturals) << 12 |
                   uint64_t(widest) << 16;
    int shift = 20;
    for (int k = 0; k < kSuits; ++k)
      for (uint8_t runs : k < c ? next.runs[size_t(k)] : open.runs[size_t(k)]) key |= uint64_t(runs) << shift, shift += 3;
    if (const int* known = memo.find(key)) {
      reached |= enough > 0 && *known != kNone && gained + *known >= enough;
      return *known;
    }
    int most = kNone;
    const int m = must.n[size_t(c)][size_t(v)], o = may.n[size_t(c)][size_t(v)];
    const auto& r = open.runs[size_t(c)];
    const int jokers_left = must.jokers + may.jokers - next.jokers_used;
    const int room = v <= kRanks - 2 ? 4 : 0;  // a run started here must reach three numbers
    for (int used = m + o; used >= m && !reached; --used)
      for (int k = 0; k <= jokers_left && !reached; ++k)  // jokers playing (c, v) in runs
        for (int go_on = 0; go_on <= r[2]; ++go_on)    // long runs that go on
          for (int start = 0; start <= std::min(room, used + k); ++start) {
            const int in_runs = r[0] + r[1] + go_on + start;  // short runs must go on
            const int to_groups = used + k - in_runs;
            if (to_groups < 0 || to_groups > used) continue;  // the jokers here are in runs
            next.runs[size_t(c)] = {uint8_t(start), r[0], uint8_t(r[1] + go_on)};
            const int here = (used - m) * value(v) + (by_points ? k * v : 0);
            next.jokers_used = uint8_t(next.jokers_used + k);
            const int rest =
                colour(v, c + 1, open, next, naturals + to_groups, std::max(widest, to_groups), gained + here);
            next.jokers_used = uint8_t(next.jokers_used - k);
            if (rest != kNone) most = std::max(most, here + rest);
          }
    next.runs[size_t(c)] = {};
    memo.put(key, most);
    return most;
  }

  // The groups of number v: `naturals` tiles, at most `widest` of one colour, and some
  // jokers, in g groups of three or four, each of distinct colours with a natural tile;
  // then the numbers above.
  int groups(int v, Open& next, int naturals, int widest, int gained) {
    int most = kNone;
    const int jokers_left = must.jokers + may.jokers - next.jokers_used;
    for (int j = 0; j <= jokers_left && !reached; ++j) {
      const int tiles = naturals + j;
      bool fits = tiles == 0;
      for (int g = 1; g <= naturals && !fits; ++g) fits = g >= widest && 3 * g <= tiles && tiles <= 4 * g;
      if (!fits) continue;
      const int here = by_points ? j * v : 0;
      next.jokers_used = uint8_t(next.jokers_used + j);
      const int rest = best(v + 1, next, gained + here);
      next.jokers_used = uint8_t(next.jokers_used - j);
      if (rest != kNone) most = std::max(most, rest + here);
    }
    return most;
  }
};

}  // namespace

bool can_place_some(const Tiles& table, const Tiles& rack) {
  // The catalog asks this of one position for every move judged there (the pass clause):
  // the last question is remembered (keyed by the whole question, one a thread), the search
  // being the slowest part of a check.
  thread_local struct {
    Tiles table, rack;
    bool answer = false, asked = false;
  } last;
  if (last.asked && last.table == table && last.rack == rack) return last.answer;
  Arranging a{pool_of(table), pool_of(rack), false, {}};
  a.enough = 1;
  last = {table, rack, a.best(1, Open{}, 0) > 0 || a.reached, true};
  return last.answer;
}

int most_rack_tiles(const Tiles& table, const Tiles& rack) {
  Arranging a{pool_of(table), pool_of(rack), false, {}};
  const int most = a.best(1, Open{}, 0);
  return most == Arranging::kNone ? -1 : most;
}

int best_opening_points(const Tiles& rack) {
  Arranging a{{}, pool_of(rack), true, {}};
  return std::max(0, a.best(1, Open{}, 0));
}

}  // namespace meldcheck::oracle
