// CardSet: a set of physical cards as a 128-bit mask (hands, racks, out-of-play cards).
// Copying, comparing and counting are a few instructions; nothing allocates.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/card.h"

namespace meldcheck {

class CardSet {
 public:
  constexpr CardSet() = default;

  constexpr bool contains(Card c) const { return (w_[c >> 6] >> (c & 63)) & 1; }
  constexpr void insert(Card c) { w_[c >> 6] |= uint64_t{1} << (c & 63); }
  constexpr void erase(Card c) { w_[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  constexpr int size() const { return std::popcount(w_[0]) + std::popcount(w_[1]); }
  constexpr bool empty() const { return (w_[0] | w_[1]) == 0; }
  constexpr void clear() { w_ = {}; }

  // A held card of this face (natural copies in copy order, then jokers); kNoCard if none,
  // and for a face that is no card (a rank alone, none), which must not alias a card.
  constexpr Card find(Face f) const {
    if (f.is_joker()) {
      uint64_t j = w_[1] >> (kFirstJoker - 64);
      return j ? Card(kFirstJoker + std::countr_zero(j)) : kNoCard;
    }
    if (!f.is_natural()) return kNoCard;
    for (int copy = 0; copy < kMaxCopies; ++copy)
      if (contains(natural_card(f, copy))) return natural_card(f, copy);
    return kNoCard;
  }
  constexpr int count(Face f) const {
    if (f.is_joker()) return std::popcount(w_[1] >> (kFirstJoker - 64));
    if (!f.is_natural()) return 0;
    int n = 0;
    for (int copy = 0; copy < kMaxCopies; ++copy) n += contains(natural_card(f, copy));
    return n;
  }
  constexpr int jokers() const { return count(Face::joker()); }

  constexpr CardSet operator|(CardSet o) const { return CardSet(w_[0] | o.w_[0], w_[1] | o.w_[1]); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(w_[0] & o.w_[0], w_[1] & o.w_[1]); }
  constexpr CardSet minus(CardSet o) const { return CardSet(w_[0] & ~o.w_[0], w_[1] & ~o.w_[1]); }
  constexpr CardSet& operator|=(CardSet o) { return *this = *this | o; }
  constexpr bool intersects(CardSet o) const { return !(*this & o).empty(); }

  // Iteration in increasing card order: for (Card c : set) ...
  class Iterator {
   public:
    constexpr Iterator(std::array<uint64_t, 2> w, int word) : w_(w), word_(word) { skip(); }
    constexpr Card operator*() const { return Card(word_ * 64 + std::countr_zero(w_[word_])); }
    constexpr Iterator& operator++() {
      w_[word_] &= w_[word_] - 1;
      skip();
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return word_ != o.word_; }

   private:
    constexpr void skip() {
      while (word_ < 2 && w_[word_] == 0) ++word_;
    }
    std::array<uint64_t, 2> w_;
    int word_;
  };
  constexpr Iterator begin() const { return Iterator(w_, 0); }
  constexpr Iterator end() const { return Iterator({0, 0}, 2); }

  friend constexpr bool operator==(const CardSet&, const CardSet&) = default;

  // The set up to the exchange of identical copies, in two words: the faces held at least
  // once (bit = face code) with the number of jokers above them, and the faces held twice.
  struct Alike {
    uint64_t once_and_jokers = 0, twice = 0;
    friend constexpr bool operator==(const Alike&, const Alike&) = default;
  };
  constexpr Alike alike() const {
    constexpr uint64_t kFaceBits = (uint64_t{1} << kFaces) - 1;
    const uint64_t first = w_[0] & kFaceBits;                                  // cards 0..51
    const uint64_t second = ((w_[0] >> kFaces) | (w_[1] << (64 - kFaces))) & kFaceBits;  // 52..103
    const uint64_t jokers = uint64_t(std::popcount(w_[1] >> (kFirstJoker - 64)));
    return {(first | second) | (jokers << kFaces), first & second};
  }

 private:
  constexpr CardSet(uint64_t a, uint64_t b) : w_{a, b} {}
  std::array<uint64_t, 2> w_{};
};

// Counts of each face (index Face::code(), 0..52) in a set of cards: the view of a hand
// "up to the exchange of identical copies".
struct FaceCounts {
  std::array<uint8_t, kFaces + 1> n{};
  uint8_t& operator[](Face f) { return n[f.code()]; }
  uint8_t operator[](Face f) const { return n[f.code()]; }
  friend bool operator==(const FaceCounts&, const FaceCounts&) = default;
};

inline FaceCounts face_counts(CardSet s) {
  FaceCounts c;
  const CardSet::Alike a = s.alike();
  constexpr uint64_t kFaceBits = (uint64_t{1} << kFaces) - 1;
  for (uint64_t once = a.once_and_jokers & kFaceBits; once != 0; once &= once - 1) {
    const int f = std::countr_zero(once);
    c.n[f] = uint8_t(1 + ((a.twice >> f) & 1));
  }
  c.n[kFaces] = uint8_t(a.once_and_jokers >> kFaces);
  return c;
}

}  // namespace meldcheck
