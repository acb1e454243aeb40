#include "engine/solver.h"

#include <algorithm>
#include <cstring>

#include "engine/fault.h"
#include "engine/small_sort.h"

namespace meldcheck {
namespace {

// Runs in progress a colour keeps track of. Two copies and two jokers could carry four runs
// through one number, but some best arrangement never needs more than three: of four runs
// through n (both jokers at n, so at most two reach n-1 and two n+1), two end at n and two
// start there; one that ends at n joined to one that starts there keeps a natural at n and
// frees a joker, which extends the other run ending at n to n+1 (n+1 exists: some run
// reaches it). Every tile stays on the table, and no number gets a fourth run.
constexpr int kMaxTracks = 3;
constexpr int kJokerValue = 30;

// ---- the state, packed in 64 bits ----------------------------------------------------
//
// A state of the search is everything that decides what can still follow:
//   bits  0-31  per colour a byte of run lengths in progress (0, 1, 2, or 3 and more),
//               two bits a track, sorted longest first;
//   bits 32-33  jokers used so far;          bits 34-39  opening points reached (capped);
//   bits 40-41  room for free jokers (capped at 2, see Solver);
//   bits 42-54  while a number is worked through colour by colour, the sums that decide
//               its groups (GroupSums).
using Key = uint64_t;

struct Field {
  int shift, bits;
  uint64_t get(Key k) const { return (k >> shift) & ((uint64_t{1} << bits) - 1); }
  Key set(Key k, uint64_t v) const {
    const uint64_t mask = ((uint64_t{1} << bits) - 1) << shift;
    return (k & ~mask) | (v << shift);
  }
};
constexpr Field kJokers{32, 2}, kPoints{34, 6}, kRoom{40, 2};
constexpr Field kReq{42, 4}, kUpto1{46, 3}, kUpto2{49, 4}, kMaxReq{53, 2};
constexpr Key kSumsMask = ((Key{1} << 13) - 1) << 42;

uint8_t track_byte(Key k, int c) { return uint8_t(k >> (8 * c)); }
Key with_track_byte(Key k, int c, uint8_t b) { return (k & ~(Key{0xFF} << (8 * c))) | (Key{b} << (8 * c)); }
int track_len(uint8_t byte, int i) { return (byte >> (2 * i)) & 3; }

// What the tiles of one number that no run took allow in groups.
struct GroupSums {
  int req = 0;      // tiles that must go into groups (table tiles no run took)
  int upto1 = 0;    // tiles available at most one a colour
  int upto2 = 0;    // tiles available
  int max_req = 0;  // most required of one colour
};

GroupSums sums_of(Key k) {
  return {int(kReq.get(k)), int(kUpto1.get(k)), int(kUpto2.get(k)), int(kMaxReq.get(k))};
}

// The most naturals that fit groups of 3-4 distinct colours with `jokers` jokers, or -1;
// `groups` receives how many groups that makes.
int best_group_naturals(const GroupSums& g, int jokers, int* groups = nullptr) {
  const int largest = fault("solver-small") ? 3 : 4;  // the fault: no group of four
  int best = -1, best_k = 0;
  if (g.max_req > kMaxCopies) return -1;  // a table joker kept as a third copy (solve_uncached)
  if (g.req == 0 && jokers == 0) best = 0;
  if (g.max_req <= 1) {
    const int s = std::min(g.upto1, largest - jokers);
    if (s >= std::max(g.req, 3 - jokers) && s > best) best = s, best_k = 1;
  }
  // Two groups, or three: each takes a colour once, so with two copies of each tile a
  // colour gives two groups at most, and the jokers make up a third (8 + 1, 7 + 2).
  for (int k = 2; k <= 3; ++k) {
    const int s = std::min(g.upto2, k * largest - jokers);
    if (s >= std::max(g.req, 3 * k - jokers) && s > best) best = s, best_k = k;
  }
  if (groups) *groups = best_k;
  return best;
}

struct Entry {
  Key key;
  int32_t value;
  uint32_t prev;   // index in the previous layer
  uint16_t choice;  // each track's action (2 bits a track), then the jokers put into groups
};

// One layer of states, deduplicated by key, keeping the best value: an open-addressing
// table of (key, entry index) beside the entries. A slot counts only when stamped with the
// current generation, so clearing costs nothing; and each use starts small, only as many
// slots as its entries need, since probing a table grown once by a large position would
// miss the cache on every offer of all the small ones after it.
class Layer {
 public:
  void clear() {
    entries.clear();
    used_ = kInitialSlots;
    if (slots_.size() < used_) slots_.resize(used_);
    next_generation();
  }
  void offer(Key key, int32_t value, uint32_t prev, uint16_t choice) {
    if (2 * entries.size() >= used_) grow();
    const size_t mask = used_ - 1;
    for (size_t h = hash(key) & mask;; h = (h + 1) & mask) {
      Slot& slot = slots_[h];
      if (slot.generation != generation_) {
        slot = {key, uint32_t(entries.size()), generation_};
        entries.push_back({key, value, prev, choice});
        return;
      }
      if (slot.key == key) {
        Entry& e = entries[slot.index];
        if (value > e.value) e = {key, value, prev, choice};
        return;
      }
    }
  }
  std::vector<Entry> entries;

