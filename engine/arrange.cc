// Free rearrangement of the table (TableRules::free_rearrangement): a turn is one step,
// and `arrange` gives the whole table after the move. Also the time limit, and the best
// arrangement (engine/solver.h) for a player, which decides whether they can play at all.
#include <algorithm>

#include "engine/internal.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace meldcheck {
namespace {

// The sets of the table as tokens, each joker with its stand-in.
void table_tokens(const GameState& s, TokenGroups& out) {
  for (const Meld& m : s.table.all()) {
    out.open_group();
    for (int i = 0; i < m.shape.size; ++i)
      out.add(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
  }
}

TileCounts counts_of(const GameState& s, int player, bool with_table) {
  TileCounts tc;
  if (with_table)
    for (const Meld& m : s.table.all())
      for (int i = 0; i < m.shape.size; ++i) {
        if (m.shape.joker(i)) ++tc.table_jokers;
        else ++tc.table[m.shape.faces[i].suit()][m.shape.faces[i].rank()];
      }
  for (Card c : s.hand(player)) {
    if (is_joker(c)) ++tc.rack_jokers;
    else ++tc.rack[face_of(c).suit()][face_of(c).rank()];
  }
  return tc;
}

// Points of new sets in an opening: each tile's number, a joker the number it stands for.
int opening_points(const Shape& shape) {
  int points = 0;
  for (int i = 0; i < shape.size; ++i) points += shape.faces[i].rank();
  return points;
}

}  // namespace

Placement best_arrangement(const GameState& s, const RuleSet& r, SolverGoal goal) {
  const int p = s.to_move;
  if (s.players[p].opened) {
    KeptSets kept;
    for (const Meld& m : s.table.all()) {
      if (m.shape.joker_mask == 0) continue;
      kept.sets.open_group();
      for (int i = 0; i < m.shape.size; ++i) {
        kept.sets.add(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
        if (m.shape.joker(i)) ++kept.tiles.table_jokers;
        else ++kept.tiles.table[m.shape.faces[i].suit()][m.shape.faces[i].rank()];
      }
    }
    return solve_tiles(counts_of(s, p, true), goal, 0, kept.sets.groups() ? &kept : nullptr);
  }
  // Before the opening the table stays as it is; new sets come from the rack alone.
  Placement from_rack = solve_tiles(counts_of(s, p, false), goal, std::max<int>(1, r.opening.points));
  if (!from_rack.found) return from_rack;
  Placement whole = from_rack;
  whole.sets.clear();
  table_tokens(s, whole.sets);
  for (int g = 0; g < from_rack.sets.groups(); ++g) {
    whole.sets.open_group();
    for (const Token& t : from_rack.sets.group(g)) whole.sets.add(t);
  }
  return whole;
}

namespace detail {

bool can_play_from_rack(const GameState& s, const RuleSet& r) {
  // Most positions answer at once: after the opening, a set from the rack alone or one
  // tile built onto a set; before it, sets from the rack worth the opening's points. Only
  // the rest need the solver's search.
  const int p = s.to_move;
  const Pool rack(s.hand(p));
  const MeldList sets = melds_from(r.meld, rack);
  if (s.players[p].opened) {
    if (sets.size() > 0) return true;
    bool found = false;
    for (int m = 0; m < s.table.count && !found; ++m)
      for_each_layoff(r.meld, rack, s.table.melds[m].shape, [&](std::span<const Token> added) {
        Formed f;
        found = extend_meld(r.meld, s.table.melds[m].shape, added, f).empty();
        return !found;
      });
    if (found) return true;
  } else {
    std::array<int, 256> points{};  // MeldList holds at most 256 melds
    for (size_t i = 0; i < sets.size(); ++i) {
      Formed f;
      form_meld(r.meld, sets[i], MeldContext::kMelding, f);
      points[i] = opening_points(f.shape);
    }
    constexpr int kMostTried = 256;
    bool found = false;
    disjoint_melds(sets, rack.counts, kMaxMeldsInAction, false, kMostTried, [&](std::span<const int> chosen) {
      int sum = 0;
      for (int i : chosen) sum += points[size_t(i)];
      found = sum >= r.opening.points;
      return found ? kMostTried : 1;
    });
    if (found) return true;
  }
  return best_arrangement(s, r, SolverGoal::kMostTiles).found;
}

Check do_arrange(GameState& s, const RuleSet& r, const Action& a, bool commit) {
  const int p = s.to_move;
  const CardSet rack = s.hand(p);
  // Tile by tile: what the new table holds, the old one held, and the rack holds.
  FaceCounts now, before;
  for (int g = 0; g < a.cards.groups(); ++g)
    for (const Token& t : a.cards.group(g)) ++now[t.face];
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) ++before[face_of(m.cards[i])];
  const FaceCounts held = face_counts(rack);
  int from_rack = 0;
  bool table_kept = true;
  for (int f = 0; f <= kFaces; ++f) {
    if (now.n[f] > before.n[f] + held.n[f]) return Check::kCardNotHeld;
    table_kept &= now.n[f] >= before.n[f];
    from_rack += std::max(0, now.n[f] - before.n[f]);
  }

  CheckMask fails;
  if (!table_kept) fails.add(Check::kTableTilesStay);
  if (from_rack == 0) fails.add(Check::kRackTileNeeded);
  if (a.cards.groups() > kMaxMelds) fails.add(Check::kMeldShape);
  std::array<Formed, TokenGroups::kMaxGroups> formed;
  CheckMask unformed;
  for (int g = 0; g < a.cards.groups(); ++g) unformed |= form_meld(r.meld, a.cards.group(g), MeldContext::kMelding, formed[g]);
  fails |= unformed;
  // Before one's opening the old sets stay exactly as they were, and the new ones, all
  // from the rack, reach the opening's points (read once every set forms).
  std::array<bool, TokenGroups::kMaxGroups> old_set{};
  if (unformed.empty() && !s.players[p].opened) {
    for (const Meld& m : s.table.all()) {
      int match = -1;
      for (int g = 0; g < a.cards.groups() && match < 0; ++g)
        if (!old_set[g] && formed[g].shape == m.shape) match = g;
      if (match < 0) fails.add(Check::kInitialRackOnly);
      else old_set[match] = true;
    }
    // What the sets that are not the old ones are worth (all from the rack in an opening).
    int points = 0;
    for (int g = 0; g < a.cards.groups(); ++g)
      if (!old_set[g]) points += opening_points(formed[g].shape);
    if (points < r.opening.points) fails.add(Check::kInitialPoints);
  }
  if (!fails.empty()) return r.first_failure(fails);
  if (!commit) return Check::kNone;

  // The physical tiles: the table's first, then the rack's.
  CardSet pool = rack;
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) pool.insert(m.cards[i]);
  CardSet table_cards = pool.minus(rack);
  std::array<uint8_t, kMaxMelds> owners{};
  for (int g = 0; g < a.cards.groups(); ++g) {
    owners[g] = uint8_t(p);
    if (old_set[g])
      for (const Meld& m : s.table.all())
        if (formed[g].shape == m.shape) owners[g] = m.owner;
  }
  s.table.count = 0;
  s.next_meld_id = 1;
  for (int g = 0; g < a.cards.groups(); ++g) {
    const auto tokens = a.cards.group(g);
    std::array<Card, kMaxMeldCards> cards{};
    for (size_t t = 0; t < tokens.size(); ++t) {
      Card c = table_cards.find(tokens[t].face);
      if (c == kNoCard) c = pool.find(tokens[t].face);
      table_cards.erase(c);
      pool.erase(c);
      cards[t] = c;
    }
    add_meld(s, formed[g], std::span<const Card>(cards.data(), tokens.size()), owners[g]);
  }
  s.hand(p) = pool;  // what is left of the rack
  s.players[p].opened = true;
  s.passes = 0;
  if (s.hand(p).empty()) {
    end_hand(s, r, p);
  } else {
    end_turn(s, r);
  }
  return Check::kNone;
}

Check do_timeout(GameState& s, const RuleSet& r, const Action& a, bool commit) {
  (void)a;
  if (!commit) return Check::kNone;
  // The table goes back as it was (nothing was applied); penalty tiles from the pool.
  const int due = r.draw.timeout_penalty;
  if (s.stock.size() >= due || r.draw.timeout_short_pool_draws)
    for (int k = 0; k < due && !s.stock.empty(); ++k) s.hand(s.to_move).insert(s.stock.pop());
  s.passes = 0;
  end_turn(s, r);
  return Check::kNone;
}

}  // namespace detail
}  // namespace meldcheck
