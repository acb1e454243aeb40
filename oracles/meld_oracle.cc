#include "oracles/meld_oracle.h"

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>

#include "oracles/configuration.h"

namespace meldcheck::oracle {
namespace {

bool is_set(const MeldDefinition& d, const Faces& cards) {
  if (cards.size() < 3 || (d.set_max != 0 && int(cards.size()) > d.set_max)) return false;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].rank() != cards[0].rank()) return false;
    if (d.set_distinct_suits)
      for (size_t j = 0; j < i; ++j)
        if (cards[i].suit() == cards[j].suit()) return false;
  }
  return true;
}

// The most cards a run can hold: each value from 1 to 14 once.
constexpr size_t kLongestRun = 14;

// Consecutive values, each once: the cards of a run read with each ace as 1 or as 14.
bool consecutive(std::array<int, kLongestRun> values, size_t n) {
  std::sort(values.begin(), values.begin() + n);
  for (size_t i = 1; i < n; ++i)
    if (values[i] != values[i - 1] + 1) return false;
  return true;
}

bool is_run(const MeldDefinition& d, const Faces& cards, bool building) {
  const size_t n = cards.size();
  if (n < 3 || n > kLongestRun) return false;
  for (const Face& f : cards)
    if (f.suit() != cards[0].suit()) return false;
  // Every way of reading each ace as 1 or (where allowed) 14.
  std::array<int, kLongestRun> values{};
  std::array<size_t, kLongestRun> aces{};
  size_t ace_count = 0;
  for (size_t i = 0; i < n; ++i) {
    values[i] = cards[i].rank();
    if (cards[i].rank() == 1) aces[ace_count++] = i;
  }
  for (uint32_t high = 0; high < (1u << ace_count); ++high) {
    if (high != 0 && !d.ace_high) break;
    std::array<int, kLongestRun> v = values;
    for (size_t k = 0; k < ace_count; ++k)
      if ((high >> k) & 1) v[aces[k]] = 14;
    if (consecutive(v, n)) return true;
  }
  // Round the corner: K-A-2 in one run, the ace both 1 and 14; no rank twice.
  if (!(building ? d.corner_building : d.corner_melding)) return false;
  std::array<bool, 14> present{};
  for (size_t i = 0; i < n; ++i) {
    if (present[size_t(values[i])]) return false;
    present[size_t(values[i])] = true;
  }
  if (!present[13] || !present[1] || !present[2]) return false;
  // The ranks form one arc of the 13-cycle: exactly one gap in the cycle.
  int gaps = 0;
  for (int r = 1; r <= 13; ++r) gaps += present[size_t(r)] && !present[size_t(r % 13 + 1)];
  return gaps == 1;
}

}  // namespace

MeldDefinition meld_definition(const std::string& ruleset, const std::vector<std::string>& variants,
                               const std::map<std::string, std::string>& options) {
  MeldDefinition d;
  if (ruleset == "rummy500") {
    // 002 "Hur man bildar en Meld": sets of 3-4 without a suit twice; runs of 3+ in suit;
    // an ace ends a run low or high (option ace-runs allows K-A-2).
    d.set_max = 4;
    d.set_distinct_suits = true;
    d.corner_melding = d.corner_building = option(options, "ace-runs", "low-or-high") == "round-the-corner";
  } else if (ruleset == "femhundra-rummy") {
    // 000: sets of three or four; round the corner only when building (not in variant 3).
    d.set_max = 4;
    d.set_distinct_suits = true;
    d.corner_building = !has(variants, "no-corner");
  } else if (ruleset == "femhundra-familj") {
    // 001 "Mäla kombinationer": three or more of a rank; runs may go round the corner.
    d.set_max = 0;
    d.set_distinct_suits = false;
    d.corner_melding = d.corner_building = true;
  } else if (ruleset == "liverpool") {
    // 003 "Definitioner": three or more of a rank; runs in suit; ace 1 or 14.
    d.set_max = 0;
    d.set_distinct_suits = false;
  } else if (ruleset == "rummikub") {
    // 004: groups of 3-4 colours, runs of one colour; 1 is lowest, never after 13.
    d.set_max = 4;
    d.set_distinct_suits = true;
    d.ace_high = false;
  } else {
    throw std::invalid_argument("the meld oracle has no meld definition for the ruleset '" + ruleset + "'");
  }
  return d;
}

