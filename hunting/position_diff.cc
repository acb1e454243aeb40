#include "hunting/position_diff.h"

#include <set>
#include <string_view>

#include <algorithm>
#include <array>
#include <vector>

#include "files/scenario.h"

namespace meldcheck::hunt {
namespace {

using oracle::PlacedMeld;
using oracle::Position;
using oracle::TableCard;

std::string yes_no(bool b) { return b ? "true" : "false"; }
std::string seat_text(int p) { return p < 0 ? "null" : player_name(p); }

std::string faces_text(const std::vector<Face>& faces, Notation n) {
  std::string s = "[";
  for (size_t i = 0; i < faces.size(); ++i) s += (i ? ", " : "") + format_face(faces[i], n);
  return s + "]";
}

std::string face_or_none(const std::optional<Face>& f, Notation n) { return f ? format_face(*f, n) : "none"; }

// The same faces as many times each, in any order.
bool same_faces(const std::vector<Face>& a, const std::vector<Face>& b) {
  if (a.size() != b.size()) return false;
  std::array<int8_t, 256> count{};
  for (const Face& f : a) ++count[f.code()];
  for (const Face& f : b)
    if (--count[f.code()] < 0) return false;
  return true;
}

std::vector<Face> sorted(std::vector<Face> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A seat's yes or no, compared as a bool and written as the scenario writes it.
struct Flag {
  bool value;
  friend bool operator!=(Flag a, Flag b) { return a.value != b.value; }
};
std::string text_of(Flag f) { return f.value ? "true" : "false"; }
std::string text_of(int v) { return std::to_string(v); }

template <class Value>
std::string seats_text(const Position& p, Value&& value) {
  std::string s = "{";
  for (int q = 0; q < p.players; ++q) s += (q ? ", " : " ") + player_name(q) + ": " + text_of(value(q));
  return s + " }";
}

std::string winners_text(const std::vector<int>& w) {
  std::string s = "[";
  for (size_t i = 0; i < w.size(); ++i) s += (i ? ", " : "") + player_name(w[i]);
  return s + "]";
}

// A meld is a set when its cards share a rank (a run never repeats one).
bool is_set(const PlacedMeld& m) {
  return std::all_of(m.cards.begin(), m.cards.end(), [&](const TableCard& c) { return c.face.rank() == m.cards[0].face.rank(); });
}

bool same_card(const TableCard& x, const TableCard& y, bool owners) {
  return x.face == y.face && x.joker == y.joker && (!owners || x.laid_by == y.laid_by);
}

bool same_meld(const PlacedMeld& a, const PlacedMeld& b, bool owners) {
  if (a.id != b.id || (owners && a.owner != b.owner) || a.cards.size() != b.cards.size()) return false;
  if (!is_set(a)) {  // a run, in order
    for (size_t i = 0; i < a.cards.size(); ++i)
      if (!same_card(a.cards[i], b.cards[i], owners)) return false;
    return true;
  }
  // A set, as a multiset: each card as often in both.
  for (const TableCard& c : a.cards) {
    const auto alike = [&](const TableCard& o) { return same_card(c, o, owners); };
    if (std::count_if(a.cards.begin(), a.cards.end(), alike) != std::count_if(b.cards.begin(), b.cards.end(), alike)) return false;
  }
  return true;
}

std::string card_text(const TableCard& c, int owner, bool owners, Notation n) {
  std::string s;
  if (c.joker) s = "JK=" + (c.face.is_rank_only() ? format_rank(c.face.rank(), n) : format_face(c.face, n));
  else s = format_face(c.face, n);
  if (owners && c.laid_by != owner) s += "@" + player_name(c.laid_by);
  return s;
}

std::string meld_text(const PlacedMeld& m, bool owners, Notation n) {
  std::string s = "{ id: m" + std::to_string(m.id);
  if (owners && m.owner >= 0) s += ", owner: " + player_name(m.owner);
  s += ", cards: [";
  for (size_t i = 0; i < m.cards.size(); ++i) s += (i ? ", " : "") + card_text(m.cards[i], m.owner, owners, n);
  return s + "] }";
}

// The whole table, as an expectation's lines.
std::string table_text(const Position& p, bool owners, Notation n) {
  if (p.table.empty()) return "[]";
  std::string s;
  for (const PlacedMeld& m : p.table) s += "\n  - " + meld_text(m, owners, n);
  return s;
}

std::string offer_text(const Position& p) {
  if (p.offer_from < 0) return "none";
  return "{ from: " + player_name(p.offer_from) + ", declined: " + yes_no(p.offer_declined) + " }";
}

// A fact of engine/position_facts.h as the oracle's Position holds it, by its codec.
std::string listed_fact_text(facts::Seat, int p) { return seat_text(p); }
std::string listed_fact_text(facts::SeatOrNone, int p) { return seat_text(p); }
std::string listed_fact_text(facts::Number, long long v) { return std::to_string(v); }
std::string listed_fact_text(facts::Word64, uint64_t v) { return std::to_string(v); }
std::string listed_fact_text(facts::Flag, bool b) { return yes_no(b); }
std::string listed_fact_text(facts::Seats, const std::vector<int>& w) { return winners_text(w); }

std::string phase_text(oracle::Phase ph) {
  return ph == oracle::Phase::kPlay ? "play" : ph == oracle::Phase::kRow ? "row" : "draw";
}
std::string listed_fact_text(facts::PhaseName, oracle::Phase ph) { return phase_text(ph); }

}  // namespace

namespace {

// The engine's position `e` and the model's `m` compared fact after fact, the first that
// differs kept. A fact's name, expectation key and written value are made only once it
// differs: comparing is the common case.
struct FactComparison {
  const Position& e;
  const Position& m;
  Notation n;
  bool owners;  // whether melds have owners (004: Rummikub's table is everyone's)
  std::optional<FactDifference> found;

