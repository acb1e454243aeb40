// Rummikub's clauses (../shared/rules/004_3729e45c9ab6f2f5.txt, spec/rummikub.yaml), one
// predicate each: whether the clause forbids the move. A turn is one step; an arrange step
// gives the whole table after it.
#include <algorithm>

#include "oracles/catalog_rules.h"
#include "oracles/rummikub_oracle.h"

namespace meldcheck::oracle::rules {
namespace {

constexpr int kOpeningPoints = 30;  // opening.points

std::vector<Face> table_tiles(const Position& at) {
  std::vector<Face> out;
  for (const PlacedMeld& m : at.table)
    for (const TableCard& t : m.cards) out.push_back(t.joker ? Face::joker() : t.face);
  return out;
}

// How many of each face a list holds.
std::vector<int> counts(const std::vector<Face>& faces) {
  std::vector<int> n(kFaces + 1, 0);
  for (const Face& f : faces) ++n[f.is_joker() ? kFaces : f.code()];
  return n;
}

// arrange.table-stays: every tile of the old table is on the new one.
bool tile_left_table(const Context& c) {
  if (!c.is(MoveKind::kArrange)) return false;
  const std::vector<int> now = counts(faces_of(c.tokens())), before = counts(table_tiles(c.at));
  for (size_t f = 0; f < now.size(); ++f)
    if (now[f] < before[f]) return true;
  return false;
}

// arrange.rack-tile: at least one tile comes from the rack.
bool no_rack_tile(const Context& c) {
  if (!c.is(MoveKind::kArrange)) return false;
  const std::vector<int> now = counts(faces_of(c.tokens())), before = counts(table_tiles(c.at));
  for (size_t f = 0; f < now.size(); ++f)
    if (now[f] > before[f]) return false;
  return true;
}

bool same_tiles(const TableMeld& a, const TableMeld& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].face != b[i].face || a[i].joker != b[i].joker) return false;
  return true;
}

// A set of an arrangement as the clauses before notation.standin read it: each joker stands
// for what its stand-in names (a whole tile; a number alone, in any colour; bare, any
// tile), and `readings` are the ways this makes the set valid. Written as the rules want,
// that is the one way it is written; where the stand-ins leave it open or say too little,
// notation.standin fails and the earlier clauses fail only however it is read. A set no
// reading makes valid breaks the set clauses of its tiles as named.
struct SetRead {
  MeldFaults faults;
  std::vector<Reading> readings;
};

// Whether a set breaks a set clause of its own (anything but how its jokers are named).
bool set_clause_fault(MeldFaults f) {
  f.standin = false;
  return f.any();
}

SetRead read_set(const Context& c, const std::vector<Token>& tokens) {
  SetRead out;
  Reading written;
  out.faults = meld_faults(c.text, tokens, false, &written);
  if (!out.faults.any()) {
    out.readings.push_back(written);
    return out;
  }
  std::vector<size_t> jokers;
  std::vector<Face> naturals;
  for (size_t i = 0; i < tokens.size(); ++i) (tokens[i].face.is_joker() ? jokers.push_back(i) : naturals.push_back(tokens[i].face));
  if (jokers.empty() || naturals.empty()) return out;
  // A joker of a group is a tile of the number every natural has, one of a run a tile of
  // the colour they all have: no other naming makes a set.
  auto all_alike = [&](auto&& of) {
    return std::all_of(naturals.begin(), naturals.end(), [&](Face n) { return of(n) == of(naturals[0]); });
  };
  const bool group = all_alike([](Face n) { return n.rank(); }), run = all_alike([](Face n) { return n.suit(); });
  auto could_be = [&](const Token& t, Face f) {
    const bool fits = (group && f.rank() == naturals[0].rank()) || (run && f.suit() == naturals[0].suit());
    const Face w = t.standin;
    return fits && (w.is_none() || w == f || (w.is_rank_only() && w.rank() == f.rank()));
  };
  std::vector<Token> named = tokens;
  auto each = [&](auto&& self, size_t j) -> void {
    if (j == jokers.size()) {
      Reading r;
      if (meld_faults(c.text, named, false, &r).any()) return;
      for (const Reading& seen : out.readings)
        if (same_tiles(seen.cards, r.cards)) return;
      out.readings.push_back(r);
      return;
    }
    for (int suit = 0; suit < kSuits; ++suit)
      for (int rank = 1; rank <= kRanks; ++rank) {
        const Face f = Face::natural(suit, rank);
        if (!could_be(tokens[jokers[j]], f)) continue;
        named[jokers[j]].standin = f;
        self(self, j + 1);
      }
  };
  each(each, 0);
  if (!out.readings.empty()) {
    out.faults = MeldFaults{};
    out.faults.standin = true;
    return out;
  }
  // As named: a named joker is the tile it names (a number alone in the first tile's
  // colour); a bare one stays bare.
  for (size_t j : jokers) {
    const Face w = tokens[j].standin;
    if (w.is_natural()) named[j] = Token{w};
    else if (w.is_rank_only()) named[j] = Token{Face::natural(naturals[0].suit(), w.rank())};
    else named[j] = tokens[j];
  }
  const MeldFaults as_named = meld_faults(c.text, named, false);
  if (set_clause_fault(as_named)) out.faults = as_named;
  return out;
}