 private:
  static constexpr size_t kInitialSlots = 64;
  struct Slot {
    Key key = 0;
    uint32_t index = 0;
    uint32_t generation = 0;
  };
  static size_t hash(Key k) {  // the keys differ in a few bits anywhere: mix them all down
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    return size_t(k ^ (k >> 33));
  }
  void next_generation() {
    if (++generation_ == 0) {  // wrapped: no stamp may look current
      for (Slot& s : slots_) s.generation = 0;
      generation_ = 1;
    }
  }
  void grow() {
    used_ *= 2;
    if (slots_.size() < used_) slots_.resize(used_);
    next_generation();
    const size_t mask = used_ - 1;
    for (size_t i = 0; i < entries.size(); ++i) {
      size_t h = hash(entries[i].key) & mask;
      while (slots_[h].generation == generation_) h = (h + 1) & mask;
      slots_[h] = {entries[i].key, uint32_t(i), generation_};
    }
  }
  std::vector<Slot> slots_;
  size_t used_ = 0;
  uint32_t generation_ = 0;
};

enum Act : uint8_t { kNone = 0, kTile = 1, kJoker = 2 };

// One way the tracks of a colour can go on at a number.
struct Option {
  uint8_t byte;    // the tracks after it
  uint8_t choice;  // each track's action
  uint8_t tiles;   // naturals taken by runs
  uint8_t jokers;  // jokers taken by runs
  uint8_t room;    // room for free jokers it opens
  uint8_t req;     // table tiles it leaves to the groups
  Key add;         // what it adds to the key's jokers and group sums (they never carry)
};
constexpr uint8_t kEndOfOptions = 0xFF;

// Layers: for each number, one step per colour (its runs); the last colour's step also
// settles the number's groups.
constexpr int kStepsPerNumber = kSuits;
constexpr int kLayers = 1 + kRanks * kStepsPerNumber;
constexpr int layer_of(int n, int colour) { return (n - 1) * kStepsPerNumber + colour + 1; }
constexpr int kGroupShift = 8;  // in Entry::choice

struct Scratch {
  std::array<Layer, kLayers> layers;
  std::vector<Option> options;
  // Per jokers used (at most two) and track byte (three tracks of two bits): the options' start.
  std::array<std::array<int32_t, 1 << (2 * kMaxTracks)>, 3> first;
};

// The tiles of one set while it is laid out (a run of up to thirteen and the jokers beside
// it), inline, so that laying out an answer allocates nothing.
class SetTiles {
 public:
  void push_back(Token t) { t_[n_++] = t; }
  void push_front(Token t) {
    std::copy_backward(t_.begin(), t_.begin() + n_, t_.begin() + n_ + 1);
    t_[0] = t;
    ++n_;
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const Token* begin() const { return t_.data(); }
  const Token* end() const { return t_.data() + n_; }
  const Token& operator[](size_t i) const { return t_[i]; }
  const Token& front() const { return t_[0]; }
  const Token& back() const { return t_[n_ - 1]; }

 private:
  std::array<Token, kMaxMeldCards> t_{};
  uint8_t n_ = 0;
};

// Jokers that only lengthen a finished run or fill out a group change nothing for the other
// tiles; the search leaves them out ("free" jokers) and adds them at the end to sets with
// room. An opening, whose points depend on where jokers stand, places them all itself.
struct Solver {
  const TileCounts& tc;
  SolverGoal goal;
  int min_points;
  int jokers_total;
  int tracks;  // per colour
  bool free_jokers;
  Scratch& scratch;
  int placed_table_jokers = 0;
  // Branch and bound: a value some arrangement is known to reach, and per layer the most
  // the tiles not yet considered could add.
  int known = 0;
  int least = 1;  // the least value an answer may have: 0 lets it place no rack tile
  std::array<int, kLayers> still_to_gain{};

