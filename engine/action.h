// An action: one step of the scenario contract, in plain values with no heap storage.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/card.h"
#include "engine/meld.h"

namespace meldcheck {

enum class ActionKind : uint8_t {
  kDraw,      // draw: stock
  kTake,      // take: top | N | all | 7H
  kMeld,      // meld: one or several new melds
  kLayoff,    // layoff: { to, cards }
  kSwap,      // swap: { meld, card }
  kDiscard,   // discard: 7H (also a card laid into the opening row)
  kArrange,   // arrange: the whole table after the move
  kPass,      // pass
  kTimeout,   // timeout
  kClaim,     // claim: an out-of-turn take with its use
  kNextHand,  // next_hand: { seed }
};

// A set of action kinds.
class ActionKinds {
 public:
  static constexpr ActionKinds all() { return ActionKinds(~0u); }
  static constexpr ActionKinds none() { return ActionKinds(0u); }
  static constexpr ActionKinds only(ActionKind k) { return ActionKinds(1u << int(k)); }
  constexpr bool has(ActionKind k) const { return bits_ >> int(k) & 1; }
  constexpr ActionKinds operator|(ActionKinds o) const { return ActionKinds(bits_ | o.bits_); }
  constexpr ActionKinds operator&(ActionKinds o) const { return ActionKinds(bits_ & o.bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  friend constexpr bool operator==(ActionKinds, ActionKinds) = default;

 private:
  constexpr explicit ActionKinds(uint32_t bits) : bits_(bits) {}
  uint32_t bits_;
};

// Which cards of the discard pile a take asks for.
struct TakeSpec {
  enum class Kind : uint8_t { kNone, kCount, kAll, kDownTo } kind = Kind::kNone;
  uint8_t count = 0;  // kCount
  Face face;          // kDownTo: down to and including the newest card of this face
};

// Groups of tokens in one flat array: the melds of a `meld` or `arrange` step, the
// cards of a layoff. Capacity covers a whole Rummikub table.
class TokenGroups {
 public:
  static constexpr int kMaxTokens = 128;
  static constexpr int kMaxGroups = 48;

  int groups() const { return groups_; }
  int tokens() const { return groups_ ? storage_.lists.ends[groups_ - 1] : 0; }
  std::span<const Token> group(int g) const {
    int begin = g == 0 ? 0 : storage_.lists.ends[g - 1];
    return {storage_.lists.tokens.data() + begin, size_t(storage_.lists.ends[g] - begin)};
  }
  // Starts a new group; false when full.
  bool open_group() {
    if (groups_ == kMaxGroups) return false;
    storage_.lists.ends[groups_] = groups_ == 0 ? 0 : storage_.lists.ends[groups_ - 1];
    ++groups_;
    return true;
  }
  // Adds a token to the last group; false when full.
  bool add(Token t) {
    int n = storage_.lists.ends[groups_ - 1];
    if (n == kMaxTokens) return false;
    storage_.lists.tokens[n] = t;
    storage_.lists.ends[groups_ - 1] = uint8_t(n + 1);
    return true;
  }
  void clear() { groups_ = 0; }
  // Replaces the first token equal to `from` with `to`; false when there is none.
  bool replace_first(Token from, Token to) {
    for (int i = 0; i < tokens(); ++i)
      if (storage_.lists.tokens[size_t(i)] == from) return storage_.lists.tokens[size_t(i)] = to, true;
    return false;
  }

 private:
  // Only the first groups() ends and tokens() tokens are meaningful. The union leaves the
  // rest unset, so that making an action does not fill a whole table's worth of tokens.
  struct Lists {
    std::array<Token, kMaxTokens> tokens;
    std::array<uint8_t, kMaxGroups> ends;
  };
  union Storage {
    Storage() {}
    Lists lists;
  } storage_;
  uint8_t groups_ = 0;
};

struct Action {
  // User-provided, so that a value-initialized action (vector::emplace_back()) is not
  // zero-filled first: the members below say what each starts as.
  Action() {}

  ActionKind kind = ActionKind::kDraw;
  uint8_t player = 0;
  TakeSpec take;       // kTake, kClaim
  TokenGroups cards;   // kMeld, kArrange: the melds; kLayoff: one group; kClaim: its use
  uint8_t meld_id = 0; // kLayoff: the target; kSwap: the meld; kClaim with a layoff: target
  bool claim_layoff = false;  // kClaim: `cards` is a layoff onto meld_id (else new melds)
  Face card;           // kSwap, kDiscard
  uint64_t seed = 0;   // kNextHand
};

}  // namespace meldcheck