bool is_meld(const MeldDefinition& d, const Faces& cards, int jokers, bool building) {
  if (int(cards.size()) - jokers < d.min_naturals) return false;
  return is_set(d, cards) || is_run(d, cards, building);
}

bool can_meld(const MeldDefinition& d, const Faces& naturals, int jokers, bool building) {
  if (int(naturals.size()) < d.min_naturals) return false;  // whatever the jokers stand for
  Faces cards = naturals;
  cards.resize(naturals.size() + size_t(jokers));
  // The jokers are alike, so each is tried from the card the one before it stands for on
  // (the same cards in another order are the same meld); and a meld is one rank or one suit,
  // so a joker stands for a card of the first natural's rank or suit. Every joker tried on
  // every card was 52 to the power of the jokers: spec_fuzz hung on a Rummikub set of
  // thirteen tiles, five of them jokers.
  const Face first = naturals.empty() ? Face() : naturals[0];
  std::function<bool(size_t, int)> assign = [&](size_t i, int from) -> bool {
    if (i == cards.size()) return is_meld(d, cards, jokers, building);
    for (int c = from; c < kFaces; ++c) {
      cards[i] = Face::from_code(uint8_t(c));
      if (!naturals.empty() && cards[i].rank() != first.rank() && cards[i].suit() != first.suit()) continue;
      if (assign(i + 1, c)) return true;
    }
    return false;
  };
  return assign(naturals.size(), 0);
}

namespace {

// Whether the cards split into two or more melds (each of three or more).
bool splits(const MeldDefinition& d, const Faces& cards) {
  const size_t n = cards.size();
  if (n < 6) return false;
  // The first card's meld: every subset holding it, the rest split into melds again.
  for (uint32_t mask = 0; mask < (1u << (n - 1)); ++mask) {
    Faces part{cards[0]}, rest;
    for (size_t k = 1; k < n; ++k) ((mask >> (k - 1)) & 1 ? part : rest).push_back(cards[k]);
    if (part.size() < 3 || rest.size() < 3) continue;
    if (is_meld(d, part, 0, false) && (is_meld(d, rest, 0, false) || splits(d, rest))) return true;
  }
  return false;
}

}  // namespace

MeldCount count_melds(const MeldDefinition& d, int copies, bool minimal) {
  MeldCount count;
  // Multisets of one rank: a count of each suit.
  for (int rank = 1; rank <= kRanks; ++rank) {
    std::array<int, kSuits> c{};
    for (c[0] = 0; c[0] <= copies; ++c[0])
      for (c[1] = 0; c[1] <= copies; ++c[1])
        for (c[2] = 0; c[2] <= copies; ++c[2])
          for (c[3] = 0; c[3] <= copies; ++c[3]) {
            Faces cards;
            for (int s = 0; s < kSuits; ++s)
              for (int k = 0; k < c[s]; ++k) cards.push_back(Face::natural(s, rank));
            if (is_meld(d, cards, 0, false) && !(minimal && splits(d, cards))) ++count.sets;
          }
  }
  // Multisets of one suit with more than one rank: a count of each rank.
  for (int suit = 0; suit < kSuits; ++suit) {
    std::array<int, kRanks + 1> c{};
    auto each = [&](auto&& self, int rank) -> void {
      if (rank > kRanks) {
        Faces cards;
        int ranks = 0;
        for (int r = 1; r <= kRanks; ++r) {
          ranks += c[r] > 0;
          for (int k = 0; k < c[r]; ++k) cards.push_back(Face::natural(suit, r));
        }
        if (ranks > 1 && is_meld(d, cards, 0, false) && !(minimal && splits(d, cards))) ++count.runs;
        return;
      }
      for (c[rank] = 0; c[rank] <= copies; ++c[rank]) self(self, rank + 1);
    };
    each(each, 1);
  }
  return count;
}

}  // namespace meldcheck::oracle
