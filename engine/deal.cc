// Dealing a hand by the ruleset's own rules, with the contract's shuffle.
#include "engine/fault.h"
#include "engine/internal.h"
#include "engine/rng.h"

namespace meldcheck {

namespace detail {

void deal_hand(GameState& s, const RuleSet& r, uint64_t seed, int dealer) {
  const int n = s.num_players;
  // What carries over from hand to hand: the totals, the round, the latest hand's winner.
  std::array<int32_t, kMaxPlayers> totals{};
  for (int p = 0; p < n; ++p) totals[p] = s.players[p].total;
  const uint16_t round = s.round;
  const uint8_t last_out = s.last_out;
  s = GameState{};
  s.num_players = uint8_t(n);
  s.round = round;
  s.last_out = last_out;
  for (int p = 0; p < n; ++p) s.players[p].total = totals[p];

  std::array<Card, kMaxCards> cards{};
  const int count = deck_cards(r, n, cards);
  static uint64_t deals = 0;
  SplitMix64 rng{seed + (fault("unstable-deal") ? ++deals : 0)};
  shuffle(std::span<Card>(cards.data(), count), rng);
  s.rng = rng.state;

  int next = 0;
  const int per_player = r.deal_size(n, s.round);
  for (int round_of_deal = 0; round_of_deal < per_player; ++round_of_deal)
    for (int k = 1; k <= n && next < count; ++k) s.hand((dealer + k) % n).insert(cards[next++]);
  if (r.pile_start == PileStart::kUpcard && next < count) {
    s.discard.push(cards[next++]);
    s.offer = Offer{uint8_t(dealer), false};  // the upcard is offered as the dealer's discard
  }
  for (int i = count; i-- > next;) s.stock.push(cards[i]);  // cards[next] is the top

  s.dealer = uint8_t(dealer);
  s.first_player = uint8_t((dealer + 1) % n);
  s.to_move = s.first_player;
  s.phase = r.pile_start == PileStart::kRow ? Phase::kRow : Phase::kDraw;
  s.first_lap = r.opening.first_lap_no_meld;
}

}  // namespace detail

GameState new_match(const RuleSet& rules, int players, uint64_t seed, int dealer) {
  GameState s;
  s.num_players = uint8_t(players);
  detail::deal_hand(s, rules, seed, dealer);
  return s;
}

}  // namespace meldcheck
