// Rummy 500's clauses (../shared/rules/002_e48a33a31e5bbe16.txt, spec/rummy500.yaml), one
// predicate each: whether the clause forbids the move.
#include <algorithm>

#include "oracles/catalog_rules.h"

namespace meldcheck::oracle::rules {
namespace {

// Option deep-card-use: a layoff of the deepest taken card counts as using it.
bool layoff_uses(const Context& c) { return c.option("deep-card-use") != "meld-only"; }

// Option deep-card-when: "omedelbart" read as "before anything else is laid": the first
// meld or layoff after the take is the one that holds the card.
bool owed_card_first(const Context& c) { return c.option("deep-card-when") == "first-play"; }

// Whether the move puts the card owed on the table in a way that pays the debt: a meld
// with it among its cards (any of the melds laid together), or a layoff with it where a
// layoff counts. A swap gives a card for a joker, which is no meld of the card.
bool pays_owed_card(const Context& c, Face owed) {
  const bool counts = c.is(MoveKind::kMeld) || (c.is(MoveKind::kLayoff) && layoff_uses(c));
  if (!counts) return false;
  const std::vector<Token>& laid = c.tokens();
  return std::any_of(laid.begin(), laid.end(), [&](const Token& t) { return t.face == owed; });
}

// take.deepest-melded (002 "SPELET" 1): the deepest of several cards taken must go into a
// meld this turn: a take whose deepest card cannot is refused, and the turn does not end
// before it has. Under deep-card-when first-play nothing else goes down before it.
bool deepest_melded(const Context& c) {
  if (c.is(MoveKind::kTake)) {
    const std::vector<Face> taken = c.taken();
    return taken.size() > 1 && !can_use(c.text, c.pool(), taken.front(), {.new_meld = true, .layoff = layoff_uses(c)}, c.at);
  }
  if (!c.at.must_use) return false;
  if (c.ends_turn()) return true;
  const bool puts_down = c.is(MoveKind::kMeld) || c.is(MoveKind::kLayoff) || c.is(MoveKind::kSwap);
  return owed_card_first(c) && puts_down && !pays_owed_card(c, *c.at.must_use);
}
bool deepest_left_unusable(const Context& c) { return unmet_after(c, {.taken_use_layoffs = layoff_uses(c)}) == Owed::kTakenCard; }

// take.lone-card (002 "SPELET" 3): a lone card taken from the pile is not discarded this
// turn (its twin already in hand may be).
bool lone_card(const Context& c) {
  if (!c.is(MoveKind::kDiscard) || !c.at.no_discard || c.move.card != *c.at.no_discard) return false;
  return std::count(c.seat().hand.begin(), c.seat().hand.end(), c.move.card) == 1;
}
bool lone_card_stranded(const Context& c) {
  // With an empty hand (floating), a lone card taken has nowhere to go but a layoff.
  if (c.is(MoveKind::kTake) && c.seat().hand.empty() && c.taken().size() == 1)
    return !can_use(c.text, c.pool(), c.taken().front(), {.layoff = true}, c.at);
  return unmet_after(c, {.taken_use_layoffs = layoff_uses(c)}) == Owed::kLoneCard;
}

// stock.empty: no pass while the stock has cards.
bool pass_with_stock(const Context& c) { return c.is(MoveKind::kPass) && !c.at.stock.empty(); }

// rummy.call (002 "Rummy"): the caller takes pile cards that meld (or build on a meld)
// alone, the deepest among them, and lays them at once.
bool rummy_call(const Context& c) {
  if (!c.is(MoveKind::kClaim)) return false;
  const std::vector<Face> taken = c.taken();
  const std::vector<Token> use = c.tokens();
  if (use.empty() || !holds(taken, faces_of(use))) return true;
  return std::none_of(use.begin(), use.end(), [&](const Token& t) { return t.face == taken.front(); });
}

bool rummy_timing(const Context& c) { return c.is(MoveKind::kClaim) && !c.before_next_draw(); }
bool rummy_not_discarder(const Context& c) { return c.is(MoveKind::kClaim) && c.move.player == c.at.offer_from; }

// variant.dead-last-discard: the discard that goes out fits no meld on the table.
bool dead_last_discard(const Context& c) {
  return c.has("dead-last-discard") && c.is(MoveKind::kDiscard) && c.seat().hand.size() == 1 &&
         fits_some_meld(c.text, c.move.card, c.at);
}

// ---- outcomes --------------------------------------------------------------------------

// 002 "SPELET" 1 and 3: several cards taken owe their deepest to a meld; a lone one may not
// be discarded.
void take_owes(const Context& c, Position& p) {
  const std::vector<Face> taken = c.taken();
  if (taken.size() > 1) p.must_use = taken.front();
  else p.no_discard = taken.front();
}

// 002 "RUMMY": the caller takes the pile down to the cards called, lays them at once,
// finishes a turn, and play goes on from them.
void rummy_called(const Context& c, Position& p) {
  const int q = c.move.player;
  p.pile.resize(p.pile.size() - c.taken().size());
  Seat& caller = p.seats[size_t(q)];
  caller.hand = c.hand_left();
  p.to_move = q;
  p.phase = Phase::kPlay;
  clear_turn(p);
  p.offer_from = -1;
  p.offer_declined = false;
  if (c.move.claim_layoff) {
    build_on(c, p, c.move.meld_id, c.move.groups[0], q);
    note_laid(c, p, false, c.at.meld(c.move.meld_id)->owner != q);
  } else {
    lay_new_melds(c, p, c.readings(), q);
    if (!caller.opened) caller.opened = p.opened_now = true;
    note_laid(c, p, true, false);
  }
  if (caller.hand.empty()) hand_laid_out(c, p);
}

// 002 "SCORING": at 500 or more the highest total wins; equal highest totals play another hand.
void match_at_500(const Context& c, Position& p) {
  (void)c;
  if (std::none_of(p.seats.begin(), p.seats.end(), [](const Seat& s) { return s.total >= 500; })) return;
  const std::vector<int> best = leaders(p, false);
  if (best.size() > 1) return;
  p.game_over = true;
  p.winners = best;
}

}  // namespace

const RulesetRules& rummy500() {
  static const RulesetRules r{
      {
          {"take.deepest-melded", deepest_melded, deepest_left_unusable},
          {"take.lone-card", lone_card, lone_card_stranded},
          {"stock.empty", pass_with_stock},
          {"meld.size", [](const Context& c) { return c.laid_faults().size; }},
          {"meld.shape", [](const Context& c) { return c.laid_faults().shape; }},
          {"meld.set-size", [](const Context& c) { return c.laid_faults().set_size; }},
          {"meld.set-suits", [](const Context& c) { return c.laid_faults().set_suits; }},
          {"meld.run", [](const Context& c) { return c.laid_faults().run; }},
          {"meld.ace", [](const Context& c) { return c.laid_faults().corner; }},
          {"joker.declared", [](const Context& c) { return c.laid_faults().standin; }},
          {"joker.natural", [](const Context& c) { return c.laid_faults().natural; }},
          {"joker.stays", [](const Context& c) { return c.is(MoveKind::kSwap); }},
          {"layoff.extends", [](const Context& c) { const MeldFaults f = c.laid_faults(); return f.fit || f.taken; }},
          {"rummy.call", rummy_call, nullptr, Slot::kClaimCards},
          {"rummy.timing", rummy_timing, nullptr, Slot::kClaimTurn},
          {"rummy.not-discarder", rummy_not_discarder, nullptr, Slot::kClaimTurn},
          {"variant.dead-last-discard", dead_last_discard},
      },
      {},
      {.take = take_owes,
       .layoff_meets_taken_use = layoff_uses,
       .floats = [](const Context& c) { return c.has("floating"); },
       .claim = rummy_called,
       .match = match_at_500}};
  return r;
}

}  // namespace meldcheck::oracle::rules