  // Whether a rack tile at (c, n) could be placed at all: three in a row of its colour
  // around it, or two other colours of its number, the jokers filling what is missing.
  bool placeable(int c, int n) const {
    for (int s = std::max(1, n - 2); s <= std::min(n, kRanks - 2); ++s) {
      int missing = 0;
      for (int k = s; k < s + 3; ++k) missing += k != n && avail(c, k) == 0;
      if (missing <= jokers_total) return true;
    }
    int colours = 0;
    for (int o = 0; o < kSuits; ++o) colours += o != c && avail(o, n) > 0;
    return colours + jokers_total >= 2;
  }

  void compute_bounds() {
    int total = 0;
    for (int n = kRanks; n >= 1; --n) {
      int rack = 0, table = 0;
      for (int c = 0; c < kSuits; ++c) rack += placeable(c, n) ? tc.rack[c][n] : 0, table += tc.table[c][n];
      still_to_gain[layer_of(n, kSuits - 1)] = total;
      // Number n's rack tiles count until its groups are settled; while its colours are
      // worked through, the value also lacks its table tiles, which the groups add back.
      total += gain(n, rack, 0);
      for (int c = 0; c < kSuits - 1; ++c) still_to_gain[layer_of(n, c)] = total + gain(n, table, 0);
    }
    still_to_gain[0] = total;
  }
  // Whether a state at this layer can still end above what is known to be reachable.
  bool promising(int layer, int32_t value, int used) const {
    return value + still_to_gain[layer] + gain(0, 0, jokers_total - used) - gain(0, 0, tc.table_jokers) >= known;
  }

  int objective(const Placement& p) const { return goal == SolverGoal::kMostTiles ? p.rack_tiles : p.rack_value; }
  int gain(int n, int rack_tiles, int jokers) const {
    return goal == SolverGoal::kMostTiles ? rack_tiles + jokers : n * rack_tiles + kJokerValue * jokers;
  }
  // Points count only where an opening must reach them; there no table tile is placed.
  int add_points(int points, int n, int placed) const {
    return min_points == 0 ? 0 : std::min(min_points, points + n * placed);
  }
  int avail(int c, int n) const { return n > kRanks ? 0 : tc.table[c][n] + tc.rack[c][n]; }

  // Whether a run with `len` cards before n, and a card at n, can reach three cards with
  // the next numbers' tiles and the jokers left.
  bool can_reach_three(int c, int n, int len, int jokers_left) const {
    int missing = 0;
    for (int k = n + 1; k <= n + 2 - len; ++k) {
      if (k > kRanks) return false;
      missing += avail(c, k) == 0;
    }
    return missing <= jokers_left;
  }
  // A joker before a run's first natural card could as well follow its last one, unless
  // the run goes up to 13: only then does a run start with a joker.
  bool can_reach_top(int c, int n, int jokers_left) const {
    int missing = 0;
    for (int k = n + 1; k <= kRanks; ++k) missing += avail(c, k) == 0;
    return missing <= jokers_left;
  }
  // Whether a joker lengthening a finished run at n can be followed by a natural card of
  // the run, the jokers left filling the gap: otherwise it would be a free joker.
  bool joker_leads_on(int c, int n, int jokers_left) const {
    for (int k = n + 1; k <= std::min(kRanks, n + 1 + jokers_left); ++k)
      if (avail(c, k) > 0) return true;
    return false;
  }

