#include "oracles/score_oracle.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

#include "oracles/configuration.h"

namespace meldcheck::oracle {
namespace {

bool is_set_meld(const TableMeld& m) {
  for (const TableCard& c : m)
    if (c.face.rank() != m[0].face.rank()) return false;
  return true;
}

int sum_over(const std::vector<Face>& cards, auto&& value) {
  int total = 0;
  for (const Face& f : cards) total += value(f);
  return total;
}

// ---- 002 "SCORING": face values, J Q K 10, aces and jokers 15, an ace with the 2 and 3 of
// its run 1; variant 5-10-15: 2-9 five, 10-K ten, joker 15 (aces as before).
std::vector<int> rummy500(const FinishedHand& h, const std::vector<std::string>& variants) {
  const bool five_ten = has(variants, "5-10-15");
  auto value = [&](Face f) {
    if (f.is_joker()) return 15;
    const int r = f.rank();
    if (r == 1) return 15;
    if (five_ten) return r <= 9 ? 5 : 10;
    return r >= 11 ? 10 : r;
  };
  std::vector<int> s(size_t(h.players), 0);
  for (const TableMeld& m : h.table)
    for (size_t i = 0; i < m.size(); ++i) {
      const TableCard& c = m[i];
      int v = c.joker ? 15 : value(c.face);
      // The ace that leads into the 2 and then the 3 (a run from ace to ace has another ace
      // at its top, after the king; one round the corner that stops at the 2 keeps 15,
      // though its start may hold a 3).
      const bool leads_into_two_three = i + 2 < m.size() && m[i + 1].face.rank() == 2 && m[i + 2].face.rank() == 3;
      if (!c.joker && c.face.rank() == 1 && !is_set_meld(m) && leads_into_two_three) v = 1;
      s[size_t(c.laid_by)] += v;
    }
  for (int p = 0; p < h.players; ++p) s[size_t(p)] -= sum_over(h.hands[size_t(p)], value);
  return s;
}

// ---- 000 "Poängräkning": in hand aces -15, K Q J 10 -10, numbers -5, the joker -25; on
// the table the same as plus, an ace +15 after the king or among aces, +5 before the two
// or between king and two; a joker as the card it stands for; +50 for going out by melds
// alone. Variant 4: the one who goes out scores the others' hands (faces 10, numbers their
// value, aces 1, joker 25), nothing else.
int femhundra_card(Face f) {
  if (f.is_joker()) return 25;
  const int r = f.rank();
  return r == 1 ? 15 : r >= 10 ? 10 : 5;
}

int femhundra_table(const TableMeld& m, size_t i) {
  const Face f = m[i].face;
  if (f.rank() != 1) return femhundra_card(Face::rank_only(f.rank()));
  if (is_set_meld(m)) return 15;
  const bool king_before = i > 0 && m[i - 1].face.rank() == 13;
  const bool two_after = i + 1 < m.size() && m[i + 1].face.rank() == 2;
  return king_before && !two_after ? 15 : 5;
}

std::vector<int> femhundra_rummy(const FinishedHand& h, const std::vector<std::string>& variants,
                                 const std::map<std::string, std::string>& options) {
  std::vector<int> s(size_t(h.players), 0);
  if (has(variants, "hand-count-scoring")) {
    auto value = [](Face f) { return f.is_joker() ? 25 : f.rank() == 1 ? 1 : f.rank() >= 11 ? 10 : f.rank(); };
    if (h.out >= 0)
      for (int p = 0; p < h.players; ++p)
        if (p != h.out) s[size_t(h.out)] += sum_over(h.hands[size_t(p)], value);
    return s;
  }
  for (const TableMeld& m : h.table)
    for (size_t i = 0; i < m.size(); ++i) s[size_t(m[i].laid_by)] += femhundra_table(m, i);
  for (int p = 0; p < h.players; ++p) s[size_t(p)] -= sum_over(h.hands[size_t(p)], femhundra_card);
  if (h.out >= 0 && !h.out_by_discard && !h.out_built_on_others_this_turn &&
      !(option(options, "out-bonus-scope", "going-out-turn") == "whole-hand" && h.out_built_on_others_this_hand))
    s[size_t(h.out)] += 50;
  return s;
}

// ---- 001 "Utgång och avslutning": numbers 5, faces 10, aces 25 wherever they stand; on
// the table plus for whoever laid them, in hand minus; 50 more for going out.
std::vector<int> femhundra_familj(const FinishedHand& h) {
  auto value = [](Face f) { return f.rank() == 1 ? 25 : f.rank() >= 11 ? 10 : 5; };
  std::vector<int> s(size_t(h.players), 0);
  for (const TableMeld& m : h.table)
    for (const TableCard& c : m) s[size_t(c.laid_by)] += value(c.face);
  for (int p = 0; p < h.players; ++p) s[size_t(p)] -= sum_over(h.hands[size_t(p)], value);
  if (h.out >= 0) s[size_t(h.out)] += 50;
  return s;
}

// ---- 003 "Poängräkning": every card in hand counts, 2-7 five, 8-10 ten, faces 15, aces
// 25, jokers 50; the one who went out 0, or -50 going from a full hand to none at once
// (and always in the last round).
std::vector<int> liverpool(const FinishedHand& h, const std::map<std::string, std::string>& options) {
  auto value = [](Face f) {
    if (f.is_joker()) return 50;
    const int r = f.rank();
    return r == 1 ? 25 : r >= 11 ? 15 : r >= 8 ? 10 : 5;
  };
  std::vector<int> s(size_t(h.players), 0);
  for (int p = 0; p < h.players; ++p) s[size_t(p)] = sum_over(h.hands[size_t(p)], value);
  if (h.out >= 0) {
    const bool one_action = option(options, "one-go", "same-turn") == "one-action";
    const bool at_once = h.out_went_down_this_turn && (!one_action || (h.out_actions_this_turn == 1 && !h.out_by_discard));
    s[size_t(h.out)] = h.last_round || at_once ? -50 : 0;
  }
  return s;
}

// ---- 004 "Poäng": racks count their numbers, a joker 30; the one who goes out gains what
// the others lose; when the pool ran out the lowest rack wins and the others lose their
// rack less the winner's. Tied lowest racks share (odd points first in turn order after the
// player whose turn ended the round), or the fewest tiles among them win (option lowest-tie).
std::vector<int> rummikub(const FinishedHand& h, const std::map<std::string, std::string>& options) {
  const int n = h.players;
  std::vector<int> rack(static_cast<size_t>(n), 0);
  for (int p = 0; p < n; ++p)
    rack[size_t(p)] = sum_over(h.hands[size_t(p)], [](Face f) { return f.is_joker() ? 30 : f.rank(); });
  std::vector<bool> wins(size_t(n), false);
  int base = 0;
  if (h.out >= 0) {
    wins[size_t(h.out)] = true;
  } else {
    base = *std::min_element(rack.begin(), rack.end());
    for (int p = 0; p < n; ++p) wins[size_t(p)] = rack[size_t(p)] == base;
    if (option(options, "lowest-tie", "split") == "fewest-tiles") {
      size_t fewest = 1000;
      for (int p = 0; p < n; ++p)
        if (wins[size_t(p)]) fewest = std::min(fewest, h.hands[size_t(p)].size());
      for (int p = 0; p < n; ++p) wins[size_t(p)] = wins[size_t(p)] && h.hands[size_t(p)].size() == fewest;
    }
  }
  std::vector<int> s(size_t(n), 0);
  int paid = 0, winners = 0;
  for (int p = 0; p < n; ++p) {
    if (wins[size_t(p)]) {
      ++winners;
      continue;
    }
    s[size_t(p)] = -(rack[size_t(p)] - base);
    paid += rack[size_t(p)] - base;
  }
  int odd = paid % winners;
  for (int k = 1; k <= n; ++k) {
    const int p = (h.ended_by + k) % n;
    if (wins[size_t(p)]) s[size_t(p)] = paid / winners + (odd-- > 0 ? 1 : 0);
  }
  return s;
}

}  // namespace

std::vector<int> hand_scores(const FinishedHand& hand, const std::string& ruleset,
                             const std::vector<std::string>& variants, const std::map<std::string, std::string>& options) {
  std::vector<int> s;
  if (ruleset == "rummy500") s = rummy500(hand, variants);
  else if (ruleset == "femhundra-rummy") s = femhundra_rummy(hand, variants, options);
  else if (ruleset == "femhundra-familj") s = femhundra_familj(hand);
  else if (ruleset == "liverpool") s = liverpool(hand, options);
  else if (ruleset == "rummikub") s = rummikub(hand, options);
  else throw std::invalid_argument("the score oracle knows no ruleset " + ruleset);
  for (int p = 0; p < hand.players && p < int(hand.penalties.size()); ++p) s[size_t(p)] += hand.penalties[size_t(p)];
  return s;
}

}  // namespace meldcheck::oracle
