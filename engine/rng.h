// The contract's generator and shuffle, identical on every machine: SplitMix64 in its
// reference form, and Fisher-Yates from the last index down (scenario-format.md,
// "The shuffle").
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace meldcheck {

struct SplitMix64 {
  uint64_t state = 0;

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

// Shuffles in place; index 0 of the result is the top.
template <typename T>
void shuffle(std::span<T> items, SplitMix64& rng) {
  for (size_t i = items.size(); i-- > 1;) std::swap(items[i], items[rng.next() % (i + 1)]);
}

}  // namespace meldcheck
