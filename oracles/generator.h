// The contract's generator and shuffle (scenario-format.md, "The shuffle"), the oracles'
// own copy, written from the contract's words: SplitMix64 in its reference form (add the
// golden gamma, then three xor-shift-multiply rounds), Fisher-Yates from the last index
// down. An engine that shuffles, deals or reshuffles wrongly disagrees with it.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace meldcheck::oracle {

class Generator {
 public:
  explicit Generator(uint64_t seed) : state(seed) {}

  uint64_t next() {
    state += kGamma;
    const uint64_t a = (state ^ (state >> 30)) * kMixA;
    const uint64_t b = (a ^ (a >> 27)) * kMixB;
    return b ^ (b >> 31);
  }

  uint64_t state;

 private:
  static constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;
  static constexpr uint64_t kMixA = 0xBF58476D1CE4E5B9ull;
  static constexpr uint64_t kMixB = 0x94D049BB133111EBull;
};

// Index 0 of the result is the top: position i, from the last down, takes the card at a
// position drawn from 0 to i.
template <class T>
void shuffle(std::vector<T>& cards, Generator& g) {
  for (size_t i = cards.size(); i > 1; --i) {
    const size_t drawn = size_t(g.next() % i);
    std::swap(cards[i - 1], cards[drawn]);
  }
}

}  // namespace meldcheck::oracle