  // The ways the tracks `byte` of colour c go on at number n, with `used` jokers gone.
  void list_options(int n, int c, uint8_t byte, int used) {
    const int a = avail(c, n);
    std::array<uint8_t, kMaxTracks> act{};
    // Tracks of equal length are interchangeable: their actions come in order.
    auto rec = [&](auto&& self, int i, int tiles, int jokers) -> void {
      if (i == tracks) {
        std::array<uint8_t, kMaxTracks> len{};
        const int t = tc.table[c][n], left = a - tiles, req = std::max(0, t - tiles);
        Option o{0, 0, uint8_t(tiles), uint8_t(jokers), 0, uint8_t(req), 0};
        o.add = Key(jokers) << kJokers.shift | Key(req) << kReq.shift | Key(std::min(left, 1)) << kUpto1.shift |
                Key(std::min(left, kMaxCopies)) << kUpto2.shift;
        int room = 0;
        for (int k = 0; k < tracks; ++k) {
          const int l = track_len(byte, k);
          len[k] = act[k] == kNone ? 0 : uint8_t(std::min(l + 1, 3));
          o.choice |= uint8_t(act[k] << (2 * k));
          // Room for free jokers: below a run that starts above 1, above one that ends below 13.
          if (act[k] != kNone && l == 0) room += std::min(2, n - 1);
          if (act[k] == kNone && l == 3) room += std::min(2, kRanks - (n - 1));
        }
        std::sort(len.begin(), len.begin() + tracks, std::greater<>());
        for (int k = 0; k < tracks; ++k) o.byte |= uint8_t(len[k] << (2 * k));
        o.room = uint8_t(std::min(room, 2));
        scratch.options.push_back(o);
        return;
      }
      const int l = track_len(byte, i);
      const uint8_t floor = i > 0 && track_len(byte, i - 1) == l ? act[i - 1] : uint8_t(kNone);
      for (uint8_t x = floor; x <= kJoker; ++x) {
        if (x == kNone && (l == 1 || l == 2)) continue;  // a run of one or two cannot end
        if (x == kTile && tiles + 1 > a) continue;
        const int jokers_after = used + jokers + (x == kJoker);
        if (jokers_after > jokers_total) continue;
        if (x != kNone && l < 2 && !can_reach_three(c, n, l, jokers_total - jokers_after)) continue;
        if (x == kJoker && l == 3 && free_jokers && !joker_leads_on(c, n, jokers_total - jokers_after)) continue;
        if (x == kJoker && l == 0 && !can_reach_top(c, n, jokers_total - jokers_after)) continue;
        act[i] = x;
        self(self, i + 1, tiles + (x == kTile), jokers + (x == kJoker));
      }
    };
    rec(rec, 0, 0, 0);
  }

  // The runs of colour c at number n.
  void colour_step(int n, int c) {
    Layer& from = scratch.layers[layer_of(n, c) - 1];
    Layer& to = scratch.layers[layer_of(n, c)];
    to.clear();
    scratch.options.clear();
    // Every slot -1 (all bits set): one memset, where a sanitizer build checked a store a slot.
    std::memset(scratch.first.data(), 0xFF, sizeof scratch.first);
    const int t = tc.table[c][n];
    for (uint32_t idx = 0; idx < from.entries.size(); ++idx) {
      const Entry e = from.entries[idx];
      const uint8_t byte = track_byte(e.key, c);
      const int used = int(kJokers.get(e.key));
      int32_t& first = scratch.first[used][byte];
      if (first < 0) {
        first = int32_t(scratch.options.size());
        list_options(n, c, byte, used);
        scratch.options.push_back({0, 0, 0, kEndOfOptions, 0, 0, 0});
      }
      const int points = int(kPoints.get(e.key)), room = int(kRoom.get(e.key));
      const int max_req = int(kMaxReq.get(e.key));
      for (int32_t o = first; scratch.options[size_t(o)].jokers != kEndOfOptions; ++o) {
        const Option& opt = scratch.options[size_t(o)];
        Key k = with_track_byte(e.key, c, opt.byte) + opt.add;
        if (opt.req > max_req) k = kMaxReq.set(k, opt.req);
        const int jokers_left = jokers_total - used - opt.jokers;
        if (opt.room > 0 || room > jokers_left) k = kRoom.set(k, uint64_t(std::min(room + opt.room, jokers_left)));
        if (min_points > 0) k = kPoints.set(k, uint64_t(add_points(points, n, opt.tiles - t + opt.jokers)));
        const int32_t value = e.value + gain(n, opt.tiles - t, opt.jokers);
        if (c == kSuits - 1) {
          settle_groups(n, k, value, idx, opt.choice, to);
        } else if (promising(layer_of(n, c), value, used + opt.jokers)) {
          to.offer(k, value, idx, opt.choice);
        }
      }
    }
  }

