// Free rearrangement of the table (TableRules::free_rearrangement): a turn is one step,
// and `arrange` gives the whole table after the move. Also the time limit, and the best
// arrangement (engine/solver.h) for a player, which decides whether they can play at all.
#include <algorithm>
#include <cstdlib>

#include "engine/internal.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace meldcheck {
namespace {

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

// Whether the player still owes the opening of OpeningForm::kPoints: new sets from the rack
// alone worth the opening's points, the table left as it lies. Under the other forms a
// player's first move is free as any later one.
bool owes_opening(const GameState& s, const RuleSet& r, int p) {
  return r.opening.form == OpeningForm::kPoints && !s.players[p].opened;
}

// Points of new sets in an opening: each tile's number, a joker the number it stands for.
int opening_points(const Shape& shape) {
  int points = 0;
  for (int i = 0; i < shape.size; ++i) points += shape.faces[i].rank();
  return points;
}

// The readings of an arrangement's set that makes it valid, each once.
struct SetReadings {
  static constexpr int kMax = 2 * kRanks;
  std::array<Shape, kMax> shapes{};
  int count = 0;
  void add(const Shape& shape) {
    for (int i = 0; i < count; ++i)
      if (shapes[i] == shape) return;
    if (count < kMax) shapes[count++] = shape;
  }
};

// A set of an arrangement as the clauses before joker.standin read it. Written as the
// rules want, it is what it says. Otherwise each joker stands for what its stand-in names
// (a whole tile; a number alone in any colour; bare, any tile), and `open` gets every
// reading this allows that makes the set valid: then only joker.standin fails (the set
// left open, or named less than it needs). A set that no such reading makes valid fails
// the set clauses of its tiles as named (a named stand-in counts as that tile).
RefusalMask read_set(const MeldRules& rules, std::span<const Token> tokens, Formed& formed, SetReadings& open) {
  const RefusalMask written = form_meld(rules, tokens, MeldContext::kMelding, formed);
  if (written.empty() || tokens.size() > kMaxMeldCards) return written;
  std::array<Token, kMaxMeldCards> read{};
  std::array<int, kMaxMeldCards> jokers{};
  int n_jokers = 0, first_suit = -1;
  std::array<bool, kRanks + 1> ranks{};
  std::array<bool, kSuits> suits{};
  for (size_t i = 0; i < tokens.size(); ++i) {
    read[i] = tokens[i];
    if (tokens[i].face.is_joker()) {
      jokers[n_jokers++] = int(i);
    } else {
      const Face f = tokens[i].face;
      ranks[size_t(f.rank())] = true;
      if (f.suit() < kSuits) suits[size_t(f.suit())] = true;
      if (first_suit < 0) first_suit = tokens[i].face.suit();
    }
  }
  if (n_jokers == 0 || first_suit < 0) return written;
  // What each joker may stand for: a tile of a natural's number or colour (no other makes
  // a set with it), within what its stand-in names.
  auto may_stand_for = [&](const Token& t, int suit, int rank) {
    if (!ranks[size_t(rank)] && !suits[size_t(suit)]) return false;
    const Face w = t.standin;
    return w.is_none() || w == Face::natural(suit, rank) || (w.is_rank_only() && w.rank() == rank);
  };
  const std::span<const Token> named(read.data(), tokens.size());
  auto each = [&](auto&& self, int j) -> void {
    if (j == n_jokers) {
      Formed f;
      if (form_meld(rules, named, MeldContext::kMelding, f).empty()) open.add(f.shape);
      return;
    }
    const Token& t = tokens[size_t(jokers[j])];
    for (int suit = 0; suit < kSuits; ++suit)
      for (int rank = 1; rank <= kRanks; ++rank) {
        if (!may_stand_for(t, suit, rank)) continue;
        read[size_t(jokers[j])].standin = Face::natural(suit, rank);
        self(self, j + 1);
      }
  };
  each(each, 0);
  if (open.count > 0) return RefusalMask(Refusal::kJokerStandin);
  // No valid reading: the set as named, a named joker as the tile it names (a number alone
  // in the first tile's colour), a bare one left bare.
  for (int j = 0; j < n_jokers; ++j) {
    const Token& t = tokens[size_t(jokers[j])];
    if (t.standin.is_natural()) read[size_t(jokers[j])] = Token{t.standin};
    else if (t.standin.is_rank_only()) read[size_t(jokers[j])] = Token{Face::natural(first_suit, t.standin.rank())};
    else read[size_t(jokers[j])] = t;
  }
  Formed as_named;
  const RefusalMask fails = form_meld(rules, named, MeldContext::kMelding, as_named);
  return fails.empty() || fails.bits() == RefusalMask(Refusal::kJokerStandin).bits() ? written : fails;
}

}  // namespace

