// The start of a turn: drawing from the stock, taking from the discard pile (and what a
// take obliges), passing at an empty stock.
#include "engine/internal.h"

#include "engine/engine.h"

namespace meldcheck::detail {

Refusal check_draw(const GameState& s, const RuleSet& r) {
  return stock_has_card(s, r) ? Refusal::kNone : Refusal::kEmptyStock;
}

void play_draw(GameState& s, const RuleSet& r) {
  refill_stock(s, r);
  s.hand(s.to_move).insert(s.stock.pop());
  if (s.offer.from != kNoPlayer) s.offer.declined = true;  // the discard on offer was passed up
  refill_stock(s, r);
  s.passes = 0;
  if (r.table.free_rearrangement) {
    end_turn(s, r);  // drawing is the whole turn
  } else {
    s.phase = Phase::kPlay;
  }
}

namespace {

// The cards a take asks for: how many, which, the deepest, and whether it must be used.
struct Taken {
  int n = 0;
  bool whole = false;  // the whole pile, of more than one card
  CardSet cards;
  Card deepest = kNoCard;
  bool owed = false;
};

Taken taken_by(const GameState& s, const RuleSet& r, const Action& a) {
  Taken t;
  t.n = take_count(s.discard, a.take);
  if (t.n == 0) return t;
  const int size = s.discard.size();
  t.whole = t.n == size && t.n > 1;
  for (int i = size - t.n; i < size; ++i) t.cards.insert(s.discard.at(i));
  t.deepest = s.discard.at(size - t.n);
  const TakenCardUse use = r.draw.taken_card_use;
  t.owed = use == TakenCardUse::kDeepestAlways || (use == TakenCardUse::kDeepestIfSeveral && t.n > 1);
  return t;
}

}  // namespace

Refusal check_take(const GameState& s, const RuleSet& r, const Action& a) {
  const Taken t = taken_by(s, r, a);
  if (t.n == 0) return Refusal::kBadTake;
  const int p = s.to_move;
  const DrawRules& d = r.draw;
  RefusalMask fails;
  if ((d.take_sizes == TakeSizes::kTop && t.n != 1) || (d.take_sizes == TakeSizes::kTopOrAll && t.n != 1 && !t.whole))
    fails.add(Refusal::kTakeSize);
  if (t.whole && d.take_sizes == TakeSizes::kTopOrAll && d.whole_pile.needs_opened && !s.players[p].opened)
    fails.add(Refusal::kTakeNeedsOpened);
  if (fails.empty() && t.owed && !card_usable(s, r, p, s.hand(p) | t.cards, t.deepest)) fails.add(Refusal::kTakeUnusable);
  return r.first_failure(fails);
}

void play_take(GameState& s, const RuleSet& r, const Action& a) {
  const Taken t = taken_by(s, r, a);
  const int p = s.to_move;
  const DrawRules& d = r.draw;
  const CardSet pool = s.hand(p) | t.cards;
  s.discard.truncate(s.discard.size() - t.n);
  s.hand(p) = pool;
  s.turn = {};
  if (t.owed) s.turn.must_use = t.deepest;
  if (t.n == 1 && d.lone_taken_card_no_discard) s.turn.no_discard = t.deepest;
  // The whole pile's rules are those of a pile taken whole or by its top card alone; where
  // any depth may be taken, a take of every card is a deep take like the others.
  if (t.whole && d.take_sizes == TakeSizes::kTopOrAll && d.whole_pile.meld_due) {
    if (meld_possible_with(s, r, p, pool, t.cards, d.whole_pile.layoff_counts)) {
      s.turn.pile_meld_due = t.cards;
    } else {  // the penalty is entered at once, and the cards stay in hand
      s.players[p].penalty += d.whole_pile.unmeldable_penalty;
      s.players[p].total += d.whole_pile.unmeldable_penalty;
    }
  }
  s.offer = {};
  s.passes = 0;
  s.phase = Phase::kPlay;
}

Refusal check_pass(const GameState& s, const RuleSet& r, const Action& a) {
  // After the draw a pass ends the turn only where there is no discard to end it.
  if (s.phase == Phase::kPlay) return turn_ends_without_discard(s, r) ? Refusal::kNone : Refusal::kWrongPhase;
  switch (r.draw.empty_stock) {
    case EmptyStock::kPassEnds: return s.stock.empty() ? Refusal::kNone : Refusal::kPassNotAllowed;
    case EmptyStock::kMustPlay:
      if (!s.stock.empty()) return Refusal::kPassNotAllowed;
      return can_play_from_rack(s, r) ? Refusal::kPassCanPlay : Refusal::kNone;
    case EmptyStock::kReshufflePile:
    case EmptyStock::kReshuffleBelowTop: {
      // Only with nothing to draw (no stock, a pile too short to make one) and no take the
      // rules allow does the hand end. A take judged whole: an empty hand's take is refused
      // by the turn's obligations (a card it could not part with), not by the take's clauses.
      if (stock_has_card(s, r)) return Refusal::kPassNotAllowed;
      Action take;
      take.kind = ActionKind::kTake;
      take.player = a.player;
      take.take.kind = TakeSpec::Kind::kCount;
      for (int n = 1; n <= s.discard.size(); ++n) {
        take.take.count = uint8_t(n);
        if (check_action(s, r, take) == Refusal::kNone) return Refusal::kPassNotAllowed;
      }
      return Refusal::kNone;
    }
  }
  return Refusal::kPassNotAllowed;
}

void play_pass(GameState& s, const RuleSet& r) {
  if (s.phase == Phase::kPlay) return end_turn(s, r);
  ++s.passes;
  // Only a stock that must be played out waits for every player to pass in turn.
  if (r.draw.empty_stock == EmptyStock::kMustPlay && r.draw.stuck_ends != StuckEnds::kFirstStuck &&
      s.passes < s.num_players)
    return end_turn(s, r);
  end_hand(s, r, kNoPlayer);
}

}  // namespace meldcheck::detail