  // The groups of number n, from the tiles the runs left, with some jokers.
  void settle_groups(int n, Key key, int32_t value, uint32_t idx, uint8_t choice, Layer& to) {
    const GroupSums sums = sums_of(key);
    const int used = int(kJokers.get(key)), points = int(kPoints.get(key)), room = int(kRoom.get(key));
    int before = -1, groups_before = -1;
    for (int jg = 0; used + jg <= jokers_total; ++jg) {
      int groups = 0;
      const int naturals = best_group_naturals(sums, jg, &groups);
      // The same naturals in as many groups with one joker more: a free joker, placed at
      // the end where there is room. A joker that makes another group is no free one.
      const bool free = jg > 0 && naturals == before && groups == groups_before;
      before = naturals;
      groups_before = groups;
      if (naturals < 0 || (free_jokers && free)) continue;
      Key k = key & ~kSumsMask;
      k = kJokers.set(k, uint64_t(used + jg));
      // Room for free jokers matters only while some jokers are still unplaced.
      k = kRoom.set(k, uint64_t(std::min(room + 4 * groups - naturals - jg, jokers_total - used - jg)));
      k = kPoints.set(k, uint64_t(add_points(points, n, naturals + jg)));
      const int32_t v = value + gain(n, naturals, jg);
      if (promising(layer_of(n, kSuits - 1), v, used + jg)) to.offer(k, v, idx, uint16_t(choice | jg << kGroupShift));
    }
  }

  Placement run() {
    Placement out;
    Layer& start = scratch.layers[0];
    start.clear();
    start.offer(0, 0, 0, 0);
    for (int n = 1; n <= kRanks; ++n)
      for (int c = 0; c < kSuits; ++c) colour_step(n, c);
    // Finished: no run of one or two left open, the table's jokers placed, points reached.
    const Layer& last = scratch.layers[kLayers - 1];
    const int table_joker_gain = gain(0, 0, tc.table_jokers);
    int best = -1, best_value = 0, best_free = 0;
    for (uint32_t i = 0; i < last.entries.size(); ++i) {
      const Entry& e = last.entries[i];
      const int used = int(kJokers.get(e.key));
      // The free jokers go where there is room; the table's must all find a place.
      const int free = free_jokers ? std::min(int(kRoom.get(e.key)), jokers_total - used) : 0;
      bool closed = used + free >= tc.table_jokers && int(kPoints.get(e.key)) >= min_points;
      for (int c = 0; c < kSuits; ++c)
        for (int k = 0; k < tracks; ++k) closed &= track_len(track_byte(e.key, c), k) % 3 == 0;
      const int value = e.value + gain(0, 0, free) - table_joker_gain;
      if (!closed || value < least) continue;
      if (best < 0 || value > best_value) best = int(i), best_value = value, best_free = free;
    }
    if (best < 0) return out;
    out.found = true;
    rebuild(uint32_t(best), out);
    place_free_jokers(best_free, out);
    return out;
  }

  // A joker placed from here on comes from the table while the table has some left.
  int rack_joker() {
    if (placed_table_jokers < tc.table_jokers) return ++placed_table_jokers, 0;
    return 1;
  }

