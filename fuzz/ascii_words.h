// Printable ASCII checked eight bytes a word: the bulk of every text the targets read or
// check is printable ASCII, and under the fuzz build every comparison of a byte-wise loop
// is a call.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace meldcheck::fuzz {

// The high bits of the bytes of `w` that are not printable ASCII (a high bit set, a byte
// below a space, DEL).
inline uint64_t unprintable(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  const uint64_t del = w ^ (0x7F * kOnes);
  return (w | ((w - 0x20 * kOnes) & ~w) | ((del - kOnes) & ~del)) & kHighs;
}

// Whether the eight bytes at `p` are printable ASCII.
inline bool printable_word(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return unprintable(w) == 0;
}

// Printable ASCII throughout: the words OR-ed and tested once.
inline bool printable_ascii(std::string_view s) {
  uint64_t bad = 0, w = 0;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::memcpy(&w, s.data() + i, sizeof w);
    bad |= unprintable(w);
  }
  w = 0x2020202020202020ull;  // the rest, after spaces
  if (i < s.size()) std::memcpy(&w, s.data() + i, s.size() - i);
  return (bad | unprintable(w)) == 0;
}

}  // namespace meldcheck::fuzz
