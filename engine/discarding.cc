// The end of a turn: the discard (and the opening row, whose cards are laid the same way).
#include "engine/fault.h"
#include "engine/internal.h"

namespace meldcheck::detail {
namespace {

// The opening row: every player lays one card, from the first player round to the dealer.
void lay_row_card(GameState& s, Card card) {
  s.hand(s.to_move).erase(card);
  s.discard.push(card);
  const int next = s.next_player(s.to_move);
  s.to_move = uint8_t(next);
  if (next == s.first_player) s.phase = Phase::kDraw;
}

// The physical card discarded for a face: another copy goes before the lone taken card.
Card discarded_card(const GameState& s, Face face) {
  const int p = s.to_move;
  CardSet hand = s.hand(p);
  if (s.turn.no_discard != kNoCard && hand.size() > 1) hand.erase(s.turn.no_discard);
  const Card card = hand.find(face);
  return card != kNoCard ? card : s.hand(p).find(face);
}

}  // namespace

Refusal check_discard(const GameState& s, const RuleSet& r, const Action& a) {
  const int p = s.to_move;
  const Card card = discarded_card(s, a.card);
  if (card == kNoCard) return Refusal::kCardNotHeld;
  if (s.phase == Phase::kRow) return Refusal::kNone;

  RefusalMask fails;
  const TurnFacts& t = s.turn;
  if (t.must_use != kNoCard) fails.add(Refusal::kTakeUnused);
  if (!t.pile_meld_due.empty()) fails.add(Refusal::kPileMeldDue);
  if (!t.freed_jokers.empty()) fails.add(Refusal::kJokerUnused);
  if (card == t.no_discard) fails.add(Refusal::kDiscardTakenCard);
  if (turn_ends_without_discard(s, r)) fails.add(Refusal::kLastRoundNoDiscard);
  if (r.going_out.dead_last_discard && s.hand(p).size() == 1 && fits_table(s, r, p, a.card))
    fails.add(Refusal::kDeadDiscard);
  return r.first_failure(fails);
}

void play_discard(GameState& s, const RuleSet& r, const Action& a) {
  const int p = s.to_move;
  const Card card = discarded_card(s, a.card);
  if (s.phase == Phase::kRow) return lay_row_card(s, card);
  s.hand(p).erase(card);
  if (!fault("lose-discard")) s.discard.push(card);
  s.offer = Offer{uint8_t(p), false};
  s.turn.discarded = true;
  if (s.hand(p).empty()) {
    hand_emptied(s, r, true);
  } else {
    end_turn(s, r);
  }
}

}  // namespace meldcheck::detail