  // Replays the chosen steps from the first number to the last, laying out the sets.
  void rebuild(uint32_t last, Placement& out) {
    std::array<uint16_t, kLayers> choice{};
    std::array<Key, kLayers> from{};  // the state each step started from
    uint32_t idx = last;
    for (int layer = kLayers - 1; layer >= 1; --layer) {
      const Entry& e = scratch.layers[layer].entries[idx];
      choice[layer] = e.choice;
      idx = e.prev;
      from[layer] = scratch.layers[layer - 1].entries[idx].key;
    }
    auto emit_set = [&](const SetTiles& set) {
      out.sets.open_group();
      for (const Token& t : set) out.sets.add(t);
    };
    std::array<std::array<SetTiles, kMaxTracks>, kSuits> runs;
    for (int n = 1; n <= kRanks; ++n) {
      std::array<int, kSuits> left{}, req{};
      int rack_placed = 0, rack_jokers = 0;
      for (int c = 0; c < kSuits; ++c) {
        const int layer = layer_of(n, c);
        const uint8_t byte = track_byte(from[layer], c);
        const int t = tc.table[c][n];
        int tiles = 0;
        std::array<std::pair<int, SetTiles>, kMaxTracks> next;
        for (int k = 0; k < tracks; ++k) {
          const int act = (choice[layer] >> (2 * k)) & 3;  // the low byte: the tracks
          const int l = track_len(byte, k);
          SetTiles run = runs[c][k];
          if (act == kNone) {
            if (l == 3) emit_set(run);
            next[k] = {0, {}};
            continue;
          }
          if (act == kTile) {
            run.push_back(Token{Face::natural(c, n)});
            ++tiles;
          } else {
            run.push_back(Token{Face::joker(), Face::natural(c, n)});
            rack_jokers += rack_joker();
          }
          next[k] = {std::min(l + 1, 3), run};
        }
        small_stable_sort(next.begin(), next.begin() + tracks, [](const auto& x, const auto& y) { return x.first > y.first; });
        for (int k = 0; k < tracks; ++k) runs[c][k] = next[k].second;
        left[c] = avail(c, n) - tiles;
        req[c] = std::max(0, t - tiles);
        rack_placed += tiles - t;
      }
      const int jg = choice[layer_of(n, kSuits - 1)] >> kGroupShift;
      GroupSums sums;
      for (int c = 0; c < kSuits; ++c) {
        sums.req += req[c];
        sums.upto1 += std::min(left[c], 1);
        // Capped as the search caps it (list_options): a table joker kept as a third copy
        // leaves three of a colour, yet two groups take it twice at most.
        sums.upto2 += std::min(left[c], kMaxCopies);
        sums.max_req = std::max(sums.max_req, req[c]);
      }
      int k = 0;
      const int naturals = best_group_naturals(sums, jg, &k);
      rack_placed += naturals;
      // Which colours go into groups: what must, then more up to the chosen count.
      std::array<int, kSuits> g = req;
      int total = g[0] + g[1] + g[2] + g[3];
      for (int c = 0; c < kSuits && total < naturals; ++c) {
        const int cap = std::min(left[c], k == 1 ? 1 : kMaxCopies);
        while (g[c] < cap && total < naturals) ++g[c], ++total;
      }
      // The tiles go to the k groups a colour at a time, each to the smallest group that
      // lacks its colour (two copies to two groups), then the jokers: the groups come out
      // of three or four tiles of distinct colours.
      std::array<SetTiles, 3> groups;
      auto smallest_without = [&](int colour) -> SetTiles& {
        SetTiles* best = nullptr;
        for (int i = 0; i < k; ++i) {
          SetTiles& grp = groups[size_t(i)];
          const bool has = std::any_of(grp.begin(), grp.end(), [&](const Token& t) { return shown(t).suit() == colour; });
          if (!has && (!best || grp.size() < best->size())) best = &grp;
        }
        return *best;
      };
      for (int copies = kMaxCopies; copies >= 1; --copies)
        for (int c = 0; c < kSuits; ++c)
          if (g[c] == copies)
            for (int i = 0; i < copies; ++i) smallest_without(c).push_back(Token{Face::natural(c, n)});
      for (int j = 0; j < jg; ++j) {
        SetTiles* target = &groups[0];
        for (int i = 1; i < k; ++i)
          if (groups[size_t(i)].size() < target->size()) target = &groups[size_t(i)];
        target->push_back(Token{Face::joker(), Face::natural(missing_colour(*target), n)});
        rack_jokers += rack_joker();
      }
      for (const auto& group : groups)
        if (!group.empty()) emit_set(group);
      out.rack_tiles += rack_placed + rack_jokers;
      out.rack_value += n * rack_placed + kJokerValue * rack_jokers;
    }
    for (int c = 0; c < kSuits; ++c)
      for (int k = 0; k < tracks; ++k)
        if (runs[c][k].size() >= 3) emit_set(runs[c][k]);
  }