namespace {

// The tiles the jokers of these sets stand for, a group's open colour settled as one its
// set lacks.
TableJokers jokers_of(std::span<const Meld* const> sets) {
  TableJokers jokers;
  for (const Meld* m : sets) {
    std::array<bool, kSuits> taken{};
    for (int i = 0; i < m->shape.size; ++i)
      if (m->shape.faces[i].is_natural()) taken[size_t(m->shape.faces[i].suit())] = true;
    for (int i = 0; i < m->shape.size && jokers.count < int(jokers.standins.size()); ++i) {
      if (!m->shape.joker(i)) continue;
      Face f = m->shape.faces[i];
      if (!f.is_natural()) {
        int colour = 0;
        while (colour < kSuits - 1 && taken[size_t(colour)]) ++colour;
        taken[size_t(colour)] = true;
        f = Face::natural(colour, f.rank());
      }
      jokers.standins[size_t(jokers.count++)] = f;
    }
  }
  return jokers;
}

void add_tiles(const Meld& m, TileCounts& tc) {
  for (int i = 0; i < m.shape.size; ++i) {
    if (m.shape.joker(i)) ++tc.table_jokers;
    else ++tc.table[m.shape.faces[i].suit()][m.shape.faces[i].rank()];
  }
}

Placement arrangement(const GameState& s, const RuleSet& r, SolverGoal goal, SolverAim aim) {
  const int p = s.to_move;
  if (!owes_opening(s, r, p)) {
    std::array<const Meld*, kMaxMelds> sets{};
    for (int m = 0; m < s.table.count; ++m) sets[size_t(m)] = &s.table.melds[m];
    const TableJokers jokers = jokers_of({sets.data(), size_t(s.table.count)});
    return solve_tiles(counts_of(s, p, true), goal, 0, &jokers, aim);
  }
  // Before the opening the table stays as it is; new sets come from the rack alone.
  Placement from_rack = solve_tiles(counts_of(s, p, false), goal, std::max<int>(1, r.opening.points), nullptr, aim);
  if (!from_rack.found) return from_rack;
  Placement whole = from_rack;
  whole.sets.clear();
  add_table_groups(s, whole.sets);
  for (int g = 0; g < from_rack.sets.groups(); ++g) {
    whole.sets.open_group();
    for (const Token& t : from_rack.sets.group(g)) whole.sets.add(t);
  }
  return whole;
}

// Whether a set could take part in a move of `tile` that leaves the rest of the table as
// it lies: it holds a tile of the same colour within two numbers, or of the same number.
bool near(const Meld& m, Face tile) {
  for (int i = 0; i < m.shape.size; ++i) {
    const Face f = m.shape.faces[i];
    if (f.rank() == tile.rank()) return true;
    if (f.is_natural() && f.suit() == tile.suit() && std::abs(f.rank() - tile.rank()) <= 2) return true;
  }
  return false;
}

// A move of one rack tile with only the sets near it rearranged: a small search each, and
// most moves are of this kind.
Placement local_arrangement(const GameState& s, const RuleSet& r) {
  const int p = s.to_move;
  FaceCounts tried;
  for (Card card : s.hand(p)) {
    const Face tile = face_of(card);
    if (tile.is_joker() || tried[tile]++ > 0) continue;
    TileCounts tc;
    tc.rack[tile.suit()][tile.rank()] = 1;
    std::array<const Meld*, kMaxMelds> moved{};
    int count = 0;
    for (const Meld& m : s.table.all())
      if (near(m, tile)) moved[size_t(count++)] = &m, add_tiles(m, tc);
    const TableJokers jokers = jokers_of({moved.data(), size_t(count)});
    Placement local = solve_tiles(tc, r.table.best_move, 0, &jokers, SolverAim::kSome);
    if (!local.found) continue;
    Placement whole = local;
    whole.sets.clear();
    for (const Meld& m : s.table.all()) {
      if (near(m, tile)) continue;
      whole.sets.open_group();
      for (int i = 0; i < m.shape.size; ++i)
        whole.sets.add(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
    }
    for (int g = 0; g < local.sets.groups(); ++g) {
      whole.sets.open_group();
      for (const Token& t : local.sets.group(g)) whole.sets.add(t);
    }
    return whole;
  }
  return {};
}

}  // namespace

Placement best_arrangement(const GameState& s, const RuleSet& r, SolverGoal goal) {
  return arrangement(s, r, goal, SolverAim::kBest);
}

Placement some_arrangement(const GameState& s, const RuleSet& r) {
  if (!owes_opening(s, r, s.to_move))
    if (Placement local = local_arrangement(s, r); local.found) return local;
  return arrangement(s, r, r.table.best_move, SolverAim::kSome);
}

namespace detail {

bool can_play_from_rack(const GameState& s, const RuleSet& r) {
  // Most positions answer at once: after the opening, a set from the rack alone or one
  // tile built onto a set; before it, sets from the rack worth the opening's points. Only
  // the rest need the solver's search.
  const int p = s.to_move;
  const Pool rack(s.hand(p));
  const MeldList sets = melds_from(r.meld, rack);
  if (!owes_opening(s, r, p)) {
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
  return some_arrangement(s, r).found;
}

bool opening_within_reach(const GameState& s, const RuleSet& r, int p) {
  if (!owes_opening(s, r, p)) return true;
  const FaceCounts rack = face_counts(s.hand(p));
  int most = rack.n[kFaces] * kRanks;
  for (int f = 0; f < kFaces && most < r.opening.points; ++f) most += rack.n[f] * Face::from_code(uint8_t(f)).rank();
  return most >= r.opening.points;
}

Refusal check_arrange(const GameState& s, const RuleSet& r, const Action& a, Plan& plan) {
  const int p = s.to_move;
  const CardSet rack = s.hand(p);
  // Tile by tile: what the new table holds, the old one held, and the rack holds.
  FaceCounts now, before;
  for (int g = 0; g < a.cards.groups(); ++g)
    for (const Token& t : a.cards.group(g)) ++now[t.face];
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) ++before[face_of(m.cards[i])];
  const FaceCounts held = face_counts(rack);
  int from_rack = 0, rack_numbers = 0;
  bool table_kept = true;
  for (int f = 0; f <= kFaces; ++f) {
    if (now.n[f] > before.n[f] + held.n[f]) return Refusal::kCardNotHeld;
    table_kept &= now.n[f] >= before.n[f];
    const int laid = std::max(0, now.n[f] - before.n[f]);
    from_rack += laid;
    if (f < kFaces) rack_numbers += laid * Face::from_code(uint8_t(f)).rank();
  }
  const int rack_jokers = std::max(0, now.n[kFaces] - before.n[kFaces]);

  RefusalMask fails;
  if (!table_kept) fails.add(Refusal::kTableTilesStay);
  if (from_rack == 0) fails.add(Refusal::kRackTileNeeded);
  if (a.cards.groups() > kMaxMelds) fails.add(Refusal::kMeldShape);
  std::array<Formed, TokenGroups::kMaxGroups>& formed = plan.formed;
  plan.groups = a.cards.groups();
  std::vector<std::pair<int, SetReadings>> open;  // sets its jokers leave open (joker.standin)
  RefusalMask unformed;
  for (int g = 0; g < a.cards.groups(); ++g) {
    SetReadings readings;
    const RefusalMask m = read_set(r.meld, a.cards.group(g), formed[g], readings);
    if (readings.count > 0) open.emplace_back(g, readings);
    else unformed |= m;
  }
  fails |= unformed;
  if (!open.empty()) fails.add(Refusal::kJokerStandin);
  // Before one's opening the old sets stay exactly as they were, and what the rack lays
  // reaches the opening's points: its tiles' numbers, a joker the number it stands for.
  // Read once every set forms; a clause fails when it fails however the open sets are read.
  std::array<bool, TokenGroups::kMaxGroups>& old_set = plan.old_set;
  if (unformed.empty() && owes_opening(s, r, p)) {
    std::array<Shape, TokenGroups::kMaxGroups> shapes;
    for (int g = 0; g < a.cards.groups(); ++g) shapes[g] = formed[g].shape;
    std::array<int, TokenGroups::kMaxGroups> choice{};
    bool points_reached = false, sets_kept = false;
    for (bool more = true; more;) {
      for (size_t o = 0; o < open.size(); ++o) shapes[open[o].first] = open[o].second.shapes[choice[o]];
      old_set = {};
      bool kept = true;
      for (const Meld& m : s.table.all()) {
        int match = -1;
        for (int g = 0; g < a.cards.groups() && match < 0; ++g)
          if (!old_set[g] && shapes[g] == m.shape) match = g;
        if (match < 0) kept = false;
        else old_set[match] = true;
      }
      // The rack's jokers: those in the new sets when the old ones stay; on a table
      // rearranged, which jokers are the rack's cannot be told, and the best are taken.
      std::array<int, TokenGroups::kMaxTokens> jokers;
      int n = 0;
      for (int g = 0; g < a.cards.groups(); ++g)
        for (int i = 0; i < shapes[g].size && (!kept || !old_set[g]); ++i)
          if (shapes[g].joker(i)) jokers[size_t(n++)] = shapes[g].faces[i].rank();
      std::sort(jokers.begin(), jokers.begin() + n, std::greater<>());
      int points = rack_numbers;
      for (int j = 0; j < std::min(rack_jokers, n); ++j) points += jokers[size_t(j)];
      points_reached |= points >= r.opening.points;
      sets_kept |= kept;
      more = false;
      for (size_t o = 0; o < open.size() && !more; ++o) {
        more = ++choice[o] < open[o].second.count;
        if (!more) choice[o] = 0;
      }
    }
    if (!sets_kept) fails.add(Refusal::kInitialRackOnly);
    if (!points_reached) fails.add(Refusal::kInitialPoints);
  }
  return r.first_failure(fails);
}

CardSet table_and_rack(const GameState& s) {
  CardSet tiles = s.hand(s.to_move);
  for (const Meld& m : s.table.all())
    for (int i = 0; i < m.shape.size; ++i) tiles.insert(m.cards[size_t(i)]);
  return tiles;
}

void play_arrange(GameState& s, const RuleSet& r, const Action& a, const Plan& plan) {
  const int p = s.to_move;
  // The physical tiles: the table's first, then the rack's.
  CardSet pool = table_and_rack(s);
  CardSet table_cards = pool.minus(s.hand(p));
  std::array<uint8_t, kMaxMelds> owners{};
  for (int g = 0; g < a.cards.groups(); ++g) {
    owners[g] = uint8_t(p);
    if (plan.old_set[g])
      for (const Meld& m : s.table.all())
        if (plan.formed[g].shape == m.shape) owners[g] = m.owner;
  }
  s.table.count = 0;
  s.next_meld = 1;
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
    add_meld(s, plan.formed[g], std::span<const Card>(cards.data(), tokens.size()), owners[g]);
  }
  s.hand(p) = pool;  // what is left of the rack
  s.players[p].opened = true;
  s.passes = 0;
  if (s.hand(p).empty()) {
    end_hand(s, r, p);
  } else {
    end_turn(s, r);
  }
}

void play_timeout(GameState& s, const RuleSet& r) {  // The table goes back as it was (nothing was applied); penalty tiles from the pool.
  const int due = r.draw.timeout_penalty;
  if (s.stock.size() >= due || r.draw.timeout_short_pool_draws)
    for (int k = 0; k < due && !s.stock.empty(); ++k) s.hand(s.to_move).insert(s.stock.pop());
  s.passes = 0;
  end_turn(s, r);
}

}  // namespace detail
}  // namespace meldcheck