// The arrangement's sets as read, and their faults together.
struct Arranged {
  MeldFaults faults;
  std::vector<SetRead> sets;
};
const Arranged& arranged(const Context& c) {
  if (const Arranged* read = std::any_cast<Arranged>(&c.ruleset_reading_)) return *read;  // every set clause asks
  Arranged a;
  for (const auto& g : c.move.groups) {
    a.sets.push_back(read_set(c, g));
    a.faults |= a.sets.back().faults;
  }
  c.ruleset_reading_ = std::move(a);
  return *std::any_cast<Arranged>(&c.ruleset_reading_);
}
MeldFaults set_faults(const Context& c) { return c.is(MoveKind::kArrange) ? arranged(c).faults : c.laid_faults(); }

// An initial meld, every way its sets may be read: whether some reading leaves the old
// sets as they were, and whether some reading makes what the rack lays worth the 30 - its
// tiles' numbers, a joker the number it stands for. The rack's jokers are those the table
// did not hold: in the new sets when the old ones stay; on a table rearranged, which they
// are cannot be told, and the best are counted.
struct Opening {
  bool old_sets_kept = false;
  bool points_reached = false;
};
Opening opening(const Context& c) {
  Opening o;
  const Arranged& a = arranged(c);
  const std::vector<int> now = counts(faces_of(c.tokens())), before = counts(table_tiles(c.at));
  int rack_numbers = 0;
  for (int f = 0; f < kFaces; ++f) rack_numbers += std::max(0, now[size_t(f)] - before[size_t(f)]) * Face::from_code(uint8_t(f)).rank();
  const int rack_jokers = std::max(0, now[kFaces] - before[kFaces]);
  std::vector<const Reading*> chosen(a.sets.size());
  auto each = [&](auto&& self, size_t g) -> void {
    if (g < a.sets.size()) {
      for (const Reading& r : a.sets[g].readings) {
        chosen[g] = &r;
        self(self, g + 1);
      }
      return;
    }
    std::vector<bool> matched(chosen.size(), false);
    bool kept = true;
    for (const PlacedMeld& m : c.at.table) {
      bool found = false;
      for (size_t i = 0; i < chosen.size() && !found; ++i)
        if (!matched[i] && same_tiles(chosen[i]->cards, m.cards)) matched[i] = found = true;
      kept &= found;
    }
    std::vector<int> jokers;
    for (size_t i = 0; i < chosen.size(); ++i)
      if (!kept || !matched[i])
        for (const TableCard& t : chosen[i]->cards)
          if (t.joker) jokers.push_back(t.face.rank());  // what it stands for
    std::sort(jokers.rbegin(), jokers.rend());
    int points = rack_numbers;
    for (size_t j = 0; j < jokers.size() && int(j) < rack_jokers; ++j) points += jokers[j];
    o.old_sets_kept |= kept;
    o.points_reached |= points >= kOpeningPoints;
  };
  each(each, 0);
  return o;
}
bool opening_applies(const Context& c) { return c.is(MoveKind::kArrange) && !c.seat().opened && !set_clause_fault(arranged(c).faults); }

// pool.empty: passing is for an empty pool, and for a player who cannot lay a tile: before
// the initial meld, no sets of the rack worth the opening's points; after it, no rack tile
// that can join the table with every table tile kept in valid sets.
bool can_lay_a_tile(const Context& c) {
  const std::vector<Face>& rack = c.seat().hand;
  if (!c.seat().opened) return best_opening_points(rack) >= kOpeningPoints;
  return can_place_some(table_tiles(c.at), rack);
}

// ---- outcomes --------------------------------------------------------------------------

// pool.stuck: the first player who cannot play ends the round (option empty-pool: when
// nobody can, every player having passed in a row).
bool stuck_ends(const Context& c, int passes) { return c.option("empty-pool") != "all-stuck" || passes >= c.at.players; }

// match.rounds: one round unless option rounds says more; the highest total wins, a tie shared.
void after_the_rounds(const Context& c, Position& p) {
  const std::string& rounds = c.option("rounds");
  const int n = rounds == "two" ? 2 : rounds == "three" ? 3 : rounds == "four" ? 4 : 1;
  if (p.round < n) return;
  p.game_over = true;
  p.winners = leaders(p, false);
}

}  // namespace

const RulesetRules& rummikub() {
  static const RulesetRules r{
      {
          {"set.size", [](const Context& c) { return set_faults(c).size; }},
          {"set.shape", [](const Context& c) { return set_faults(c).shape; }},
          {"set.group", [](const Context& c) { const MeldFaults f = set_faults(c); return f.set_size || f.set_suits; }},
          {"set.run", [](const Context& c) { return set_faults(c).run; }},
          {"set.one-lowest", [](const Context& c) { const MeldFaults f = set_faults(c); return f.ace_high || f.corner; }},
          {"opening.points", [](const Context& c) { return opening_applies(c) && !opening(c).points_reached; }},
          {"opening.rack-only", [](const Context& c) { return opening_applies(c) && !opening(c).old_sets_kept; }},
          {"arrange.table-stays", tile_left_table},
          {"arrange.rack-tile", no_rack_tile},
          {"notation.standin", [](const Context& c) { return set_faults(c).standin; }},
          {"joker.natural", [](const Context& c) { return set_faults(c).natural; }},
          {"pool.empty",
           [](const Context& c) { return c.is(MoveKind::kPass) && (!c.at.stock.empty() || can_lay_a_tile(c)); }},
      },
      {{"not-in-this-game", "turn.one-step"}},
      {.pass_ends_hand = stuck_ends, .match = after_the_rounds}};
  return r;
}

}  // namespace meldcheck::oracle::rules
