// The start of a turn: drawing from the stock, taking from the discard pile (and what a
// take obliges), passing at an empty stock.
#include "engine/internal.h"

namespace meldcheck::detail {

Check do_draw(GameState& s, const RuleSet& r, const Action& a, bool commit) {
  (void)a;
  if (!stock_has_card(s, r)) return Check::kEmptyStock;
  if (!commit) return Check::kNone;
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
  return Check::kNone;
}

Check do_take(GameState& s, const RuleSet& r, const Action& a, bool commit) {
  const int n = take_count(s.discard, a.take);
  if (n == 0) return Check::kBadTake;
  const int size = s.discard.size();
  const int p = s.to_move;
  const DrawRules& d = r.draw;
  const bool whole = n == size && n > 1;

  CheckMask fails;
  if ((d.take_sizes == TakeSizes::kTop && n != 1) || (d.take_sizes == TakeSizes::kTopOrAll && n != 1 && !whole))
    fails.add(Check::kTakeSize);
  if (whole && d.take_sizes == TakeSizes::kTopOrAll && d.whole_pile.needs_opened && !s.players[p].opened)
    fails.add(Check::kTakeNeedsOpened);

  CardSet taken;
  for (int i = size - n; i < size; ++i) taken.insert(s.discard.at(i));
  const Card deepest = s.discard.at(size - n);
  const bool owes = d.taken_card_use == TakenCardUse::kDeepestAlways ||
                    (d.taken_card_use == TakenCardUse::kDeepestIfSeveral && n > 1);
  const CardSet pool = s.hand(p) | taken;
  if (fails.empty() && owes && !card_usable(s, r, p, pool, deepest)) fails.add(Check::kTakeUnusable);
  if (!fails.empty()) return r.first_failure(fails);
  if (!commit) return Check::kNone;

  s.discard.truncate(size - n);
  s.hand(p) = pool;
  s.turn = {};
  if (owes) s.turn.must_use = deepest;
  if (n == 1 && d.lone_taken_card_no_discard) s.turn.no_discard = deepest;
  if (whole && d.whole_pile.meld_due) {
    if (meld_possible_with(s, r, p, pool, taken, d.whole_pile.layoff_counts)) {
      s.turn.pile_meld_due = taken;
    } else {  // the penalty is entered at once, and the cards stay in hand
      s.players[p].penalty += d.whole_pile.unmeldable_penalty;
      s.players[p].total += d.whole_pile.unmeldable_penalty;
    }
  }
  s.offer = {};
  s.passes = 0;
  s.phase = Phase::kPlay;
  return Check::kNone;
}

Check do_pass(GameState& s, const RuleSet& r, const Action& a, bool commit) {
  if (s.phase == Phase::kPlay) {
    // After the draw a pass ends the turn only where there is no discard to end it.
    if (!turn_ends_without_discard(s, r)) return Check::kWrongPhase;
    if (commit) end_turn(s, r);
    return Check::kNone;
  }
  switch (r.draw.empty_stock) {
    case EmptyStock::kPassEnds:
      if (!s.stock.empty()) return Check::kPassNotAllowed;
      if (commit) ++s.passes, end_hand(s, r, kNoPlayer);
      return Check::kNone;
    case EmptyStock::kMustPlay:
      if (!s.stock.empty()) return Check::kPassNotAllowed;
      if (can_play_from_rack(s, r)) return Check::kPassCanPlay;
      if (!commit) return Check::kNone;
      ++s.passes;
      if (r.draw.stuck_ends == StuckEnds::kFirstStuck || s.passes >= s.num_players) {
        end_hand(s, r, kNoPlayer);
      } else {
        end_turn(s, r);
      }
      return Check::kNone;
    case EmptyStock::kReshufflePile:
    case EmptyStock::kReshuffleBelowTop: {
      // Only with nothing to draw (no stock, a pile too short to make one) and no take the
      // rules allow does the hand end.
      if (stock_has_card(s, r)) return Check::kPassNotAllowed;
      Action take;
      take.kind = ActionKind::kTake;
      take.player = a.player;
      take.take.kind = TakeSpec::Kind::kCount;
      for (int n = 1; n <= s.discard.size(); ++n) {
        take.take.count = uint8_t(n);
        if (do_take(s, r, take, false) == Check::kNone) return Check::kPassNotAllowed;
      }
      if (commit) ++s.passes, end_hand(s, r, kNoPlayer);
      return Check::kNone;
    }
  }
  return Check::kPassNotAllowed;
}

}  // namespace meldcheck::detail
