// The state of a match as one value: cheap to copy (a few kilobytes, no pointers),
// compared and hashed up to the exchange of identical copies of a card.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "engine/card.h"
#include "engine/card_set.h"
#include "engine/meld.h"
#include "engine/position_facts.h"
#include "engine/ruleset.h"

namespace meldcheck {

inline constexpr int kMaxMelds = 40;
inline constexpr uint8_t kNoPlayer = 255;

// A fixed-capacity sequence of cards: the stock (top at the back) or the discard pile
// (newest at the back).
class Pile {
 public:
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Card top() const { return cards_[size_ - 1]; }
  Card at(int i) const { return cards_[i]; }  // 0 = bottom
  void push(Card c) { cards_[size_++] = c; }
  Card pop() { return cards_[--size_]; }
  void truncate(int n) { size_ = uint8_t(n); }
  void clear() { size_ = 0; }
  std::span<const Card> cards() const { return {cards_.data(), size_}; }
  std::span<Card> cards() { return {cards_.data(), size_}; }

 private:
  std::array<Card, kMaxCards> cards_{};
  uint8_t size_ = 0;
};

// A meld on the table: its shape, the physical card in each slot and who laid it.
struct Meld {
  uint8_t id = 0;  // printed m<id>
  uint8_t owner = 0;
  Shape shape;
  std::array<Card, kMaxMeldCards> cards{};
  std::array<uint8_t, kMaxMeldCards> builders{};
};

// Sorts a set's slots into the canonical order after a change of its cards (a set is
// unordered, so states that differ only in that order are one).
void canonicalize_set(Meld& m);

struct Table {
  // The melds past `count` are left unset and are not copied: a state copies only the
  // melds in play.
  union {
    std::array<Meld, kMaxMelds> melds;
  };
  uint8_t count = 0;

  // noexcept: what holds a state (a scenario with its steps, a case with its actions) then
  // moves where a vector of them grows, rather than being copied with all it owns.
  Table() {}
  Table(const Table& o) noexcept : count(o.count) { std::copy_n(o.melds.begin(), count, melds.begin()); }
  Table& operator=(const Table& o) noexcept {
    count = o.count;
    std::copy_n(o.melds.begin(), count, melds.begin());
    return *this;
  }

  std::span<const Meld> all() const { return {melds.data(), count}; }
  std::span<Meld> all() { return {melds.data(), count}; }
  int index_of(int id) const {
    for (int i = 0; i < count; ++i)
      if (melds[i].id == id) return i;
    return -1;
  }
};

enum class Phase : uint8_t { kDraw, kPlay, kRow };

struct PlayerState {
  CardSet hand;
  int32_t total = 0;    // the match total, penalties of this hand included
  int32_t penalty = 0;  // penalties entered during this hand
  bool opened = false;  // has made a first meld / laid down the contract / initial meld
  bool built_on_others = false;  // has built on another player's meld this hand
};

// Facts of the turn in progress that decide what may still be done in it.
struct TurnFacts {
  Card must_use = kNoCard;     // a taken card that must go into a meld or layoff
  Card no_discard = kNoCard;   // a lone card taken from the pile
  CardSet pile_meld_due;       // whole pile taken: a new meld must use one of these
  CardSet freed_jokers;        // swapped jokers that must go down again this turn
  bool melded = false;         // a new meld was made this turn
  bool built_on_others = false;
  bool built = false;
  bool opened_now = false;     // the player went down this turn
  bool discarded = false;      // the turn ended with a discard
  uint8_t actions = 0;         // melds, layoffs and swaps made this turn

  friend bool operator==(const TurnFacts&, const TurnFacts&) = default;
};

// The discard on offer to claims: who laid it and whether the next player passed it up.
struct Offer {
  uint8_t from = kNoPlayer;
  bool declined = false;
  friend bool operator==(const Offer&, const Offer&) = default;
};

// Meld ids from here up are those a scenario's setup gives by name (`id: stege`): play
// numbers its melds below next_meld and never reaches them.
inline constexpr int kFirstNamedMeld = 200;

struct GameState {
  uint8_t num_players = 0;
#define MELDCHECK_DECLARE_FACT(type, member, initial, key, expect_key, codec, told) type member = initial;
  MELDCHECK_POSITION_FACTS(MELDCHECK_DECLARE_FACT)
#undef MELDCHECK_DECLARE_FACT
  Offer offer;
  TurnFacts turn;
  std::array<PlayerState, kMaxPlayers> players{};
  std::array<int32_t, kMaxPlayers> round_scores{};
  Pile stock;    // top at the back
  Pile discard;  // newest at the back (also the row)
  CardSet out;   // out of play
  Table table;

  const CardSet& hand(int p) const { return players[p].hand; }
  CardSet& hand(int p) { return players[p].hand; }
  int next_player(int p) const { return (p + 1) % num_players; }
};

// Equal up to the exchange of identical copies of a card.
bool operator==(const GameState& a, const GameState& b);
// The first part in which two states differ (as the setup names it), or nullptr when equal.
const char* state_difference(const GameState& a, const GameState& b);
uint64_t hash_state(const GameState& s);

// Every physical card of the deck in exactly one place; returns false and names the
// first card that is missing or doubled in `bad` otherwise.
bool cards_conserved(const GameState& s, const RuleSet& rules, Card* bad = nullptr);
// The same against the deck's cards, made once (deck_set) where every step is checked.
bool cards_conserved(const GameState& s, CardSet deck, Card* bad = nullptr);
// The physical cards of the deck for a number of players, as a set.
CardSet deck_set(const RuleSet& rules, int players);

// The physical cards of the deck for a number of players, in the canonical order.
int deck_cards(const RuleSet& rules, int players, std::span<Card> out);

}  // namespace meldcheck
