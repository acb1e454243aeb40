// Out-of-turn claims on the discard pile: calling rummy, snapping a discard that builds on
// a meld, buying the discard with a penalty card (RuleSet::claim).
#include "engine/internal.h"

namespace meldcheck::detail {
namespace {

// The window after a discard, before the next player draws.
bool before_next_draw(const GameState& s) {
  return s.offer.from != kNoPlayer && !s.offer.declined && s.phase == Phase::kDraw;
}

// The window after the next player passed the discard up by drawing, before they discard.
bool after_decline(const GameState& s) {
  return s.offer.from != kNoPlayer && s.offer.declined && s.phase == Phase::kPlay;
}

// The claim's own use of the cards: new melds or a layoff (onto `use.target`), formed and checked.
RefusalMask form_claim_use(const GameState& s, const RuleSet& r, const Action& a, Plan& use) {
  RefusalMask fails;
  if (a.claim_layoff) {
    use.target = s.table.index_of(a.meld_id);
    if (use.target < 0) return RefusalMask(Refusal::kNoSuchMeld);
    if (a.cards.groups() != 1) return RefusalMask(Refusal::kClaimUse);
    use.groups = 1;
    fails |= extend_meld(r.meld, s.table.melds[use.target].shape, a.cards.group(0), use.formed[0]);
    if (r.layoff.needs_opened && !s.players[a.player].opened) fails.add(Refusal::kLayoffNeedsOpened);
  } else {
    use.groups = a.cards.groups();
    for (int g = 0; g < use.groups; ++g)
      fails |= form_meld(r.meld, a.cards.group(g), MeldContext::kMelding, use.formed[g]);
  }
  if (s.first_lap && use.groups > 0) fails.add(Refusal::kFirstLap);
  // A layoff declares only the jokers it lays, not those of the meld it builds on.
  const Shape* before = use.target >= 0 ? &s.table.melds[use.target].shape : nullptr;
  if (fails.empty())
    for (int g = 0; g < use.groups; ++g)
      if (joker_declared_on_table(s, r, use.formed[g].shape, a.cards.group(g), before)) fails.add(Refusal::kJokerOnTable);
  return fails;
}

std::span<const Token> claim_tokens(const Action& a) {
  return a.cards.groups() ? std::span<const Token>(a.cards.group(0).data(), size_t(a.cards.tokens()))
                          : std::span<const Token>();
}

// Lays the claim's cards (already in the claimer's hand) as formed.
void lay_claim(GameState& s, const Action& a, const Plan& use, CardSet prefer) {
  const int q = a.player;
  const std::span<const Token> tokens = claim_tokens(a);
  std::array<Card, TokenGroups::kMaxTokens> cards;
  pick_cards(s.hand(q), tokens, prefer, cards);
  for (size_t i = 0; i < tokens.size(); ++i) s.hand(q).erase(cards[i]);
  if (use.target >= 0) {
    Meld& m = s.table.melds[use.target];
    grow_meld(m, use.formed[0], std::span<const Card>(cards.data(), tokens.size()), q);
    if (m.owner != q) s.players[q].built_on_others = true;
    return;
  }
  size_t offset = 0;
  for (int g = 0; g < use.groups; ++g) {
    const size_t n = a.cards.group(g).size();
    add_meld(s, use.formed[g], std::span<const Card>(cards.data() + offset, n), q);
    offset += n;
  }
  s.players[q].opened = true;
}

// Whether the claimer may claim now, the claim's counterpart of the turn: in the window,
// and not the one who discarded (nor, for a buy, the player to move). The failures, named
// in catalog order like every clause.
RefusalMask claim_turn(const GameState& s, const Action& a, bool window, bool to_move_barred) {
  RefusalMask fails;
  if (!window) fails.add(Refusal::kClaimTiming);
  if ((a.player == s.offer.from && s.offer.from != kNoPlayer) || (to_move_barred && a.player == s.to_move))
    fails.add(Refusal::kClaimByDiscarder);
  return fails;
}

// The cards a claim takes from the pile (none when it asks for nothing there).
CardSet claimed_cards(const GameState& s, const Action& a) {
  CardSet taken;
  const int n = take_count(s.discard, a.take);
  for (int i = s.discard.size() - n; i < s.discard.size(); ++i) taken.insert(s.discard.at(i));
  return taken;
}

Refusal check_rummy(const GameState& s, const RuleSet& r, const Action& a, Plan& use) {
  if (const RefusalMask turn = claim_turn(s, a, before_next_draw(s), false); !turn.empty()) return r.first_failure(turn);
  const int n = take_count(s.discard, a.take);
  if (n == 0) return Refusal::kBadTake;
  const CardSet taken = claimed_cards(s, a);
  const Card deepest = s.discard.at(s.discard.size() - n);

  // The claim melds pile cards alone, the deepest claimed card among them.
  const std::span<const Token> tokens = claim_tokens(a);
  RefusalMask fails;
  bool uses_deepest = false;
  for (const Token& t : tokens) uses_deepest |= t.face == face_of(deepest);
  if (tokens.empty() || !holds(taken, tokens) || !uses_deepest) fails.add(Refusal::kClaimUse);
  if (fails.empty()) fails |= form_claim_use(s, r, a, use);
  return r.first_failure(fails);
}

void play_rummy(GameState& s, const RuleSet& r, const Action& a, const Plan& use) {
  const int q = a.player;
  const CardSet taken = claimed_cards(s, a);
  s.discard.truncate(s.discard.size() - take_count(s.discard, a.take));
  s.hand(q) |= taken;
  pass_turn_to(s, r, q);  // the claimer finishes a turn; play goes on from them
  s.phase = Phase::kPlay;
  s.offer = {};
  s.turn.opened_now = use.target < 0 && !s.players[q].opened;
  lay_claim(s, a, use, taken);
  (use.target >= 0 ? s.turn.built : s.turn.melded) = true;
  s.turn.built_on_others = use.target >= 0 && s.table.melds[use.target].owner != q;
  ++s.turn.actions;
  if (s.hand(q).empty()) hand_emptied(s, r, false);
}

Refusal check_snap(const GameState& s, const RuleSet& r, const Action& a, Plan& use) {
  if (const RefusalMask turn = claim_turn(s, a, before_next_draw(s), false); !turn.empty()) return r.first_failure(turn);
  const int n = take_count(s.discard, a.take);
  if (n == 0) return Refusal::kBadTake;
  // Only the discard itself, laid off at once.
  const std::span<const Token> tokens = claim_tokens(a);
  RefusalMask fails;
  if (n != 1 || !a.claim_layoff || tokens.size() != 1 || tokens[0].face != face_of(s.discard.top()))
    fails.add(Refusal::kClaimUse);
  if (fails.empty()) fails |= form_claim_use(s, r, a, use);
  return r.first_failure(fails);
}

void play_snap(GameState& s, const Action& a, const Plan& use) {
  CardSet taken;
  taken.insert(s.discard.pop());
  s.hand(a.player) |= taken;
  lay_claim(s, a, use, taken);
  s.offer = {};  // the turn order is unchanged
}

Refusal check_buy(const GameState& s, const RuleSet& r, const Action& a) {
  // The card is not the discarder's to buy back, nor the declining player's.
  if (const RefusalMask turn = claim_turn(s, a, after_decline(s), true); !turn.empty()) return r.first_failure(turn);
  const int n = take_count(s.discard, a.take);
  if (n == 0) return Refusal::kBadTake;
  RefusalMask fails;
  if (n != 1 || a.cards.groups() != 0) fails.add(Refusal::kClaimUse);
  if (!fails.empty()) return r.first_failure(fails);
  // The penalty card comes from the stock, refilled from the pile below the bought card.
  GameState after_take = s;
  after_take.discard.pop();
  if (!stock_has_card(after_take, r)) return r.first_failure(RefusalMask(Refusal::kBuyPenaltyCard));
  return Refusal::kNone;
}

void play_buy(GameState& s, const RuleSet& r, const Action& a) {
  const int q = a.player;
  s.hand(q).insert(s.discard.pop());
  refill_stock(s, r);
  s.hand(q).insert(s.stock.pop());  // the penalty card
  refill_stock(s, r);
  s.offer = {};
}

}  // namespace

bool claim_window_open(const GameState& s, const RuleSet& r) {
  switch (r.claim) {
    case ClaimRule::kRummy:
    case ClaimRule::kSnap: return before_next_draw(s);
    case ClaimRule::kBuy: return after_decline(s);
    case ClaimRule::kNone: break;
  }
  return false;
}

Refusal check_claim(const GameState& s, const RuleSet& r, const Action& a, Plan& plan) {
  switch (r.claim) {
    case ClaimRule::kRummy: return check_rummy(s, r, a, plan);
    case ClaimRule::kSnap: return check_snap(s, r, a, plan);
    case ClaimRule::kBuy: return check_buy(s, r, a);
    case ClaimRule::kNone: break;
  }
  return Refusal::kNotInGame;
}

void play_claim(GameState& s, const RuleSet& r, const Action& a, const Plan& plan) {
  switch (r.claim) {
    case ClaimRule::kRummy: return play_rummy(s, r, a, plan);
    case ClaimRule::kSnap: return play_snap(s, a, plan);
    case ClaimRule::kBuy: return play_buy(s, r, a);
    case ClaimRule::kNone: break;
  }
}

}  // namespace meldcheck::detail