  static Face shown(const Token& t) { return t.face.is_joker() ? t.standin : t.face; }
  static int missing_colour(const SetTiles& group) {
    int colour = 0;
    while (std::any_of(group.begin(), group.end(), [&](const Token& t) { return shown(t).suit() == colour; })) ++colour;
    return colour;
  }

  // Adds the free jokers to sets with room: after the end of a run, before its start, or
  // as the fourth of a group of three.
  void place_free_jokers(int count, Placement& out) {
    if (count == 0) return;
    TokenGroups sets;
    for (int g = 0; g < out.sets.groups(); ++g) {
      SetTiles set;
      for (const Token& t : out.sets.group(g)) set.push_back(t);
      const bool run = shown(set[0]).suit() == shown(set[1]).suit();
      const int colour = shown(set[0]).suit();
      for (; count > 0; --count) {
        if (run && shown(set.back()).rank() < kRanks) {
          set.push_back(Token{Face::joker(), Face::natural(colour, shown(set.back()).rank() + 1)});
        } else if (run && shown(set.front()).rank() > 1) {
          set.push_front(Token{Face::joker(), Face::natural(colour, shown(set.front()).rank() - 1)});
        } else if (!run && set.size() == 3) {
          set.push_back(Token{Face::joker(), Face::natural(missing_colour(set), shown(set[0]).rank())});
        } else {
          break;
        }
        if (rack_joker()) {
          ++out.rack_tiles;
          out.rack_value += kJokerValue;
        }
      }
      sets.open_group();
      for (const Token& t : set) sets.add(t);
    }
    out.sets = sets;
  }
};

Placement solve_uncached(const TileCounts& counts, SolverGoal goal, int min_points, const TableJokers* table_jokers,
                         SolverAim aim) {
  // The search's working memory (a few hundred kilobytes), reused: a solve allocates nothing.
  // Each thread (simulate's jobs) has its own; nothing in it outlives a call.
  thread_local Scratch scratch;
  const int jokers = counts.table_jokers + counts.rack_jokers;
  Solver solver{counts, goal, std::min(min_points, 63), jokers, std::min(kMaxTracks, kMaxCopies + jokers),
                min_points == 0, scratch};
  solver.compute_bounds();
  const int ceiling = solver.still_to_gain[0] + solver.gain(0, 0, counts.rack_jokers);
  if (ceiling <= 0) return {};  // no rack tile fits anywhere
  if (aim == SolverAim::kSome && min_points == 0) {
    // Some move: one rack tile that the whole table takes with it, each tried with nothing
    // else optional, is a search with few choices.
    for (int c = 0; c <= kSuits; ++c)
      for (int n = 1; n <= kRanks; ++n) {
        const bool joker = c == kSuits;
        if (joker ? (n > 1 || counts.rack_jokers == 0) : (counts.rack[c][n] == 0 || !solver.placeable(c, n))) continue;
        TileCounts forced = counts;
        forced.rack = {};
        forced.rack_jokers = 0;
        if (joker) ++forced.table_jokers;
        else ++forced.table[c][n];
        Solver all{forced, goal, 0, forced.table_jokers, std::min(kMaxTracks, kMaxCopies + forced.table_jokers), true, scratch};
        all.least = 0;
        Placement one = all.run();
        if (!one.found) continue;
        one.rack_tiles = 1;
        one.rack_value = joker ? kJokerValue : n;
        return one;
      }
  }
  // Answers found quickly without jokers in the search, when there are jokers: the table's
  // jokers kept as the tiles they stand for and everything rearranged around them, or all
  // jokers left out; the rack's jokers, or all, then put where there is room. Nothing
  // beats every rack tile that fits somewhere, so one that places them all is the best;
  // else the best quick answer bounds one search.
  Placement quick;
  int reachable = 0;
  auto consider = [&](TileCounts plain, const std::array<Face, 2>& kept, int kept_count) {
    for (int i = 0; i < kept_count; ++i) ++plain.table[kept[size_t(i)].suit()][kept[size_t(i)].rank()];
    Solver first{plain, goal, 0, 0, std::min(kMaxTracks, kMaxCopies + kept_count), true, scratch};
    first.compute_bounds();
    first.least = 0;  // the free jokers may be all the move lays
    Placement p = first.run();
    if (!p.found) return;
    // The kept tiles go back to being jokers standing for them.
    for (int i = 0; i < kept_count; ++i) p.sets.replace_first(Token{kept[size_t(i)]}, Token{Face::joker(), kept[size_t(i)]});
    TileCounts free = counts;
    free.table_jokers -= kept_count;
    Solver placer{free, goal, 0, jokers - kept_count, 0, true, scratch};
    placer.place_free_jokers(jokers - kept_count, p);
    if (placer.placed_table_jokers < free.table_jokers || solver.objective(p) <= reachable) return;
    reachable = solver.objective(p);
    quick = p;
  };
  if (jokers > 0 && min_points == 0) {
    TileCounts plain = counts;
    plain.table_jokers = plain.rack_jokers = 0;
    consider(plain, {}, 0);
    if (table_jokers && table_jokers->count == counts.table_jokers && counts.table_jokers > 0 && reachable < ceiling)
      consider(plain, table_jokers->standins, table_jokers->count);
    if (quick.found && (reachable >= ceiling || aim == SolverAim::kSome)) return quick;
  }
  Placement p;
  if (quick.found) {
    // One search for anything better than the quick answer, which prunes most states.
    solver.known = reachable + 1;
    p = solver.run();
    return p.found ? p : quick;
  }
  // Most rack tiles usually fit: search for answers at least as good as a target, from
  // the whole rack down. A pass that meets its target has found the best; passes with
  // high targets cut most states.
  for (int gap = 0;; gap = gap == 0 ? 1 : 2 * gap) {
    solver.known = std::max(1, ceiling - gap);  // an answer places a tile
    p = solver.run();
    if (p.found || solver.known == 1) break;
  }
  if (p.found && min_points > 0) {
    // Points: the numbers the placed rack tiles show or stand for.
    for (int g = 0; g < p.sets.groups(); ++g)
      for (const Token& t : p.sets.group(g)) p.points += Solver::shown(t).rank();
  }
  return p;
}

}  // namespace

Placement solve_tiles(const TileCounts& counts, SolverGoal goal, int min_points, const TableJokers* jokers,
                      SolverAim aim) {
  // The last question asked, remembered: a turn's enumeration asks it, and then whether
  // the player may pass asks it again. Keyed by the whole question (the answer is a
  // function of it), one a thread.
  struct Asked {
    TileCounts counts;
    SolverGoal goal;
    int min_points = -1;
    TableJokers jokers;
    SolverAim aim = SolverAim::kBest;
    Placement answer;
  };
  thread_local Asked last;
  const TableJokers asked_jokers = jokers ? *jokers : TableJokers{};
  if (last.min_points == min_points && last.goal == goal && std::memcmp(&last.counts, &counts, sizeof counts) == 0 &&
      last.jokers.count == asked_jokers.count && last.jokers.standins == asked_jokers.standins &&
      (last.aim == aim || last.aim == SolverAim::kBest))
    return last.answer;
  last.counts = counts;
  last.goal = goal;
  last.min_points = min_points;
  last.jokers = asked_jokers;
  last.aim = aim;
  last.answer = solve_uncached(counts, goal, min_points, jokers, aim);
  return last.answer;
}

}  // namespace meldcheck
