#include "engine/position.h"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

#include "engine/rng.h"

namespace meldcheck {

GameState make_position(const RuleSet& rules, const StatedPosition& st) {
  const int n = st.players;
  const CardSet deck = deck_set(rules, n);
  CardSet left = deck;
  auto place = [&](Card c) {
    if (!deck.contains(c)) throw std::invalid_argument("a card not in the deck of " + rules.id);
    if (!left.contains(c)) throw std::invalid_argument("a card placed twice");
    left.erase(c);
    return c;
  };

  GameState s;
  s.num_players = uint8_t(n);
  for (int p = 0; p < n; ++p) {
    const StatedSeat& seat = st.seats[p];
    for (Card c : seat.hand) s.hand(p).insert(place(c));
    s.players[p].total = seat.total;
    s.players[p].penalty = seat.penalty;
    s.round_scores[p] = seat.round_score;
  }
  for (Card c : st.discard) s.discard.push(place(c));
  if (st.table.size() > kMaxMelds) throw std::invalid_argument("too many melds");
  for (const Meld& m : st.table) {
    for (int i = 0; i < m.shape.size; ++i) place(m.cards[i]);
    s.table.melds[s.table.count++] = m;
  }

  // Who has opened and built: as the table shows, unless stated.
  for (int p = 0; p < n; ++p) {
    bool owns = false, built = false;
    for (const Meld& m : s.table.all()) {
      owns |= m.owner == p;
      for (int i = 0; i < m.shape.size; ++i) built |= m.owner != p && m.builders[i] == p;
    }
    s.players[p].opened = st.seats[p].opened.value_or(owns);
    s.players[p].built_on_others = st.seats[p].built_on_others.value_or(built);
  }

  // The cards placed nowhere, in the deck's canonical order, shuffled by the seed. (Arrays
  // of the deck's size: every input of the differential fuzz targets makes a position.)
  std::array<Card, kMaxCards> stock{};
  int stocked = 0;
  for (Card c : st.stock) stock[size_t(stocked++)] = place(c);  // distinct cards of the deck: kMaxCards at most
  std::array<Card, kMaxCards> rest{};
  int resting = 0;
  for (Card c : left) rest[size_t(resting++)] = c;
  SplitMix64 rng{st.seed};
  shuffle(std::span<Card>(rest.data(), size_t(resting)), rng);
  s.rng = rng.state;
  for (int i = 0; i < resting; ++i)
    if (st.rest_out) s.out.insert(rest[size_t(i)]);
    else stock[size_t(stocked++)] = rest[size_t(i)];
  for (int i = stocked; i-- > 0;) s.stock.push(stock[size_t(i)]);

#define MELDCHECK_STATE_FACT(type, member, initial, key, expect_key, codec, told) \
  if (st.facts.member) s.member = *st.facts.member;
  MELDCHECK_POSITION_FACTS(MELDCHECK_STATE_FACT)
#undef MELDCHECK_STATE_FACT
  if (!st.facts.dealer) s.dealer = uint8_t((s.first_player + n - 1) % n);
  if (!st.facts.next_meld) {
    int next = 1;
    for (const Meld& m : s.table.all())
      if (m.id < kFirstNamedMeld) next = std::max(next, m.id + 1);  // named melds are not numbers in use
    s.next_meld = uint8_t(next);
  }
  // A turn owes only what the rules can make it owe.
  if (!st.turn.freed_jokers.empty() && !rules.swap.joker_used_same_turn)
    throw std::invalid_argument("freed jokers owed where a freed joker need not go down the same turn");
  if (st.offer) s.offer = *st.offer;
  else if (!s.discard.empty()) s.offer = Offer{uint8_t((s.to_move + n - 1) % n), s.phase == Phase::kPlay};
  s.turn = st.turn;
  return s;
}

StatedPosition state_position(const GameState& s) {
  StatedPosition st;
  st.players = s.num_players;
  for (int p = 0; p < s.num_players; ++p) {
    const PlayerState& ps = s.players[p];
    st.seats[p] = StatedSeat{ps.hand, ps.total, ps.penalty, s.round_scores[p], ps.opened, ps.built_on_others};
  }
  const auto& stock = s.stock.cards();
  st.stock.assign(stock.rbegin(), stock.rend());
  st.discard.assign(s.discard.cards().begin(), s.discard.cards().end());
  for (const Meld& m : s.table.all()) st.table.push_back(m);
#define MELDCHECK_STATE_FACT(type, member, initial, key, expect_key, codec, told) st.facts.member = s.member;
  MELDCHECK_POSITION_FACTS(MELDCHECK_STATE_FACT)
#undef MELDCHECK_STATE_FACT
  st.offer = s.offer;
  st.turn = s.turn;
  st.rest_out = true;
  return st;
}

GameState next_hand_position(const GameState& finished, const RuleSet& rules, StatedPosition next) {
  const int n = next.players;
  for (int p = 0; p < n && p < finished.num_players; ++p) next.seats[p].total = finished.players[p].total + next.seats[p].penalty;
  StatedFacts& f = next.facts;
  f.last_out = finished.last_out;
  if (!f.round) f.round = uint16_t(finished.round + 1);
  if (!f.dealer) f.dealer = uint8_t((finished.dealer + 1) % n);
  if (!f.first_player) f.first_player = uint8_t((*f.dealer + 1) % n);
  if (!f.to_move) f.to_move = *f.first_player;
  return make_position(rules, next);
}

}  // namespace meldcheck
