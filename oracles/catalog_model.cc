// The reference model: the position after a legal move, worked out from the position
// before it and the move alone, as the texts and the readings of spec/ say. What every
// ruleset shares is here; where the texts differ, each ruleset's file answers the parts
// of its Outcomes (catalog_rules.h). It keeps its own books: nothing here reads what an
// engine recorded.
#include <algorithm>
#include <stdexcept>

#include "oracles/catalog.h"
#include "oracles/catalog_rules.h"
#include "oracles/configuration.h"
#include "oracles/deal_oracle.h"
#include "oracles/generator.h"

namespace meldcheck::oracle {
namespace rules {
namespace {

constexpr int kTurnBound = 1000;  // every ruleset's safety.turn-limit

const Outcomes& outcomes_of(const Context& c) { return c.rules->outcomes; }

bool free_table(const Context& c) { return c.game.ruleset == "rummikub"; }  // 004: a turn is one step

// Removes one card of each face from the hand (the move is legal: they are there).
void take_out(std::vector<Face>& hand, const std::vector<Face>& faces) { hand = without(std::move(hand), faces); }

// The stock made again from the pile, as the ruleset does it (the contract's shuffle of the
// cards concerned, oldest first, with the generator carried on).
void refill(const Context& c, Position& p) {
  const Outcomes& o = outcomes_of(c);
  if (!p.stock.empty() || !o.refill) return;
  const Refill how = o.refill(c);
  size_t n = 0;
  if (how == Refill::kWholePile && p.pile.size() >= 2) n = p.pile.size();
  if (how == Refill::kBelowTop && p.pile.size() >= 2) n = p.pile.size() - 1;
  if (n == 0) return;
  std::vector<Face> cards(p.pile.begin(), p.pile.begin() + long(n));
  Generator g(p.rng);
  shuffle(cards, g);
  p.rng = g.state;
  p.pile.erase(p.pile.begin(), p.pile.begin() + long(n));
  p.stock = cards;
  if (how == Refill::kWholePile) {  // the new stock's top card is turned up
    p.pile.push_back(p.stock.front());
    p.stock.erase(p.stock.begin());
    p.offer_from = -1;
    p.offer_declined = false;
  }
}

// Who laid each card of a meld after building: the cards that were there keep their
// builders (a run's by their places, a set's as alike cards may be), the new ones are
// `builder`'s.
TableMeld with_builders(const TableMeld& was, const TableMeld& now, int builder) {
  std::vector<TableCard> unplaced = was;  // the old cards the reading gave no place to
  for (const TableCard& card : now)
    if (card.laid_by != kNewCard)
      if (auto it = std::find(unplaced.begin(), unplaced.end(), card); it != unplaced.end()) unplaced.erase(it);
  TableMeld out = now;
  for (TableCard& card : out) {
    if (card.laid_by != kNewCard) continue;
    card.laid_by = builder;
    for (auto it = unplaced.begin(); it != unplaced.end(); ++it)
      if (it->face == card.face && it->joker == card.joker) {
        card.laid_by = it->laid_by;
        unplaced.erase(it);
        break;
      }
  }
  return out;
}

// A swap: the natural card takes the place of the joker standing for it; the joker goes
// to the swapper's hand.
void swap_joker(const Context& c, Position& p) {
  const Outcomes& o = outcomes_of(c);
  const Face card = c.move.card;
  for (PlacedMeld& m : p.table) {
    if (m.id != c.move.meld_id) continue;
    for (TableCard& t : m.cards)
      if (t.joker && (t.face == card || t.face == Face::rank_only(card.rank()))) {
        const bool to_swapper = o.swapped_card_to_swapper && o.swapped_card_to_swapper(c);
        t = TableCard{card, false, to_swapper ? c.move.player : t.laid_by};
        break;
      }
  }
  std::vector<Face>& hand = p.seats[size_t(c.move.player)].hand;
  take_out(hand, {card});
  hand.push_back(Face::joker());
  forget_laid(c, p, {card});
  ++p.actions;
  if (o.freed_joker_owed && o.freed_joker_owed(c)) ++p.freed_jokers;
}

// Rummikub's arrange: the table as written, every set read as the text reads it.
void arrange(const Context& c, Position& p) {
  std::vector<Face> old_table;
  for (const PlacedMeld& m : c.at.table)
    for (const TableCard& t : m.cards) old_table.push_back(t.joker ? Face::joker() : t.face);
  std::vector<Face> from_rack = faces_of(c.tokens());
  take_out(from_rack, old_table);  // what is left came from the rack
  Seat& me = p.seats[size_t(c.move.player)];
  take_out(me.hand, from_rack);
  p.table.clear();
  int id = 1;
  for (const auto& group : c.move.groups) {
    Reading r;
    meld_faults(c.text, group, false, &r);
    for (TableCard& t : r.cards) t.laid_by = c.move.player;
    p.table.push_back({id++, -1, r.cards});
  }
  p.next_meld = id;
  me.opened = true;
  p.passes = 0;
  if (me.hand.empty()) end_hand(c, p, c.move.player);
  else pass_turn(c, p, c.move.player);
}

// The next hand (or the match's first): dealt by the rules, the deal passing on.
Position new_hand(const Game& g, const Outcomes& o, const Position* before, int players, uint64_t seed, int dealer) {
  const int round = before ? before->round + 1 : 1;
  const Deal d = deal(g.ruleset, g.variants, g.options, players, seed, dealer, round);
  Position p;
  p.players = players;
  p.dealer = dealer;
  p.first_player = p.to_move = (dealer + 1) % players;
  p.phase = o.first_phase;
  p.round = round;
  p.first_lap = o.first_lap;
  p.last_out = before ? before->last_out : -1;
  p.rng = d.rng;
  p.round_scores.assign(size_t(players), 0);
  for (int q = 0; q < players; ++q) {
    Seat s;
    s.hand = d.hands[size_t(q)];
    s.total = before ? before->seats[size_t(q)].total : 0;
    p.seats.push_back(s);
  }
  p.stock = d.stock;
  p.pile = d.upcard;
  if (!p.pile.empty()) p.offer_from = dealer;  // the upcard is offered as the dealer's discard
  return p;
}

}  // namespace

void clear_turn(Position& p) {
  p.must_use.reset();
  p.no_discard.reset();
  p.pile_meld_due.clear();
  p.freed_jokers = 0;
  p.melded = p.built = p.built_on_others = p.opened_now = p.discarded = false;
  p.actions = 0;
}

void pass_turn(const Context& c, Position& p, int from) {
  ++p.turns;
  p.to_move = (from + 1) % p.players;
  p.phase = Phase::kDraw;
  clear_turn(p);
  if (p.first_lap && p.to_move == p.first_player) p.first_lap = false;  // 000 "Spelets förlopp"
  if (p.turns >= kTurnBound) end_hand(c, p, -1);
}

void end_hand(const Context& c, Position& p, int out) {
  const Outcomes& o = outcomes_of(c);
  p.hand_over = true;
  FinishedHand h;
  h.players = p.players;
  for (const Seat& s : p.seats) {
    h.hands.push_back(s.hand);
    h.penalties.push_back(s.penalty);
  }
  for (const PlacedMeld& m : p.table) h.table.push_back(m.cards);
  h.out = out;
  h.out_by_discard = c.is(MoveKind::kDiscard);
  h.out_built_on_others_this_turn = p.built_on_others;
  h.out_built_on_others_this_hand = out >= 0 && p.seats[size_t(out)].built_on_others;
  h.out_went_down_this_turn = p.opened_now;
  h.out_actions_this_turn = p.actions;
  h.last_round = o.last_round && o.last_round(c);
  h.ended_by = c.move.player;
  p.round_scores = hand_scores(h, c.game.ruleset, c.game.variants, c.game.options);
  // The totals hold this hand's penalties already, and so do its scores.
  for (int q = 0; q < p.players; ++q) p.seats[size_t(q)].total += p.round_scores[size_t(q)] - p.seats[size_t(q)].penalty;
  p.last_out = out;
  if (o.match) o.match(c, p);
}

void hand_laid_out(const Context& c, Position& p) {
  const Outcomes& o = outcomes_of(c);
  if (o.floats && o.floats(c)) pass_turn(c, p, c.move.player);
  else end_hand(c, p, c.move.player);
}

void lay_new_melds(const Context& c, Position& p, const std::vector<Reading>& melds, int owner) {
  (void)c;
  for (const Reading& r : melds) {
    TableMeld cards = r.cards;
    for (TableCard& t : cards) t.laid_by = owner;
    p.table.push_back({p.next_meld++, owner, cards});
  }
}

void build_on(const Context& c, Position& p, int id, const std::vector<Token>& cards, int builder) {
  for (PlacedMeld& m : p.table) {
    if (m.id != id) continue;
    Reading r;
    layoff_faults(c.text, m.cards, cards, &r);
    m.cards = with_builders(m.cards, r.cards, builder);
    if (m.owner != builder) p.seats[size_t(builder)].built_on_others = true;
  }
}

// What the turn still owes once `laid` has left the mover's hand: the pile cards owed are
// those still held; a card of the lone taken card's face laid is the taken one
// (take.lone-card: it goes down first).
void forget_laid(const Context& c, Position& p, const std::vector<Face>& laid) {
  std::vector<Face> held, hand = p.seats[size_t(c.move.player)].hand;
  for (const Face& f : p.pile_meld_due)
    if (holds(hand, {f})) {
      held.push_back(f);
      take_out(hand, {f});
    }
  p.pile_meld_due = held;
  if (p.no_discard && std::find(laid.begin(), laid.end(), *p.no_discard) != laid.end()) p.no_discard.reset();
}

void note_laid(const Context& c, Position& p, bool new_meld, bool on_others) {
  const Outcomes& o = outcomes_of(c);
  const std::vector<Face> laid = faces_of(c.tokens());
  const auto lays = [&](Face f) { return std::find(laid.begin(), laid.end(), f) != laid.end(); };
  const bool use_met = new_meld || !o.layoff_meets_taken_use || o.layoff_meets_taken_use(c);
  const bool pile_met = new_meld || (o.layoff_meets_pile_meld && o.layoff_meets_pile_meld(c));
  if (p.must_use && use_met && lays(*p.must_use)) p.must_use.reset();
  if (pile_met && std::any_of(p.pile_meld_due.begin(), p.pile_meld_due.end(), lays)) p.pile_meld_due.clear();
  forget_laid(c, p, laid);
  const int jokers = int(std::count(laid.begin(), laid.end(), Face::joker()));
  p.freed_jokers = std::max(0, p.freed_jokers - jokers);
  (new_meld ? p.melded : p.built) = true;
  if (on_others) p.built_on_others = true;
  ++p.actions;
}

void draw_from_stock(const Context& c, Position& p, int player) {
  refill(c, p);
  p.seats[size_t(player)].hand.push_back(p.stock.front());
  p.stock.erase(p.stock.begin());
  refill(c, p);  // as the last stock card is drawn
}

std::vector<int> leaders(const Position& p, bool lowest) {
  int best = p.seats[0].total;
  for (const Seat& s : p.seats) best = lowest ? std::min(best, s.total) : std::max(best, s.total);
  std::vector<int> out;
  for (int q = 0; q < p.players; ++q)
    if (p.seats[size_t(q)].total == best) out.push_back(q);
  return out;
}

}  // namespace rules

Position Catalog::dealt(int players, uint64_t seed, int dealer) const {
  if (!rules_) throw std::invalid_argument("the reference model knows no ruleset " + game_.ruleset);
  return rules::new_hand(game_, rules_->outcomes, nullptr, players, seed, dealer);
}

Position Catalog::next(const Position& before, const Move& move) const {
  Position p;
  next(before, move, p);
  return p;
}

void Catalog::next(const Position& before, const Move& move, Position& p) const {
  using namespace rules;
  if (!rules_) throw std::invalid_argument("the reference model knows no ruleset " + game_.ruleset);
  const Context c{game_, before, move, text_, rules_};
  const Outcomes& o = rules_->outcomes;
  if (move.kind == MoveKind::kNextHand) {
    p = new_hand(game_, o, &before, before.players, move.seed, (before.dealer + 1) % before.players);
    return;
  }
  p = before;
  Seat& me = p.seats[size_t(move.player)];
  switch (move.kind) {
    case MoveKind::kDraw:
      draw_from_stock(c, p, move.player);
      p.passes = 0;
      if (free_table(c)) {
        pass_turn(c, p, move.player);  // 004: drawing is the whole turn
      } else {
        if (p.offer_from >= 0) p.offer_declined = true;  // the discard on offer was passed up
        p.phase = Phase::kPlay;
      }
      break;
    case MoveKind::kTake: {
      const std::vector<Face> taken = c.taken();
      p.pile.resize(p.pile.size() - taken.size());
      me.hand.insert(me.hand.end(), taken.begin(), taken.end());
      clear_turn(p);
      p.offer_from = -1;
      p.offer_declined = false;
      p.passes = 0;
      p.phase = Phase::kPlay;
      if (o.take) o.take(c, p);
      break;
    }
    case MoveKind::kMeld:
      me.hand = c.hand_left();
      lay_new_melds(c, p, c.readings(), move.player);
      if (!me.opened) me.opened = p.opened_now = true;
      note_laid(c, p, true, false);
      if (me.hand.empty()) hand_laid_out(c, p);
      break;
    case MoveKind::kLayoff: {
      me.hand = c.hand_left();
      const bool on_others = before.meld(move.meld_id)->owner != move.player;
      build_on(c, p, move.meld_id, move.groups[0], move.player);
      note_laid(c, p, false, on_others);
      if (me.hand.empty()) hand_laid_out(c, p);
      break;
    }
    case MoveKind::kSwap:
      swap_joker(c, p);
      break;
    case MoveKind::kDiscard:
      take_out(me.hand, {move.card});
      p.pile.push_back(move.card);
      if (before.phase == Phase::kRow) {  // 001 "Given": one card each, round to the first player
        p.to_move = (move.player + 1) % p.players;
        if (p.to_move == p.first_player) p.phase = Phase::kDraw;
        break;
      }
      p.offer_from = move.player;
      p.offer_declined = false;
      p.discarded = true;
      if (me.hand.empty()) end_hand(c, p, move.player);
      else pass_turn(c, p, move.player);
      break;
    case MoveKind::kArrange:
      arrange(c, p);
      break;
    case MoveKind::kPass:
      if (before.phase == Phase::kPlay) {  // 003's last round with nobody discarding
        pass_turn(c, p, move.player);
        break;
      }
      ++p.passes;
      if (!o.pass_ends_hand || o.pass_ends_hand(c, p.passes)) end_hand(c, p, -1);
      else pass_turn(c, p, move.player);
      break;
    case MoveKind::kTimeout: {
      // 004 "Så spelar man": the table as it was, three penalty tiles from the pool.
      size_t n = std::min<size_t>(3, p.stock.size());
      if (p.stock.size() < 3 && c.option("short-penalty") == "no-penalty") n = 0;
      me.hand.insert(me.hand.end(), p.stock.begin(), p.stock.begin() + long(n));
      p.stock.erase(p.stock.begin(), p.stock.begin() + long(n));
      p.passes = 0;
      pass_turn(c, p, move.player);
      break;
    }
    case MoveKind::kClaim:
      if (o.claim) o.claim(c, p);
      break;
    case MoveKind::kNextHand: break;
  }
}

}  // namespace meldcheck::oracle
