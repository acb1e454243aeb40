#include "bench/rummikub_positions.h"

#include <array>

#include "engine/rng.h"

namespace meldcheck::bench {

TileCounts rummikub_position(uint64_t seed) {
  constexpr int kTable = 40, kRack = 14;
  SplitMix64 rng{seed};
  std::array<int, 106> tiles{};
  for (int i = 0; i < 106; ++i) tiles[i] = i;
  shuffle(std::span<int>(tiles), rng);
  TileCounts tc;
  std::array<std::array<int, kRanks + 1>, kSuits> pool{};
  int jokers = 0;
  for (int i = 0; i < 106; ++i) {
    const int t = tiles[i];
    const bool joker = t >= 104;
    if (i < kRack) {
      if (joker) ++tc.rack_jokers;
      else ++tc.rack[(t % 52) / 13][t % 13 + 1];
    } else if (joker) {
      jokers += rng.next() % 92 < kTable;
    } else {
      ++pool[(t % 52) / 13][t % 13 + 1];
    }
  }
  int placed = 0;
  for (int tries = 0; tries < 10000 && placed < kTable; ++tries) {
    const bool use_joker = jokers > 0 && rng.next() % 4 == 0;
    if (rng.next() % 2) {  // a run
      const int c = int(rng.next() % kSuits), len = 3 + int(rng.next() % 3), start = 1 + int(rng.next() % (14 - len));
      const int gap = use_joker ? start + int(rng.next() % len) : -1;
      bool ok = placed + len <= kTable + 2;
      for (int n = start; n < start + len && ok; ++n) ok = n == gap || pool[c][n] > 0;
      if (!ok) continue;
      for (int n = start; n < start + len; ++n)
        if (n != gap) --pool[c][n], ++tc.table[c][n];
      if (gap > 0) --jokers, ++tc.table_jokers;
      placed += len;
    } else {  // a group
      const int n = 1 + int(rng.next() % kRanks), size = 3 + int(rng.next() % 2), need = size - (use_joker ? 1 : 0);
      int have = 0;
      for (int c = 0; c < kSuits; ++c) have += pool[c][n] > 0;
      if (have < need || placed + size > kTable + 2) continue;
      for (int c = 0, taken = 0; c < kSuits && taken < need; ++c)
        if (pool[c][n] > 0) --pool[c][n], ++tc.table[c][n], ++taken;
      if (use_joker) --jokers, ++tc.table_jokers;
      placed += size;
    }
  }
  return tc;
}

std::vector<TileCounts> rummikub_positions(int count) {
  std::vector<TileCounts> out;
  for (int seed = 1; seed <= count; ++seed) out.push_back(rummikub_position(uint64_t(seed)));
  return out;
}

}  // namespace meldcheck::bench