  int players() const { return std::min(e.players, m.players); }
  void fact(bool differs, const char* name, const char* key, auto&& text) {
    if (found || !differs) return;
    found = FactDifference{name, text(e), text(m), std::string(key) + ": " + text(m) + "\n", name};
  }
  // A fact with a value a seat.
  void seats_fact(const char* name, const char* key, auto&& value) {
    bool differs = false;
    for (int q = 0; q < players(); ++q) differs |= value(e, q) != value(m, q);
    fact(differs, name, key, [&](const Position& p) { return seats_text(p, [&](int q) { return value(p, q); }); });
  }
  // A fact of the turn's books: `owed:` (which can say none) or `turn:`.
  void books_fact(const char* books, bool differs, const char* name, const char* key, auto&& text) {
    if (found || !differs) return;
    found = FactDifference{std::string("the turn's ") + name, text(e), text(m),
                           std::string(books) + ": { " + key + ": " + text(m) + " }\n", std::string("the turn's ") + name};
  }
};

auto number(int Position::*field) {
  return [field](const Position& p) { return std::to_string(p.*field); };
}
auto seat_of(int Position::*field) {
  return [field](const Position& p) { return seat_text(p.*field); };
}
auto flag(bool Position::*field) {
  return [field](const Position& p) { return yes_no(p.*field); };
}

// Where the cards are: the hand's end and scores (a scoring slip shows there before it
// shows in totals), the hands, the stock, the pile, the table (the first meld that differs
// named, the whole table expected).
void compare_cards(FactComparison& c) {
  const Position &e = c.e, &m = c.m;
  c.fact(e.players != m.players, "players", "players", number(&Position::players));
  c.fact(e.hand_over != m.hand_over, "the hand's end", "round_over", [](const Position& p) { return yes_no(p.hand_over); });
  if (e.hand_over && m.hand_over)
    c.seats_fact("the hand's scores", "round_scores", [](const Position& p, int q) {
      return q < int(p.round_scores.size()) ? p.round_scores[size_t(q)] : 0;
    });
  for (int q = 0; q < c.players() && !c.found; ++q) {
    if (same_faces(e.seats[size_t(q)].hand, m.seats[size_t(q)].hand)) continue;
    const std::vector<Face> a = sorted(e.seats[size_t(q)].hand), b = sorted(m.seats[size_t(q)].hand);
    c.found = FactDifference{"hand of " + player_name(q), faces_text(a, c.n), faces_text(b, c.n),
                             "hand: { " + player_name(q) + ": " + faces_text(b, c.n) + " }\n", "a hand"};
  }
  c.fact(e.stock.size() != m.stock.size(), "the stock's size", "stock_size",
         [](const Position& p) { return std::to_string(p.stock.size()); });
  c.fact(e.stock != m.stock, "the stock's order", "stock", [&](const Position& p) { return faces_text(p.stock, c.n); });
  c.fact(e.pile != m.pile, "the discard pile", "discard", [&](const Position& p) { return faces_text(p.pile, c.n); });
  for (size_t i = 0; i < std::max(e.table.size(), m.table.size()) && !c.found; ++i) {
    const bool in_e = i < e.table.size(), in_m = i < m.table.size();
    if (in_e && in_m && same_meld(e.table[i], m.table[i], c.owners)) continue;
    c.found = FactDifference{"table's meld " + std::to_string(i + 1), in_e ? meld_text(e.table[i], c.owners, c.n) : "none",
                             in_m ? meld_text(m.table[i], c.owners, c.n) : "none",
                             "table: " + table_text(m, c.owners, c.n) + "\n", "the table"};
  }
}

// The seats' books and the match's: totals, penalties, openings, who went out and won,
// the round, the dealer, the counters.
void compare_match(FactComparison& c) {
  const Position &e = c.e, &m = c.m;
  c.seats_fact("totals", "totals", [](const Position& p, int q) { return p.seats[size_t(q)].total; });
  c.seats_fact("penalties this hand", "penalties", [](const Position& p, int q) { return p.seats[size_t(q)].penalty; });
  c.seats_fact("who has opened", "opened", [](const Position& p, int q) { return Flag{p.seats[size_t(q)].opened}; });
  if (c.owners)
    c.seats_fact("who has built on another's meld", "built_on_others",
                 [](const Position& p, int q) { return Flag{p.seats[size_t(q)].built_on_others}; });
  if (e.hand_over && m.hand_over) {
    c.fact(e.last_out != m.last_out, "who went out", "last_out", seat_of(&Position::last_out));
    c.fact(e.game_over != m.game_over, "the match's end", "game_over", [](const Position& p) { return yes_no(p.game_over); });
    c.fact(e.winners != m.winners, "the winners", "winner", [](const Position& p) { return winners_text(p.winners); });
  }
  c.fact(e.round != m.round, "the round", "round", number(&Position::round));
  c.fact(e.dealer != m.dealer, "the dealer", "dealer", seat_of(&Position::dealer));
  c.fact(e.first_player != m.first_player, "the hand's first player", "first_player", seat_of(&Position::first_player));
  c.fact(e.next_meld != m.next_meld, "the next meld's number", "next_meld", number(&Position::next_meld));
  c.fact(e.rng != m.rng, "the generator", "rng", [](const Position& p) { return std::to_string(p.rng); });
  c.fact(e.turns != m.turns, "the turns taken", "turns", number(&Position::turns));
  c.fact(e.passes != m.passes, "the passes in a row", "passes", number(&Position::passes));
}

// A hand still going: whose turn, its phase, the offer, what is owed and the turn's books,
// and any fact of engine/position_facts.h not named here (one added since).
void compare_turn(FactComparison& c) {
  const Position &e = c.e, &m = c.m;
  const Notation n = c.n;
  c.fact(e.to_move != m.to_move, "whose turn", "to_move", seat_of(&Position::to_move));
  c.fact(e.phase != m.phase, "the phase", "phase", [](const Position& p) { return phase_text(p.phase); });
  c.fact(e.first_lap != m.first_lap, "the first lap", "first_lap", [](const Position& p) { return yes_no(p.first_lap); });
  if (c.owners)
    c.fact(e.offer_from != m.offer_from || (e.offer_from >= 0 && e.offer_declined != m.offer_declined), "the discard on offer",
           "offer", [](const Position& p) { return offer_text(p); });
  c.books_fact("owed", e.must_use != m.must_use, "card owed to a meld", "must_use",
               [&](const Position& p) { return face_or_none(p.must_use, n); });
  c.books_fact("owed", e.no_discard != m.no_discard, "lone taken card", "no_discard",
               [&](const Position& p) { return face_or_none(p.no_discard, n); });
  c.books_fact("owed", e.freed_jokers != m.freed_jokers, "freed jokers", "freed_jokers", number(&Position::freed_jokers));
  c.books_fact("turn", !same_faces(e.pile_meld_due, m.pile_meld_due), "pile cards owed to a meld", "pile_meld_due",
               [&](const Position& p) { return faces_text(sorted(p.pile_meld_due), n); });
  c.books_fact("turn", e.melded != m.melded, "new meld", "melded", flag(&Position::melded));
  c.books_fact("turn", e.built != m.built, "building", "built", flag(&Position::built));
  c.books_fact("turn", e.built_on_others != m.built_on_others, "building on another's meld", "built_on_others",
               flag(&Position::built_on_others));
  c.books_fact("turn", e.opened_now != m.opened_now, "going down", "opened_now", flag(&Position::opened_now));
  c.books_fact("turn", e.discarded != m.discarded, "discard", "discarded", flag(&Position::discarded));
  c.books_fact("turn", e.actions != m.actions, "melds, layoffs and swaps", "actions", number(&Position::actions));
  static const std::set<std::string_view> named = {"to_move",   "first_player", "dealer", "phase",     "round",
                                                   "first_lap", "hand_over",    "game_over", "winner", "last_out",
                                                   "passes",    "next_meld",    "turns",  "rng"};
#define MELDCHECK_DIFFERENT_FACT(type, member, initial, key, expect_key, codec, told) \
  if (!named.contains(key))                                                    \
    c.fact(e.member != m.member, key, expect_key, [](const Position& p) { return listed_fact_text(facts::codec{}, p.member); });
  MELDCHECK_POSITION_FACTS(MELDCHECK_DIFFERENT_FACT)
#undef MELDCHECK_DIFFERENT_FACT
}

}  // namespace

std::optional<FactDifference> first_difference(const oracle::Game& game, const Position& e, const Position& m,
                                               Notation n) {
  FactComparison c{.e = e, .m = m, .n = n, .owners = game.ruleset != "rummikub", .found = std::nullopt};
  compare_cards(c);
  compare_match(c);
  if (!e.hand_over && !m.hand_over) compare_turn(c);
  return c.found;
}

}  // namespace meldcheck::hunt
