#include "hunting/oracle_views.h"

namespace meldcheck::hunt {

oracle::Game game_of(const Config& config) {
  oracle::Game g{.ruleset = config.ruleset, .variants = config.variants, .options = config.options};
  for (const Clause& c : config.rules.catalog) {
    g.clauses.push_back(c.id);
    if (!c.events.empty()) g.clause_events[c.id] = c.events;
  }
  return g;
}

namespace {

// Each fact of engine/position_facts.h as the oracle's Position holds it.
void view(facts::Seat, uint8_t v, int& out) { out = v; }
void view(facts::SeatOrNone, uint8_t v, int& out) { out = v == kNoPlayer ? -1 : v; }
void view(facts::Number, int v, int& out) { out = v; }
void view(facts::Flag, bool v, bool& out) { out = v; }
void view(facts::Word64, uint64_t v, uint64_t& out) { out = v; }
void view(facts::PhaseName, Phase v, oracle::Phase& out) {
  out = v == Phase::kPlay ? oracle::Phase::kPlay : v == Phase::kRow ? oracle::Phase::kRow : oracle::Phase::kDraw;
}
void view(facts::Seats, uint8_t bits, std::vector<int>& out) {
  out.clear();
  for (int q = 0; q < 8; ++q)
    if ((bits >> q) & 1) out.push_back(q);
}

}  // namespace

oracle::Position position_of(const GameState& s) {
  oracle::Position p;
  position_of(s, p);
  return p;
}

void position_of(const GameState& s, oracle::Position& p) {
  p.players = s.num_players;
#define MELDCHECK_VIEW_FACT(type, member, initial, key, expect_key, codec, told) view(facts::codec{}, s.member, p.member);
  MELDCHECK_POSITION_FACTS(MELDCHECK_VIEW_FACT)
#undef MELDCHECK_VIEW_FACT
  p.round_scores.assign(s.round_scores.begin(), s.round_scores.begin() + s.num_players);
  p.seats.resize(s.num_players);
  for (int q = 0; q < s.num_players; ++q) {
    const PlayerState& ps = s.players[q];
    oracle::Seat& seat = p.seats[size_t(q)];
    seat.hand.clear();
    seat.hand.reserve(size_t(ps.hand.size()));
    for (Card c : ps.hand) seat.hand.push_back(face_of(c));
    seat.total = ps.total;
    seat.penalty = ps.penalty;
    seat.opened = ps.opened;
    seat.built_on_others = ps.built_on_others;
  }
  p.stock.clear();
  p.stock.reserve(size_t(s.stock.size()));
  for (int i = s.stock.size(); i-- > 0;) p.stock.push_back(face_of(s.stock.at(i)));
  p.pile.clear();
  for (Card c : s.discard.cards()) p.pile.push_back(face_of(c));
  p.table.resize(s.table.count);
  for (int k = 0; k < s.table.count; ++k) {
    const Meld& m = s.table.melds[k];
    oracle::PlacedMeld& pm = p.table[size_t(k)];
    pm.id = m.id;
    pm.owner = m.owner == kNoPlayer ? -1 : m.owner;
    pm.cards.clear();
    pm.cards.reserve(size_t(m.shape.size));
    for (int i = 0; i < m.shape.size; ++i) pm.cards.push_back({m.shape.faces[i], m.shape.joker(i), m.builders[i]});
  }
  p.offer_from = s.offer.from == kNoPlayer ? -1 : s.offer.from;
  p.offer_declined = s.offer.declined;
  const TurnFacts& t = s.turn;
  p.must_use.reset();
  p.no_discard.reset();
  if (t.must_use != kNoCard) p.must_use = face_of(t.must_use);
  if (t.no_discard != kNoCard) p.no_discard = face_of(t.no_discard);
  p.pile_meld_due.clear();
  for (Card c : t.pile_meld_due) p.pile_meld_due.push_back(face_of(c));
  p.freed_jokers = t.freed_jokers.size();
  p.melded = t.melded;
  p.built = t.built;
  p.built_on_others = t.built_on_others;
  p.opened_now = t.opened_now;
  p.discarded = t.discarded;
  p.actions = t.actions;
}

oracle::Move move_of(const Action& a) {
  oracle::Move m;
  move_of(a, m);
  return m;
}

void move_of(const Action& a, oracle::Move& m) {
  switch (a.kind) {
    case ActionKind::kDraw: m.kind = oracle::MoveKind::kDraw; break;
    case ActionKind::kTake: m.kind = oracle::MoveKind::kTake; break;
    case ActionKind::kMeld: m.kind = oracle::MoveKind::kMeld; break;
    case ActionKind::kLayoff: m.kind = oracle::MoveKind::kLayoff; break;
    case ActionKind::kSwap: m.kind = oracle::MoveKind::kSwap; break;
    case ActionKind::kDiscard: m.kind = oracle::MoveKind::kDiscard; break;
    case ActionKind::kArrange: m.kind = oracle::MoveKind::kArrange; break;
    case ActionKind::kPass: m.kind = oracle::MoveKind::kPass; break;
    case ActionKind::kTimeout: m.kind = oracle::MoveKind::kTimeout; break;
    case ActionKind::kClaim: m.kind = oracle::MoveKind::kClaim; break;
    case ActionKind::kNextHand: m.kind = oracle::MoveKind::kNextHand; break;
  }
  m.player = a.player;
  m.take_count = 0;
  m.take_all = false;
  m.take_down_to.reset();
  switch (a.take.kind) {
    case TakeSpec::Kind::kCount: m.take_count = a.take.count; break;
    case TakeSpec::Kind::kAll: m.take_all = true; break;
    case TakeSpec::Kind::kDownTo: m.take_down_to = a.take.face; break;
    case TakeSpec::Kind::kNone: break;
  }
  m.groups.resize(size_t(a.cards.groups()));
  for (int g = 0; g < a.cards.groups(); ++g) {
    const auto group = a.cards.group(g);
    m.groups[size_t(g)].assign(group.begin(), group.end());
  }
  m.meld_id = a.meld_id;
  m.claim_layoff = a.claim_layoff;
  m.card = a.card;
  m.seed = a.seed;
}

Action action_of(const oracle::Move& m) {
  Action a;
  switch (m.kind) {
    case oracle::MoveKind::kDraw: a.kind = ActionKind::kDraw; break;
    case oracle::MoveKind::kTake: a.kind = ActionKind::kTake; break;
    case oracle::MoveKind::kMeld: a.kind = ActionKind::kMeld; break;
    case oracle::MoveKind::kLayoff: a.kind = ActionKind::kLayoff; break;
    case oracle::MoveKind::kSwap: a.kind = ActionKind::kSwap; break;
    case oracle::MoveKind::kDiscard: a.kind = ActionKind::kDiscard; break;
    case oracle::MoveKind::kArrange: a.kind = ActionKind::kArrange; break;
    case oracle::MoveKind::kPass: a.kind = ActionKind::kPass; break;
    case oracle::MoveKind::kTimeout: a.kind = ActionKind::kTimeout; break;
    case oracle::MoveKind::kClaim: a.kind = ActionKind::kClaim; break;
    case oracle::MoveKind::kNextHand: a.kind = ActionKind::kNextHand; break;
  }
  a.player = uint8_t(m.player);
  if (m.take_all) {
    a.take.kind = TakeSpec::Kind::kAll;
  } else if (m.take_down_to) {
    a.take.kind = TakeSpec::Kind::kDownTo;
    a.take.face = *m.take_down_to;
  } else if (m.take_count > 0) {
    a.take.kind = TakeSpec::Kind::kCount;
    a.take.count = uint8_t(m.take_count);
  }
  for (const auto& g : m.groups) {
    a.cards.open_group();
    for (const Token& t : g) a.cards.add(t);
  }
  a.meld_id = uint8_t(m.meld_id);
  a.claim_layoff = m.claim_layoff;
  a.card = m.card;
  a.seed = m.seed;
  return a;
}

}  // namespace meldcheck::hunt
