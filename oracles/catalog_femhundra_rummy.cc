// Femhundra Rummy's clauses (../shared/rules/000_923df23c6c3c990a.txt,
// spec/femhundra-rummy.yaml), one predicate each: whether the clause forbids the move.
#include <algorithm>

#include "oracles/catalog_rules.h"

namespace meldcheck::oracle::rules {
namespace {

bool lays(const Context& c) {
  return c.is(MoveKind::kMeld) || c.is(MoveKind::kLayoff) || (c.is(MoveKind::kClaim) && !c.move.groups.empty());
}
bool builds(const Context& c) { return c.is(MoveKind::kLayoff) || (c.is(MoveKind::kClaim) && c.move.claim_layoff); }

// take.*: the top card, or the whole pile (two cards or more) and only after one's meld.
bool whole_take(const Context& c) {
  const int n = int(c.taken().size());
  return c.is(MoveKind::kTake) && n > 1 && n == int(c.at.pile.size());
}
bool pile_meld_layoffs(const Context& c) { return c.option("pile-meld") == "meld-or-layoff"; }

// joker.not-on-table: a joker laid now, declared as a card already on the table or laid
// with it.
bool joker_on_table_now(const Context& c) {
  if (!lays(c) || c.laid_faults().any()) return false;
  if (c.is(MoveKind::kMeld) || (c.is(MoveKind::kClaim) && !c.move.claim_layoff)) {
    for (const Reading& r : c.readings())
      if (joker_on_table(r, c.at, c.tokens())) return true;
    return false;
  }
  const PlacedMeld* m = c.at.meld(c.move.meld_id);
  Reading r;
  layoff_faults(c.text, m->cards, c.move.groups[0], &r);
  return layoff_joker_on_table(m->cards, r, c.at, c.tokens());
}

// joker.swap: only the card a joker stands for frees it.
bool swap_card(const Context& c) {
  if (!c.is(MoveKind::kSwap)) return false;
  for (const TableCard& card : c.at.meld(c.move.meld_id)->cards)
    if (card.joker && card.face == c.move.card) return false;
  return true;
}

// out.build-needs-discard: the last cards go out by building only in a turn with a new meld.
bool build_out_without_meld(const Context& c) {
  return c.is(MoveKind::kLayoff) && c.tokens().size() == c.seat().hand.size() && !c.at.melded;
}

// variant.taget: the snap takes the discard alone and builds it on a meld at once.
bool taget_use(const Context& c) {
  if (!c.is(MoveKind::kClaim)) return false;
  const std::vector<Token> use = c.tokens();
  return c.taken().size() != 1 || !c.move.claim_layoff || use.size() != 1 || use[0].face != c.at.pile.back();
}

// ---- outcomes --------------------------------------------------------------------------

// 000 "Ta upp högen" and "Straffregel": the whole pile taken owes a new meld with a pile
// card when one can be made; when none can, -50 at once and the cards stay in hand.
void take_owes(const Context& c, Position& p) {
  if (!whole_take(c)) return;
  const std::vector<Face> taken = c.taken();
  bool possible = false;
  for (const Face& f : taken) possible |= can_use(c.text, c.pool(), f, {.new_meld = true, .layoff = pile_meld_layoffs(c)}, c.at);
  if (possible) {
    p.pile_meld_due = taken;
  } else {
    Seat& me = p.seats[size_t(c.move.player)];
    me.penalty -= 50;
    me.total -= 50;
  }
}

// Variant 5: the snapper lays the discard off at once, in front of themselves; the turn
// order stays as it was.
void taget(const Context& c, Position& p) {
  p.pile.pop_back();
  build_on(c, p, c.move.meld_id, c.move.groups[0], c.move.player);
  p.offer_from = -1;
  p.offer_declined = false;
}

// 000 "Poängräkning": at 500 or more the highest total wins; on equal points the one who
// won the latest hand (match.target: tied players none of whom won it share the win).
void match_at_500(const Context& c, Position& p) {
  (void)c;
  if (std::none_of(p.seats.begin(), p.seats.end(), [](const Seat& s) { return s.total >= 500; })) return;
  std::vector<int> best = leaders(p, false);
  if (best.size() > 1 && std::find(best.begin(), best.end(), p.last_out) != best.end()) best = {p.last_out};
  p.game_over = true;
  p.winners = best;
}

}  // namespace

const RulesetRules& femhundra_rummy() {
  static const RulesetRules r{
      {
          {"first-lap", [](const Context& c) { return c.at.first_lap && lays(c); }},
          {"take.top-or-all", [](const Context& c) { return c.is(MoveKind::kTake) && c.taken().size() != 1 && !whole_take(c); }},
          {"take.whole-after-meld", [](const Context& c) { return whole_take(c) && !c.seat().opened; }},
          {"take.whole-new-meld", [](const Context& c) { return c.ends_turn() && !c.at.pile_meld_due.empty(); },
           [](const Context& c) { return unmet_after(c, {.taken_use_layoffs = true, .pile_meld_layoffs = pile_meld_layoffs(c), .out_needs_meld = true}) == Owed::kPileMeld; }},
          {"stock.reshuffle", [](const Context& c) { return c.is(MoveKind::kPass) && (!c.at.stock.empty() || !c.at.pile.empty()); }},
          {"meld.size", [](const Context& c) { return c.laid_faults().size; }},
          {"meld.shape", [](const Context& c) { return c.laid_faults().shape; }},
          {"meld.set", [](const Context& c) { return c.laid_faults().set_size; }},
          {"meld.set-suits", [](const Context& c) { return c.laid_faults().set_suits; }},
          {"meld.run", [](const Context& c) { return c.laid_faults().run; }},
          {"meld.no-corner", [](const Context& c) { return !builds(c) && c.laid_faults().corner; }},
          {"joker.declare", [](const Context& c) { return c.laid_faults().standin; }},
          {"joker.natural", [](const Context& c) { return c.laid_faults().natural; }},
          {"joker.not-on-table", joker_on_table_now},
          {"joker.swap", swap_card},
          {"build.extends", [](const Context& c) { const MeldFaults f = c.laid_faults(); return builds(c) && (f.fit || f.taken); }},
          {"build.corner", [](const Context& c) { return builds(c) && c.laid_faults().corner; }},
          {"out.build-needs-discard", build_out_without_meld},
          {"variant.taget", taget_use, nullptr, Slot::kClaimCards},
          {"variant.taget-timing", [](const Context& c) { return c.is(MoveKind::kClaim) && !c.before_next_draw(); }, nullptr, Slot::kClaimTurn},
          {"variant.taget-not-discarder", [](const Context& c) { return c.is(MoveKind::kClaim) && c.move.player == c.at.offer_from; }, nullptr, Slot::kClaimTurn},
      },
      {},
      {.refill = [](const Context&) { return Refill::kWholePile; },  // stock.reshuffle
       .take = take_owes,
       .layoff_meets_pile_meld = pile_meld_layoffs,
       .swapped_card_to_swapper = [](const Context& c) { return c.option("swapped-card-scores") == "swapper"; },
       .claim = taget,
       .claim_depth = 1,  // variant.taget: the discard alone
       .match = match_at_500,
       .first_lap = true}};
  return r;
}

}  // namespace meldcheck::oracle::rules
