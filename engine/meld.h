// Sets and runs, written once for every ruleset: forming a meld from the cards of a step,
// building onto a meld on the table, and swapping a natural card for a joker.
//
// A run occupies consecutive positions: 1 is the ace low, 2..13 the two to the king, 14
// the ace high, and 15.. the two, three... again once a run goes round the corner. A run
// starts at a position from 1 to 13.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/card.h"
#include "engine/refusal.h"
#include "engine/ruleset.h"

namespace meldcheck {

inline constexpr int kMaxMeldCards = 16;

enum class MeldKind : uint8_t { kSet, kRun };

constexpr int rank_at(int position) { return (position - 1) % kRanks + 1; }

// The shape of a meld: its kind, where a run starts, and what each slot is (a natural card
// or a joker's stand-in in canonical form). Slots are in run order; a set's are sorted.
struct Shape {
  MeldKind kind = MeldKind::kSet;
  uint8_t start = 0;
  uint8_t size = 0;
  uint16_t joker_mask = 0;  // bit i: slot i holds a joker
  std::array<Face, kMaxMeldCards> faces{};

  bool joker(int slot) const { return (joker_mask >> slot) & 1; }
  void set_joker(int slot, bool j) {
    joker_mask = uint16_t(j ? joker_mask | (1u << slot) : joker_mask & ~(1u << slot));
  }
  int suit() const { return faces[0].suit(); }  // runs
  int rank() const { return faces[0].rank(); }  // sets
  int end() const { return start + size - 1; }  // runs: the last position
  friend bool operator==(const Shape&, const Shape&) = default;
};

// A shape formed from tokens, and the slot each input token took.
struct Formed {
  Shape shape;
  std::array<uint8_t, kMaxMeldCards> slot_of_token{};
};

// How far a reading moves `tokens` tokens out of their written order (pairs out of order).
int disorder(const Formed& f, int tokens);

enum class MeldContext : uint8_t { kMelding, kBuilding };

// Forms a new meld from tokens (faces, with the stand-ins written for jokers). On success
// returns an empty mask and fills `out`; otherwise the failed checks of the most likely
// intended meld. A joker's stand-in must be named or determined by the other cards.
RefusalMask form_meld(const MeldRules& rules, std::span<const Token> tokens, MeldContext context,
                    Formed& out);

// Builds `added` onto an existing meld: its cards keep their places and stand-ins. In
// `out.slot_of_token`, the existing slots come first, then the added tokens.
RefusalMask extend_meld(const MeldRules& rules, const Shape& existing, std::span<const Token> added,
                      Formed& out);

// The slot of a joker in `existing` that `natural` may replace, or -1.
int swap_slot(const MeldRules& rules, const Shape& existing, Face natural);

// How an ace (or a joker standing for one) sits in a meld, for scoring: among other aces,
// before the two (A-2-3), after the king (Q-K-A), or round the corner between the king
// and the two, with the run stopping at the two (K-A-2) or going on past it (K-A-2-3).
enum class AceRole : uint8_t { kNotAce, kInSet, kLow, kHigh, kCorner, kCornerToThree };
AceRole ace_role(const Shape& shape, int slot);

// The faces of the positions of a run window, in order (for enumeration).
inline Face run_face(int suit, int position) { return Face::natural(suit, rank_at(position)); }

}  // namespace meldcheck
