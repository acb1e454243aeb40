// Rummikub's clauses (../shared/rules/004_3729e45c9ab6f2f5.txt, spec/rummikub.yaml), one
// predicate each: whether the clause forbids the move. A turn is one step; an arrange step
// gives the whole table after it.
#include "oracles/catalog_rules.h"
#include "oracles/rummikub_oracle.h"

namespace meldcheck::oracle::rules {
namespace {

constexpr int kOpeningPoints = 30;  // opening.points
constexpr size_t kExhaustiveTiles = 14;  // positions the exhaustive oracle answers for

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
  const std::vector<int> now = counts(faces_of(c.move.tokens())), before = counts(table_tiles(c.at));
  for (size_t f = 0; f < now.size(); ++f)
    if (now[f] < before[f]) return true;
  return false;
}

// arrange.rack-tile: at least one tile comes from the rack.
bool no_rack_tile(const Context& c) {
  if (!c.is(MoveKind::kArrange)) return false;
  const std::vector<int> now = counts(faces_of(c.move.tokens())), before = counts(table_tiles(c.at));
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

// The old sets an opening must leave as they were, and what the new ones are worth.
struct Opening {
  bool old_sets_kept = true;
  int points = 0;
};
Opening opening(const Context& c) {
  Opening o;
  std::vector<bool> matched(c.move.groups.size(), false);
  std::vector<Reading> readings;
  for (const auto& g : c.move.groups) {
    Reading r;
    meld_faults(c.text, g, false, &r);
    readings.push_back(r);
  }
  for (const PlacedMeld& m : c.at.table) {
    bool found = false;
    for (size_t g = 0; g < readings.size() && !found; ++g)
      if (!matched[g] && same_tiles(readings[g].cards, m.cards)) matched[g] = found = true;
    o.old_sets_kept &= found;
  }
  for (size_t g = 0; g < readings.size(); ++g)
    if (!matched[g])
      for (const TableCard& t : readings[g].cards) o.points += t.face.rank();  // a joker: what it stands for
  return o;
}
bool opening_applies(const Context& c) { return c.is(MoveKind::kArrange) && !c.seat().opened && !c.laid_faults().any(); }

// pool.empty: passing is for an empty pool, and for a player who cannot lay a tile. Whether
// one can: a set of the rack alone worth the opening (or, once opened, any set of the rack,
// or a tile added to a set) shows one can; else, on a position small enough, the exhaustive
// oracle says; else nothing found means nothing can be.
bool can_lay_a_tile(const Context& c) {
  const std::vector<Face>& rack = c.seat().hand;
  const bool opened = c.seat().opened;
  for (size_t a = 0; a < rack.size(); ++a)
    for (size_t b = a + 1; b < rack.size(); ++b)
      for (size_t d = b + 1; d < rack.size(); ++d) {
        Reading r;
        if (meld_faults(c.text, {{rack[a]}, {rack[b]}, {rack[d]}}, false, &r).any()) continue;
        int points = 0;
        for (const TableCard& t : r.cards) points += t.face.rank();
        if (opened || points >= kOpeningPoints) return true;
      }
  if (!opened) return false;
  for (const PlacedMeld& m : c.at.table)
    for (const Face& f : rack)
      if (!layoff_faults(c.text, m.cards, {Token{f}}).any()) return true;
  const std::vector<Face> table = table_tiles(c.at);
  if (table.size() + rack.size() <= kExhaustiveTiles) return best_rack_placement(table, rack) > 0;
  return false;
}

}  // namespace

const RulesetRules& rummikub() {
  static const RulesetRules r{
      {
          {"set.size", [](const Context& c) { return c.laid_faults().size; }},
          {"set.shape", [](const Context& c) { return c.laid_faults().shape; }},
          {"set.group", [](const Context& c) { const MeldFaults f = c.laid_faults(); return f.set_size || f.set_suits; }},
          {"set.run", [](const Context& c) { return c.laid_faults().run; }},
          {"set.one-lowest", [](const Context& c) { const MeldFaults f = c.laid_faults(); return f.ace_high || f.corner; }},
          {"opening.points", [](const Context& c) { return opening_applies(c) && opening(c).points < kOpeningPoints; }},
          {"opening.rack-only", [](const Context& c) { return opening_applies(c) && !opening(c).old_sets_kept; }},
          {"arrange.table-stays", tile_left_table},
          {"arrange.rack-tile", no_rack_tile},
          {"joker.standin", [](const Context& c) { return c.laid_faults().standin; }},
          {"joker.natural", [](const Context& c) { return c.laid_faults().natural; }},
          {"pool.empty",
           [](const Context& c) { return c.is(MoveKind::kPass) && (!c.at.stock.empty() || can_lay_a_tile(c)); }},
      },
      {{"not-in-this-game", "turn.one-step"}}};
  return r;
}

}  // namespace meldcheck::oracle::rules
