#include "hunt/position_diff.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "tools/scenario.h"

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

std::vector<Face> sorted(std::vector<Face> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::string seats_text(const Position& p, const std::function<std::string(int)>& value) {
  std::string s = "{";
  for (int q = 0; q < p.players; ++q) s += (q ? ", " : " ") + player_name(q) + ": " + value(q);
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

// The meld's cards as compared: a set in a fixed order, a run as laid; builders only where
// the table has owners.
std::vector<TableCard> compared_cards(const PlacedMeld& m, bool owners) {
  std::vector<TableCard> cards = m.cards;
  if (!owners)
    for (TableCard& c : cards) c.laid_by = 0;
  if (is_set(m))
    std::sort(cards.begin(), cards.end(), [](const TableCard& a, const TableCard& b) {
      return std::tie(a.face, a.joker, a.laid_by) < std::tie(b.face, b.joker, b.laid_by);
    });
  return cards;
}

bool same_meld(const PlacedMeld& a, const PlacedMeld& b, bool owners) {
  return a.id == b.id && (!owners || a.owner == b.owner) && compared_cards(a, owners) == compared_cards(b, owners);
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

std::string phase_text(oracle::Phase ph) {
  return ph == oracle::Phase::kPlay ? "play" : ph == oracle::Phase::kRow ? "row" : "draw";
}

}  // namespace

std::optional<FactDifference> first_difference(const oracle::Game& game, const Position& e, const Position& m,
                                               Notation n) {
  const bool owners = game.ruleset != "rummikub";  // 004: the table is everyone's
  std::optional<FactDifference> found;
  // Each fact in turn: its name, both values as written, and the expectation key.
  auto fact = [&](bool differs, const std::string& name, const std::string& key, const std::string& engine,
                  const std::string& model) {
    if (found || !differs) return;
    found = FactDifference{name, engine, model, key + ": " + model + "\n"};
  };
  const int players = std::min(e.players, m.players);
  fact(e.players != m.players, "players", "players", std::to_string(e.players), std::to_string(m.players));
  fact(e.hand_over != m.hand_over, "the hand's end", "round_over", yes_no(e.hand_over), yes_no(m.hand_over));
  for (int q = 0; q < players && !found; ++q) {
    const std::vector<Face> a = sorted(e.seats[size_t(q)].hand), b = sorted(m.seats[size_t(q)].hand);
    if (a != b) found = FactDifference{"hand of " + player_name(q), faces_text(a, n), faces_text(b, n),
                                       "hand: { " + player_name(q) + ": " + faces_text(b, n) + " }\n"};
  }
  fact(e.stock.size() != m.stock.size(), "the stock's size", "stock_size", std::to_string(e.stock.size()), std::to_string(m.stock.size()));
  fact(e.stock != m.stock, "the stock's order", "stock", faces_text(e.stock, n), faces_text(m.stock, n));
  fact(e.pile != m.pile, "the discard pile", "discard", faces_text(e.pile, n), faces_text(m.pile, n));
  // The table: the first meld that differs is named, the whole table expected.
  for (size_t i = 0; i < std::max(e.table.size(), m.table.size()) && !found; ++i) {
    const bool in_e = i < e.table.size(), in_m = i < m.table.size();
    if (in_e && in_m && same_meld(e.table[i], m.table[i], owners)) continue;
    found = FactDifference{"table's meld " + std::to_string(i + 1), in_e ? meld_text(e.table[i], owners, n) : "none",
                           in_m ? meld_text(m.table[i], owners, n) : "none", "table: " + table_text(m, owners, n) + "\n"};
  }
  auto seats_fact = [&](const std::string& name, const std::string& key, auto&& value) {
    bool differs = false;
    for (int q = 0; q < players; ++q) differs |= value(e, q) != value(m, q);
    fact(differs, name, key, seats_text(e, [&](int q) { return value(e, q); }), seats_text(m, [&](int q) { return value(m, q); }));
  };
  seats_fact("the totals", "totals", [](const Position& p, int q) { return std::to_string(p.seats[size_t(q)].total); });
  seats_fact("the hand's penalties", "penalties", [](const Position& p, int q) { return std::to_string(p.seats[size_t(q)].penalty); });
  seats_fact("who has opened", "opened", [](const Position& p, int q) { return yes_no(p.seats[size_t(q)].opened); });
  if (owners)
    seats_fact("who has built on another's meld", "built_on_others",
               [](const Position& p, int q) { return yes_no(p.seats[size_t(q)].built_on_others); });
  if (e.hand_over && m.hand_over) {
    seats_fact("the hand's scores", "round_scores", [](const Position& p, int q) {
      return q < int(p.round_scores.size()) ? std::to_string(p.round_scores[size_t(q)]) : std::string("none");
    });
    fact(e.last_out != m.last_out, "who went out", "last_out", seat_text(e.last_out), seat_text(m.last_out));
    fact(e.game_over != m.game_over, "the match's end", "game_over", yes_no(e.game_over), yes_no(m.game_over));
    fact(e.winners != m.winners, "the winners", "winner", winners_text(e.winners), winners_text(m.winners));
  }
  fact(e.round != m.round, "the round", "round", std::to_string(e.round), std::to_string(m.round));
  fact(e.dealer != m.dealer, "the dealer", "dealer", seat_text(e.dealer), seat_text(m.dealer));
  fact(e.first_player != m.first_player, "the hand's first player", "first_player", seat_text(e.first_player), seat_text(m.first_player));
  fact(e.next_meld != m.next_meld, "the next meld's number", "next_meld", std::to_string(e.next_meld), std::to_string(m.next_meld));
  fact(e.rng != m.rng, "the generator", "rng", std::to_string(e.rng), std::to_string(m.rng));
  fact(e.turns != m.turns, "the turns taken", "turns", std::to_string(e.turns), std::to_string(m.turns));
  fact(e.passes != m.passes, "the passes in a row", "passes", std::to_string(e.passes), std::to_string(m.passes));
  if (e.hand_over || m.hand_over) return found;
  fact(e.to_move != m.to_move, "whose turn", "to_move", seat_text(e.to_move), seat_text(m.to_move));
  fact(e.phase != m.phase, "the phase", "phase", phase_text(e.phase), phase_text(m.phase));
  fact(e.first_lap != m.first_lap, "the first lap", "first_lap", yes_no(e.first_lap), yes_no(m.first_lap));
  if (owners)
    fact(e.offer_from != m.offer_from || (e.offer_from >= 0 && e.offer_declined != m.offer_declined), "the discard on offer",
         "offer", offer_text(e), offer_text(m));
  // The turn's books.
  // What is owed (`owed:` can say none), then the rest of the turn's books (`turn:`).
  auto books_fact = [&](const char* books, bool differs, const std::string& name, const std::string& key,
                        const std::string& engine, const std::string& model) {
    if (found || !differs) return;
    found = FactDifference{"the turn's " + name, engine, model, std::string(books) + ": { " + key + ": " + model + " }\n"};
  };
  auto owed_fact = [&](auto&&... a) { books_fact("owed", a...); };
  auto turn_fact = [&](auto&&... a) { books_fact("turn", a...); };
  owed_fact(e.must_use != m.must_use, "card owed to a meld", "must_use", face_or_none(e.must_use, n), face_or_none(m.must_use, n));
  owed_fact(e.no_discard != m.no_discard, "lone taken card", "no_discard", face_or_none(e.no_discard, n), face_or_none(m.no_discard, n));
  owed_fact(e.freed_jokers != m.freed_jokers, "freed jokers", "freed_jokers", std::to_string(e.freed_jokers), std::to_string(m.freed_jokers));
  turn_fact(sorted(e.pile_meld_due) != sorted(m.pile_meld_due), "pile cards owed to a meld", "pile_meld_due",
            faces_text(sorted(e.pile_meld_due), n), faces_text(sorted(m.pile_meld_due), n));
  turn_fact(e.melded != m.melded, "new meld", "melded", yes_no(e.melded), yes_no(m.melded));
  turn_fact(e.built != m.built, "building", "built", yes_no(e.built), yes_no(m.built));
  turn_fact(e.built_on_others != m.built_on_others, "building on another's meld", "built_on_others", yes_no(e.built_on_others),
            yes_no(m.built_on_others));
  turn_fact(e.opened_now != m.opened_now, "going down", "opened_now", yes_no(e.opened_now), yes_no(m.opened_now));
  turn_fact(e.discarded != m.discarded, "discard", "discarded", yes_no(e.discarded), yes_no(m.discarded));
  turn_fact(e.actions != m.actions, "melds, layoffs and swaps", "actions", std::to_string(e.actions), std::to_string(m.actions));
  return found;
}

}  // namespace meldcheck::hunt
