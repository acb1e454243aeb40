#include "oracles/catalog_melds.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "oracles/configuration.h"

namespace meldcheck::oracle {

MeldText MeldText::of(const Game& game) {
  MeldText t;
  t.shapes = meld_definition(game.ruleset, game.variants, game.options);
  if (game.ruleset == "femhundra-rummy") {
    t.set_joker = SetJoker::kCard;  // 000 "Jokern": the player names the card
    t.joker_not_on_table = true;
  } else if (game.ruleset == "rummikub") {
    t.set_joker = SetJoker::kByGroupSize;  // 004 "Jokern"
  }
  return t;
}

bool is_set(const TableMeld& meld) {
  return std::all_of(meld.begin(), meld.end(), [&](const TableCard& c) { return c.face.rank() == meld[0].face.rank(); });
}

int rank_at(int place) { return (place - 1 + 2 * kRanks) % kRanks + 1; }

// ---- the readings -----------------------------------------------------------------------
//
// A meld is read the slow way, from the texts' definitions and nothing else: every way of
// giving the jokers concrete cards that their written stand-ins allow is tried, and each
// resulting list of plain cards is held against the definition of a set (all one rank, no
// more cards than the text allows, each suit once where the text asks it) or of a run (all
// one suit, its ranks exactly the places of some stretch of the order ace, two, ..., king,
// ace). What the meld is, and what is wrong with it, follows from which of those lists are
// melds:
//   - none: the clauses that every reading breaks (or that the cards break whatever the
//     jokers are: too few, no natural card, neither one rank nor one suit);
//   - several different ones: the stand-ins leave the meld open (`standin`);
//   - one: the meld, its jokers named as the text names them; `standin` still where a
//     stand-in says less than that naming (a rank alone where the text wants the card).
// A stand-in that names a card the meld cannot hold (another rank in a set, another suit in
// a run), or a rank alone in a run (less than a run's joker needs: the whole card), is a
// fault of the stand-in itself, whatever else the cards break.

namespace {

// Whether a joker written with stand-in `written` may be read as `card`: bare, as any
// card; with a rank alone, as that rank in any suit; with a whole card, as that card.
bool may_be(Face written, Face card) {
  if (written.is_none()) return true;
  if (written.is_rank_only()) return written.rank() == card.rank();
  return written == card;
}

// How far apart two ranks lie in the order that goes round (king next to ace).
int rank_distance(int a, int b) {
  const int d = std::abs(a - b);
  return std::min(d, kRanks - d);
}

// Jokers written the same way are alike: what matters is how many of them are read as each
// card, not which. A kind is the jokers written one way, and the cards they may be.
struct JokerKind {
  Face written;
  int count = 0;
  std::vector<Face> may;
};

std::vector<JokerKind> kinds_of(const std::vector<Token>& jokers, const std::vector<Face>& cards_in_play) {
  std::vector<JokerKind> kinds;
  kinds.reserve(jokers.size());
  for (const Token& t : jokers) {
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const JokerKind& k) { return k.written == t.standin; });
    if (it == kinds.end()) {
      JokerKind k{t.standin, 0, {}};
      k.may.reserve(cards_in_play.size());
      for (const Face& c : cards_in_play)
        if (may_be(t.standin, c)) k.may.push_back(c);
      kinds.push_back(std::move(k));
      it = kinds.end() - 1;
    }
    ++it->count;
  }
  return kinds;
}

// Calls `visit(cards)` with every multiset of cards the jokers can be read as (one multiset
// of each kind, kinds in order), until it returns true. `admit(cards)` is asked as each card
// is added, and a false leaves out every multiset that starts so.
template <class Admit, class Visit>
bool each_joker_reading(const std::vector<JokerKind>& kinds, Admit&& admit, Visit&& visit) {
  std::vector<Face> cards;
  int jokers = 0;
  for (const JokerKind& k : kinds) jokers += k.count;
  cards.reserve(size_t(jokers));
  auto choose = [&](auto&& self, size_t kind, int left, size_t from) -> bool {
    if (left == 0) return kind + 1 >= kinds.size() ? visit(cards) : self(self, kind + 1, kinds[kind + 1].count, 0);
    for (size_t i = from; i < kinds[kind].may.size(); ++i) {
      cards.push_back(kinds[kind].may[i]);
      const bool stop = admit(cards) && self(self, kind, left - 1, i);  // the same card again, or a later one
      cards.pop_back();
      if (stop) return true;
    }
    return false;
  };
  if (kinds.empty()) return visit(cards);
  return choose(choose, 0, kinds[0].count, 0);
}

bool any_cards(const std::vector<Face>&) { return true; }

// ---- sets ------------------------------------------------------------------------------

// A set of the rank `rank` as the text judges it: its faults, and the different readings
// of it that make it a set, each with its jokers named as the text names them (the cards in
// the order of their faces, a natural before a joker of the same face).
struct SetJudgement {
  MeldFaults faults;
  std::vector<TableMeld> readings;
  bool says_less = false;  // a joker with a rank alone where the text wants the whole card
};

SetJudgement judge_set(const MeldText& text, const std::vector<Token>& tokens, int rank) {
  SetJudgement out;
  const MeldDefinition& d = text.shapes;
  const int n = int(tokens.size());
  // The size clause counts every card laid, however the jokers are read.
  if (d.set_max != 0 && n > d.set_max) out.faults.set_size = true;

  std::vector<Face> naturals;
  std::vector<Token> jokers;  // those that can be a card of this set
  naturals.reserve(tokens.size()), jokers.reserve(tokens.size());
  for (const Token& t : tokens) {
    if (!t.face.is_joker()) naturals.push_back(t.face);
    else if (!t.standin.is_none() && t.standin.rank() != rank) out.faults.standin = true;  // no card of this set
    else jokers.push_back(t);
  }
  std::vector<Face> of_rank;
  of_rank.reserve(kSuits);
  for (int s = 0; s < kSuits; ++s) of_rank.push_back(Face::natural(s, rank));

  // Every reading of the jokers as cards of the rank, held against the suits clause.
  std::vector<std::vector<Face>> valid;  // the jokers' cards of each reading that is a set
  each_joker_reading(kinds_of(jokers, of_rank), any_cards, [&](const std::vector<Face>& joker_cards) {
    if (d.set_distinct_suits) {
      std::array<int, kSuits> seen{};
      for (const Face& c : naturals) ++seen[size_t(c.suit())];
      for (const Face& c : joker_cards) ++seen[size_t(c.suit())];
      for (int count : seen)
        if (count > 1) return false;
    }
    valid.push_back(joker_cards);
    return false;
  });
  if (valid.empty()) out.faults.set_suits = true;  // (a set of one rank breaks no other clause)
  if (out.faults.any()) return out;

  // How the text names a set's joker: its rank alone (002, 003); the whole card (000); in
  // Rummikub the whole tile in a group of four and the number alone in a group of three.
  const bool whole = text.set_joker == SetJoker::kCard || (text.set_joker == SetJoker::kByGroupSize && n == 4);
  for (const Token& t : jokers)
    if (whole && t.standin.is_rank_only()) out.says_less = true;
  for (const std::vector<Face>& joker_cards : valid) {
    TableMeld r;
    for (const Face& c : naturals) r.push_back({c, false, kNewCard});
    for (const Face& c : joker_cards) r.push_back({whole ? c : Face::rank_only(rank), true, kNewCard});
    std::sort(r.begin(), r.end(), [](const TableCard& a, const TableCard& b) {
      return a.face != b.face ? a.face < b.face : (!a.joker && b.joker);
    });
    if (std::find(out.readings.begin(), out.readings.end(), r) == out.readings.end()) out.readings.push_back(r);
  }
  return out;
}

// ---- runs ------------------------------------------------------------------------------

// Where a stretch of `length` places from place `start` (1..13) lies in the order ace (1),
// two, ..., king (13), ace (14), two (15), ...: within ace to king; ending on the ace above
// the king; round the corner (past that ace, thirteen places at most); or so long that it
// comes round onto its own places.
enum class Stretch { kPlain, kAceHigh, kCorner, kAround };

Stretch stretch(int start, int length) {
  const int end = start + length - 1;
  if (end <= kRanks) return Stretch::kPlain;
  if (end == kRanks + 1) return Stretch::kAceHigh;
  return length <= kRanks ? Stretch::kCorner : Stretch::kAround;
}

// Whether the text lets a run lie so; where it does not, the fault it names.
bool allowed(const MeldText& text, Stretch s, bool building, MeldFaults& faults) {
  switch (s) {
    case Stretch::kPlain: return true;
    case Stretch::kAceHigh:
      if (text.shapes.ace_high) return true;
      faults.ace_high = true;
      return false;
    case Stretch::kCorner:
      if (building ? text.shapes.corner_building : text.shapes.corner_melding) return true;
      faults.corner = true;
      return false;
    case Stretch::kAround: faults.run = true; return false;
  }
  return false;
}

// The cards of a stretch of places in one suit.
std::vector<Face> cards_at(int suit, int start, int length) {
  std::vector<Face> out;
  out.reserve(size_t(length));
  for (int p = start; p < start + length; ++p) out.push_back(Face::natural(suit, rank_at(p)));
  return out;
}

// A card laid, as read: a natural card, or a joker of one kind (jokers written alike are
// interchangeable: which of them stands for which of their kind's cards is the placing's).
struct Laid {
  Face card;      // a natural card's
  int kind = -1;  // a joker's kind (an index into the reading's kinds); -1 for a natural
  bool joker() const { return kind >= 0; }
};

// A reading of the laid cards: each card, and the cards each kind of joker stands for.
struct AsRead {
  std::vector<Laid> laid;
  std::vector<std::vector<Face>> kind_cards;
};

// The laid cards with the jokers' cards of one reading (kinds in order, as
// each_joker_reading gives them).
AsRead read_as(const std::vector<Token>& tokens, const std::vector<JokerKind>& kinds, const std::vector<Face>& joker_cards) {
  AsRead out;
  out.kind_cards.reserve(kinds.size());
  out.laid.reserve(tokens.size());
  auto card = joker_cards.begin();
  for (const JokerKind& k : kinds) out.kind_cards.emplace_back(card, card + k.count), card += k.count;
  for (const Token& t : tokens) {
    int kind = -1;
    if (t.face.is_joker())
      kind = int(std::find_if(kinds.begin(), kinds.end(), [&](const JokerKind& k) { return k.written == t.standin; }) - kinds.begin());
    out.laid.push_back({t.face, kind});
  }
  return out;
}

// How far a list of places, in the order the cards are written, is from rising: the pairs
// of cards that lie the other way round.
int crossings(const std::vector<int>& places) {
  int n = 0;
  for (size_t i = 0; i < places.size(); ++i)
    for (size_t j = i + 1; j < places.size(); ++j) n += places[i] > places[j];
  return n;
}

// Where the laid cards go on the `free` places of a stretch whose places hold `faces`.
struct Placement {
  std::vector<int> places;  // of each laid card, in the order written
  int crossings = 0;        // counting the places `before` as written first
};

// Every way of putting each laid card on a free place that holds it (a joker on a place
// holding one of its kind's cards, each of those once), tried one by one; kept: the one
// nearest the written order (the fewest crossings), of two as near the one that puts the
// cards written earlier lower (spec/: meld.ace). nullopt when the cards are not the free
// places' cards.
std::optional<Placement> nearest_placement(const std::vector<Face>& faces, const std::vector<int>& free, const AsRead& read,
                                           const std::vector<int>& before) {
  if (free.size() != read.laid.size()) return std::nullopt;
  std::optional<Placement> best;
  std::vector<int> chosen;
  chosen.reserve(read.laid.size());
  std::vector<bool> used(faces.size(), false);
  std::vector<std::vector<Face>> pools = read.kind_cards;  // the kinds' cards not yet placed
  auto place = [&](auto&& self, size_t i) -> void {
    if (i == read.laid.size()) {
      int x = crossings(before) + crossings(chosen);  // those of `before` then `chosen`, as one list
      for (int b : before)
        for (int c : chosen) x += b > c;
      if (!best || x < best->crossings || (x == best->crossings && chosen < best->places)) best = Placement{chosen, x};
      return;
    }
    const Laid& l = read.laid[i];
    for (int at : free) {
      if (used[size_t(at)]) continue;
      const Face card = faces[size_t(at)];
      std::vector<Face>* pool = l.joker() ? &pools[size_t(l.kind)] : nullptr;
      auto in_pool = pool ? std::find(pool->begin(), pool->end(), card) : std::vector<Face>::iterator{};
      if (pool ? in_pool == pool->end() : card != l.card) continue;
      if (pool) pool->erase(in_pool);
      used[size_t(at)] = true;
      chosen.push_back(at);
      self(self, i + 1);
      chosen.pop_back();
      used[size_t(at)] = false;
      if (pool) pool->push_back(card);
    }
  };
  place(place, 0);
  return best;
}

// The ways the cards make a run: every stretch they fill, placed as nearest_placement
// places them. Readings with the same cards (a run of every rank, cards that build at
// either end) are one meld read two ways: the text's reading is the one nearest the order
// written, and of two as near the later stretch (spec/: meld.ace, build.corner).
struct RunReadings {
  struct Way {
    std::vector<Face> cards;  // sorted: which meld it is
    Reading reading;
    int crossings = 0, lateness = 0;
  };
  std::vector<Way> ways;
  MeldFaults faults;     // of the stretches where the cards lie in a way the text forbids
  bool matched = false;  // whether the cards were ever the cards of a stretch

  void add(const std::vector<Face>& faces, Reading r, int crossings, int lateness) {
    std::vector<Face> cards = faces;
    std::sort(cards.begin(), cards.end());
    ways.push_back({std::move(cards), std::move(r), crossings, lateness});
  }
  // One reading for each meld the cards make.
  std::vector<Reading> readings() const {
    std::vector<Way> sorted = ways;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Way& a, const Way& b) {
      return std::tie(a.cards, a.crossings, b.lateness) < std::tie(b.cards, b.crossings, a.lateness);
    });
    std::vector<Reading> out;
    for (size_t i = 0; i < sorted.size(); ++i)
      if (i == 0 || sorted[i].cards != sorted[i - 1].cards) out.push_back(sorted[i].reading);
    return out;
  }
};

// A joker named with a rank alone says less than a run needs, and one named as a card of
// another suit names a card no run of these cards holds: either is the stand-in's fault.
bool wrong_run_standin(const Token& t, int suit) {
  return t.face.is_joker() && (t.standin.is_rank_only() || (t.standin.is_natural() && t.standin.suit() != suit));
}

// The cards of `suit` a run joker could be: within the run's length of a card it holds.
std::vector<Face> near_cards(int suit, const std::vector<int>& ranks_held, int length) {
  std::vector<Face> out;
  out.reserve(kRanks);
  for (int r = 1; r <= kRanks; ++r)
    for (int held : ranks_held)
      if (rank_distance(r, held) < length) {
        out.push_back(Face::natural(suit, r));
        break;
      }
  return out;
}

// How many cards of each rank (1..13) a list of cards holds.
using RankCounts = std::array<int, kRanks + 1>;

// A stretch of `length` places holds a rank once in every thirteen places at most: a
// reading of the jokers that gives a rank more often, with the cards `held`, is no run
// wherever it lies.
auto not_too_many(const RankCounts& held, int length) {
  const int most = (length + kRanks - 1) / kRanks;
  return [held, most](const std::vector<Face>& joker_cards) {
    const int r = joker_cards.back().rank();
    int count = held[size_t(r)];
    for (const Face& c : joker_cards) count += c.rank() == r;
    return count <= most;
  };
}

RunReadings judge_run(const MeldText& text, const std::vector<Token>& tokens, int suit, bool building) {
  RunReadings out;
  for (const Token& t : tokens)
    if (wrong_run_standin(t, suit)) out.faults.standin = true;
  if (out.faults.standin) return out;
  const int n = int(tokens.size());
  std::vector<int> ranks_held;
  RankCounts held{};
  std::vector<Token> jokers;
  ranks_held.reserve(tokens.size()), jokers.reserve(tokens.size());
  for (const Token& t : tokens)
    if (t.face.is_joker()) jokers.push_back(t);
    else ranks_held.push_back(t.face.rank()), ++held[size_t(t.face.rank())];
  // The ranks of every stretch of n places, from each start.
  std::array<RankCounts, kRanks + 1> stretch_ranks{};
  for (int start = 1; start <= kRanks; ++start)
    for (int p = start; p < start + n; ++p) ++stretch_ranks[size_t(start)][size_t(rank_at(p))];
  std::vector<int> all(static_cast<size_t>(n));  // every place is free
  for (int i = 0; i < n; ++i) all[size_t(i)] = i;

  const std::vector<JokerKind> kinds = kinds_of(jokers, near_cards(suit, ranks_held, n));
  each_joker_reading(kinds, not_too_many(held, n), [&](const std::vector<Face>& joker_cards) {
    RankCounts ranks = held;  // all the cards are of the suit: their ranks say what they are
    for (const Face& c : joker_cards) ++ranks[size_t(c.rank())];
    for (int start = 1; start <= kRanks; ++start) {
      if (ranks != stretch_ranks[size_t(start)]) continue;
      out.matched = true;
      if (!allowed(text, stretch(start, n), building, out.faults)) continue;
      const std::vector<Face> faces = cards_at(suit, start, n);
      const AsRead read = read_as(tokens, kinds, joker_cards);
      const std::optional<Placement> at = nearest_placement(faces, all, read, {});
      if (!at) continue;  // (the same ranks always place: kept for safety's sake)
      Reading r{true, TableMeld(size_t(n))};
      for (size_t i = 0; i < read.laid.size(); ++i) {
        const int place = at->places[i];
        r.cards[size_t(place)] = {faces[size_t(place)], read.laid[i].joker(), kNewCard};
      }
      out.add(faces, std::move(r), at->crossings, start);  // later: starting further up
    }
    return false;
  });
  if (!out.ways.empty()) out.faults = MeldFaults{};
  else if (!out.matched) out.faults.run = true;  // the cards are no stretch of the order at all
  return out;
}

}  // namespace

MeldFaults meld_faults(const MeldText& text, const std::vector<Token>& tokens, bool building, Reading* reading) {
  MeldFaults f;
  const int n = int(tokens.size());
  // What the cards break whatever the jokers are.
  if (n < 3) f.size = true;
  if (n > 16) f.shape = true;
  std::vector<Face> naturals;
  naturals.reserve(tokens.size());
  for (const Token& t : tokens)
    if (!t.face.is_joker()) naturals.push_back(t.face);
  if (int(naturals.size()) < text.shapes.min_naturals) f.natural = true;
  if (f.any()) return f;
  // However the jokers are read, a set needs the natural cards all of one rank and a run all
  // of one suit.
  auto one = [&](auto&& of) {
    return std::all_of(naturals.begin(), naturals.end(), [&](Face c) { return of(c) == of(naturals[0]); });
  };
  const bool may_be_set = one([](Face c) { return c.rank(); });
  const bool may_be_run = one([](Face c) { return c.suit(); });
  if (!may_be_set && !may_be_run) {
    f.shape = true;
    return f;
  }
  std::optional<SetJudgement> set;
  std::optional<RunReadings> run;
  if (may_be_set) set = judge_set(text, tokens, naturals[0].rank());
  if (may_be_run) run = judge_run(text, tokens, naturals[0].suit(), building);

  std::vector<Reading> readings;
  if (set && !set->faults.any())
    for (const TableMeld& r : set->readings) readings.push_back({false, r});
  if (run)
    for (const Reading& r : run->readings()) readings.push_back(r);
  if (readings.size() > 1 || (readings.size() == 1 && !readings[0].run && set->says_less)) {
    f.standin = true;  // open, or said with less than the meld needs
    return f;
  }
  if (readings.size() == 1) {
    if (reading) *reading = readings[0];
    return f;
  }
  // No reading is a meld: the clauses they break. Two or more copies of one card are read
  // as a set only (a run holds a card twice only from ace to ace, which is a reading).
  if (set) f |= set->faults;
  if (run && !(set && naturals.size() > 1)) {
    f.run |= run->faults.run, f.ace_high |= run->faults.ace_high, f.corner |= run->faults.corner;
    f.standin |= run->faults.standin;
  }
  return f;
}

namespace {

// A layoff onto a set: the set's cards and the new ones judged together as one set.
MeldFaults layoff_on_set(const MeldText& text, const TableMeld& meld, const std::vector<Token>& added, Reading* reading) {
  MeldFaults f;
  const int rank = meld[0].face.rank();
  // The first card laid that is of another rank names the fault: a natural card that does
  // not fit, or a joker whose stand-in does not.
  for (const Token& t : added) {
    const Face named = t.face.is_joker() ? t.standin : t.face;
    if (!named.is_none() && named.rank() != rank) {
      (t.face.is_joker() ? f.standin : f.fit) = true;
      return f;
    }
  }
  std::vector<Token> all;
  for (const TableCard& c : meld) all.push_back(c.joker ? Token{Face::joker(), c.face} : Token{c.face});
  all.insert(all.end(), added.begin(), added.end());
  const SetJudgement s = judge_set(text, all, rank);
  if (s.faults.any()) return s.faults;
  if (s.readings.size() != 1 || s.says_less) {
    f.standin = true;
    return f;
  }
  if (reading) *reading = Reading{false, s.readings[0]};
  return f;
}

// A layoff onto a run: the run's cards stay at their places, the new ones take places
// below and above it (b below, the rest above), every way the jokers can be read.
MeldFaults layoff_on_run(const MeldText& text, const TableMeld& meld, const std::vector<Token>& added, Reading* reading) {
  MeldFaults f;
  const int suit = meld[0].face.suit();
  const int low = meld[0].face.rank();  // the run's lowest place (1..13)
  for (const Token& t : added)
    if (!t.face.is_joker() && t.face.suit() != suit) f.fit = true;
  if (f.fit) return f;
  for (const Token& t : added)
    if (wrong_run_standin(t, suit)) f.standin = true;
  if (f.standin) return f;

  const int m = int(meld.size()), k = int(added.size()), length = m + k;
  std::vector<int> ranks_held;
  RankCounts held{};
  std::vector<Token> jokers;
  for (const TableCard& c : meld) ranks_held.push_back(c.face.rank()), ++held[size_t(c.face.rank())];
  for (const Token& t : added)
    if (t.face.is_joker()) jokers.push_back(t);
    else ranks_held.push_back(t.face.rank()), ++held[size_t(t.face.rank())];
  const std::vector<JokerKind> kinds = kinds_of(jokers, near_cards(suit, ranks_held, length));
  RunReadings run;
  each_joker_reading(kinds, not_too_many(held, length), [&](const std::vector<Face>& joker_cards) {
    RankCounts adding{};  // the new cards' ranks, all of the suit: their ranks say what they are
    for (const Token& t : added)
      if (!t.face.is_joker()) ++adding[size_t(t.face.rank())];
    for (const Face& c : joker_cards) ++adding[size_t(c.rank())];
    std::optional<AsRead> read;
    for (int below = 0; below <= k; ++below) {
      int start = low - below;
      if (start < 1) start += kRanks;  // below the ace: the king's place under it
      // The new cards go on the places the run leaves free only if those hold their ranks.
      RankCounts free_ranks{};
      for (int p = 0; p < length; ++p)
        if (p < below || p >= below + m) ++free_ranks[size_t(rank_at(start + p))];
      if (free_ranks != adding) continue;
      if (!read) read = read_as(added, kinds, joker_cards);
      const std::vector<Face> faces = cards_at(suit, start, length);
      std::vector<int> free, held;  // the places the run's cards leave free, and theirs
      for (int p = 0; p < length; ++p) (p < below || p >= below + m ? free : held).push_back(p);
      const std::optional<Placement> at = nearest_placement(faces, free, *read, held);
      if (!at) continue;  // (the same ranks always place: kept for safety's sake)
      run.matched = true;
      if (!allowed(text, stretch(start, length), true, run.faults)) continue;
      Reading r{true, TableMeld(size_t(length))};
      for (int i = 0; i < m; ++i) r.cards[size_t(below + i)] = meld[size_t(i)];
      for (size_t i = 0; i < read->laid.size(); ++i) {
        const int place = at->places[i];
        r.cards[size_t(place)] = {faces[size_t(place)], read->laid[i].joker(), kNewCard};
      }
      run.add(faces, std::move(r), at->crossings, below);  // later: reaching further below
    }
    return false;
  });
  const std::vector<Reading> readings = run.readings();
  if (readings.size() == 1) {
    if (reading) *reading = readings[0];
    return f;
  }
  if (readings.size() > 1) {
    f.standin = true;
    return f;
  }
  if (run.faults.any()) return run.faults;
  // Nowhere to go: a card whose rank the run already holds builds on a place that is taken.
  for (const Token& t : added)
    if (!t.face.is_joker())
      for (const TableCard& c : meld)
        if (c.face.rank() == t.face.rank()) f.taken = true;
  if (!f.taken) f.fit = true;
  return f;
}

}  // namespace

MeldFaults layoff_faults(const MeldText& text, const TableMeld& meld, const std::vector<Token>& added, Reading* reading) {
  if (added.empty() || meld.size() + added.size() > 16) {
    MeldFaults f;
    f.fit = true;
    return f;
  }
  // A set's cards share a rank; a run's never do.
  return is_set(meld) ? layoff_on_set(text, meld, added, reading) : layoff_on_run(text, meld, added, reading);
}

bool joker_on_table(const Reading& reading, const Position& at, const std::vector<Token>& laid) {
  for (const TableCard& c : reading.cards) {
    if (!c.joker || !c.face.is_natural()) continue;
    for (const PlacedMeld& m : at.table)
      for (const TableCard& t : m.cards)
        if (!t.joker && t.face == c.face) return true;
    for (const Token& t : laid)
      if (t.face == c.face) return true;
  }
  return false;
}

bool layoff_joker_on_table(const TableMeld& meld, const Reading& reading, const Position& at,
                           const std::vector<Token>& laid) {
  Reading declared;
  for (const TableCard& card : reading.cards) {
    const bool before = std::any_of(meld.begin(), meld.end(), [&](const TableCard& o) { return o.joker && o.face == card.face; });
    if (card.joker && !before) declared.cards.push_back(card);
  }
  return joker_on_table(declared, at, laid);
}

namespace {

bool valid_new(const MeldText& text, const std::vector<Token>& tokens, const Position& at) {
  Reading r;
  if (meld_faults(text, tokens, false, &r).any()) return false;
  return !(text.joker_not_on_table && joker_on_table(r, at, tokens));
}

// The ways a joker beside these cards could be named: bare, by rank, or as a whole card
// near them (of their rank, or of their suit within two ranks).
std::vector<Face> namings(const std::vector<Face>& near) {
  std::vector<Face> out{Face::none()};
  for (const Face& c : near) {
    if (!c.is_natural()) continue;
    out.push_back(Face::rank_only(c.rank()));
    for (int s = 0; s < kSuits; ++s) out.push_back(Face::natural(s, c.rank()));
    for (int d = -2; d <= 2; ++d)
      if (d != 0) out.push_back(Face::natural(c.suit(), (c.rank() - 1 + d + kRanks) % kRanks + 1));
  }
  return out;
}

// Whether `holds(tokens)` for some naming of the jokers among the tokens, each one of
// `names`.
template <class Holds>
bool some_naming(std::vector<Token>& tokens, const std::vector<Face>& names, Holds&& holds, size_t from = 0) {
  if (from == tokens.size()) return holds(tokens);
  if (!tokens[from].face.is_joker()) return some_naming(tokens, names, holds, from + 1);
  for (const Face& n : names) {
    tokens[from].standin = n;
    if (some_naming(tokens, names, holds, from + 1)) return true;
  }
  return false;
}

// Whether the cards, each joker named some way, make a valid new meld.
bool some_naming_melds(const MeldText& text, std::vector<Token> tokens, const Position& at) {
  std::vector<Face> naturals;
  for (const Token& t : tokens)
    if (!t.face.is_joker()) naturals.push_back(t.face);
  if (naturals.size() == tokens.size()) return valid_new(text, tokens, at);
  return some_naming(tokens, namings(naturals), [&](const std::vector<Token>& named) { return valid_new(text, named, at); });
}

bool related(Face a, Face b) {
  if (a.is_joker() || b.is_joker()) return true;
  const int d = std::abs(a.rank() - b.rank());
  return a.rank() == b.rank() || (a.suit() == b.suit() && (d <= 2 || d >= kRanks - 2));
}

}  // namespace

namespace {
bool search_contract(const MeldText& text, const std::vector<Face>& pool, Face f, int sets, int runs, bool distinct,
                     bool all_cards, const Position& at);
}  // namespace

bool contract_with(const MeldText& text, const std::vector<Face>& pool, Face f, int sets, int runs, bool distinct,
                   bool all_cards, const Position& at) {
  // The same question comes back step after step (a hand changes by a card a turn): the
  // answers are kept, keyed by the whole question: the text's definitions, the pool, what is
  // asked (and the table, where a joker may not stand for a card on it).
  struct Question {
    MeldText text;
    std::vector<Face> pool;
    std::vector<std::pair<Face, bool>> table;  // each card, and whether a joker
    Face f;
    int sets, runs;
    bool distinct, all_cards;
    auto operator<=>(const Question&) const = default;
  };
  static thread_local std::map<Question, bool> known;
  Question key{text, pool, {}, f, sets, runs, distinct, all_cards};
  std::sort(key.pool.begin(), key.pool.end());
  if (text.joker_not_on_table)
    for (const PlacedMeld& m : at.table)
      for (const TableCard& t : m.cards) key.table.emplace_back(t.face, t.joker);
  if (auto it = known.find(key); it != known.end()) return it->second;
  if (known.size() > 100000) known.clear();
  return known[std::move(key)] = search_contract(text, pool, f, sets, runs, distinct, all_cards, at);
}

namespace {
bool search_contract(const MeldText& text, const std::vector<Face>& pool, Face f, int sets, int runs, bool distinct,
                     bool all_cards, const Position& at) {
  // Every meld the pool holds: natural cards of one rank or of one suit, with some of the
  // jokers (alike, so only their number counts).
  struct Found {
    uint32_t naturals;  // bit i: pool[i]
    int jokers;
    Reading reading;
  };
  std::vector<Found> melds;
  int jokers = 0;
  for (const Face& c : pool) jokers += c.is_joker();
  auto try_group = [&](auto&& same) {
    std::vector<size_t> group;
    for (size_t i = 0; i < pool.size(); ++i)
      if (!pool[i].is_joker() && same(pool[i])) group.push_back(i);
    if (group.size() > 16) return;  // no hand holds so many of one rank or suit
    for (uint32_t pick = 1; pick < (1u << group.size()); ++pick) {
      // Cards of one suit with no ace and no rank twice whose span has more gaps than there
      // are jokers make no run (only a run round the corner needs an ace): and, two or more,
      // no set either.
      int low = kRanks + 1, high = 0, count = 0, seen = 0;
      bool ace = false, twice = false, one_rank = true;
      for (size_t b = 0; b < group.size(); ++b)
        if (pick >> b & 1) {
          const int r = pool[group[b]].rank();
          ace |= r == 1;
          twice |= (seen >> r) & 1;
          one_rank &= count == 0 || r == low;
          seen |= 1 << r, low = std::min(low, r), high = std::max(high, r), ++count;
        }
      if (!ace && !twice && !one_rank && high - low + 1 - count > jokers) continue;
      for (int k = 0; k <= jokers; ++k) {
        if (std::popcount(pick) + k < 3) continue;
        std::vector<Token> tokens(size_t(k), Token{Face::joker()});
        uint32_t naturals = 0;
        for (size_t b = 0; b < group.size(); ++b)
          if (pick >> b & 1) tokens.push_back({pool[group[b]]}), naturals |= 1u << group[b];
        // A set and a run may both be read from the same cards (a natural and jokers).
        auto known = [&](bool run) {
          for (const Found& m : melds)
            if (m.naturals == naturals && m.jokers == k && m.reading.run == run) return true;
          return false;
        };
        if (known(false) && known(true)) continue;
        std::vector<Face> near;
        for (const Token& t : tokens)
          if (!t.face.is_joker()) near.push_back(t.face);
        // How a joker beside these cards can stand: of their rank in a set; in a run, a card
        // of their suit within the jokers' reach of them (round the corner too).
        std::vector<Face> names;
        if (one_rank) {
          names = {Face::rank_only(low)};
          if (text.set_joker != SetJoker::kRank)
            for (int s = 0; s < kSuits; ++s) names.push_back(Face::natural(s, low));
        }
        if (count == 1 || !one_rank) {
          const int suit = near[0].suit();
          for (int r = 1; r <= kRanks; ++r) {
            bool reach = false;
            for (const Face& n : near) {
              const int d = std::abs(n.rank() - r);
              reach |= d <= k + 1 || kRanks - d <= k + 1;
            }
            if (reach) names.push_back(Face::natural(suit, r));
          }
        }
        // The jokers (the first k tokens) named in every way, each no earlier in `names`
        // than the one before: alike jokers need no other order.
        auto each = [&](auto&& self, int i, size_t first_name) -> bool {
          if (i == k) {
            Reading r;
            if (meld_faults(text, tokens, false, &r).any() || (text.joker_not_on_table && joker_on_table(r, at, tokens)))
              return false;
            if (!known(r.run)) melds.push_back({naturals, k, r});
            return known(false) && known(true);
          }
          for (size_t n = first_name; n < names.size(); ++n) {
            tokens[size_t(i)].standin = names[n];
            if (self(self, i + 1, n)) return true;
          }
          return false;
        };
        each(each, 0, 0);
      }
    }
  };
  for (int rank = 1; rank <= kRanks; ++rank) try_group([&](Face c) { return c.rank() == rank; });
  for (int suit = 0; suit < kSuits; ++suit) try_group([&](Face c) { return c.suit() == suit; });

  // The contract: melds of the pool, none sharing a card, one holding f.
  uint32_t has_f = 0, every_natural = 0;
  for (size_t i = 0; i < pool.size(); ++i) {
    if (pool[i] == f) has_f |= 1u << i;
    if (!pool[i].is_joker()) every_natural |= 1u << i;
  }
  std::vector<const Found*> chosen;
  auto pick = [&](auto&& self, size_t from, uint32_t used, int jokers_used, int sets_left, int runs_left) -> bool {
    if (sets_left == 0 && runs_left == 0) {
      bool holds_f = used & has_f;
      for (const Found* m : chosen) holds_f |= f.is_joker() && m->jokers > 0;
      return holds_f && (!all_cards || (used == every_natural && jokers_used == jokers));
    }
    for (size_t i = from; i < melds.size(); ++i) {
      const Found& m = melds[i];
      if ((m.naturals & used) || jokers_used + m.jokers > jokers) continue;
      if (m.reading.run ? runs_left == 0 : sets_left == 0) continue;
      bool twice = false;
      for (const Found* o : chosen)
        if (distinct && o->reading.run == m.reading.run) {
          const Face a = o->reading.cards[0].face, b = m.reading.cards[0].face;
          twice |= m.reading.run ? a.suit() == b.suit() : a.rank() == b.rank();
        }
      if (twice) continue;
      chosen.push_back(&m);
      const bool found = self(self, i + 1, used | m.naturals, jokers_used + m.jokers, sets_left - !m.reading.run,
                              runs_left - m.reading.run);
      chosen.pop_back();
      if (found) return true;
    }
    return false;
  };
  return pick(pick, 0, 0, 0, sets, runs);
}
}  // namespace

bool any_meld(const MeldText& text, const std::vector<Face>& pool, const Position& at) {
  for (size_t a = 0; a < pool.size(); ++a)
    for (size_t b = a + 1; b < pool.size(); ++b) {
      if (!related(pool[a], pool[b])) continue;
      for (size_t c = b + 1; c < pool.size(); ++c)
        if (related(pool[a], pool[c]) && related(pool[b], pool[c]) &&
            some_naming_melds(text, {{pool[a]}, {pool[b]}, {pool[c]}}, at))
          return true;
    }
  return false;
}

bool can_use(const MeldText& text, const std::vector<Face>& pool, Face f, CardUse use, const Position& at) {
  std::vector<Face> others;  // the pool but one card of face f
  bool skipped = false;
  for (const Face& c : pool) {
    if (c == f && !skipped) skipped = true;
    else others.push_back(c);
  }
  // A meld of three with f: f and two cards of the pool near it, any joker named some way
  // (a longer meld holds one of three, where the text allows the three).
  if (use.new_meld)
    for (size_t a = 0; a < others.size(); ++a) {
      if (!related(f, others[a])) continue;
      for (size_t b = a + 1; b < others.size(); ++b)
        if (related(f, others[b]) && related(others[a], others[b]) &&
            some_naming_melds(text, {{f}, {others[a]}, {others[b]}}, at))
          return true;
    }
  // f built on a meld, alone or with more cards of the pool.
  if (use.layoff)
    for (const PlacedMeld& m : at.table) {
      // Only a joker, or a card of the meld's one rank or one suit, can go onto it.
      auto may_go_on = [&](Face c) {
        bool rank = true, suit = true;
        for (const TableCard& t : m.cards)
          if (!t.joker) rank &= t.face.rank() == c.rank(), suit &= t.face.suit() == c.suit();
        return c.is_joker() || rank || suit;
      };
      if (!may_go_on(f)) continue;
      auto fits = [&](std::vector<Token> added) {
        if (use.keep_a_card && added.size() >= pool.size()) return false;
        std::vector<Face> names;  // for the jokers laid, when there are any
        if (std::any_of(added.begin(), added.end(), [](const Token& t) { return t.face.is_joker(); })) {
          std::vector<Face> naturals;
          for (const Token& t : added)
            if (!t.face.is_joker()) naturals.push_back(t.face);
          for (const TableCard& c : m.cards) naturals.push_back(c.face);
          names = namings(naturals);
        }
        return some_naming(added, names, [&](const std::vector<Token>& named) {
          Reading r;
          if (layoff_faults(text, m.cards, named, &r).any() ||
              (text.joker_not_on_table && layoff_joker_on_table(m.cards, r, at, named)))
            return false;
          if (!use.meld_before_layoff) return true;
          std::vector<Face> rest = pool;  // a meld of its own first, from what the layoff leaves
          for (const Token& t : named) rest.erase(std::find(rest.begin(), rest.end(), t.face));
          return any_meld(text, rest, at);
        });
      };
      // f alone; on a run, f with every place between it and an end of the run filled
      // (a run may need many: K-A-2-3 laid on 4-8 round the corner; with two decks a run may
      // reach from ace to ace, fourteen places). Any layoff that holds
      // f holds those places; each is filled by a natural card of the pool where it has
      // one, or else a joker, and then the other way round (the jokers kept, or the
      // naturals kept for a meld of their own first).
      if (fits({{f}})) return true;
      if (is_set(m.cards) || f.is_joker()) continue;
      const int low = m.cards[0].face.rank(), length = int(m.cards.size()), suit = f.suit();
      for (int direction : {1, -1})
        for (int step = 1; step <= kRanks + 1 - length; ++step) {
          const int place = direction > 0 ? low + length - 1 + step : low - step;
          if (rank_at(place) != f.rank()) continue;
          for (bool naturals_first : {true, false}) {
            std::vector<Face> left = others;
            std::vector<Token> chain{{f}};
            bool filled = true;
            for (int k = 1; k < step && filled; ++k) {
              const Face natural = Face::natural(suit, rank_at(direction > 0 ? low + length - 1 + k : low - k));
              auto it = std::find(left.begin(), left.end(), naturals_first ? natural : Face::joker());
              if (it == left.end()) it = std::find(left.begin(), left.end(), naturals_first ? Face::joker() : natural);
              if (it == left.end()) filled = false;
              else chain.push_back({*it}), left.erase(it);
            }
            if (filled && fits(chain)) return true;
          }
          break;  // one place of f's rank on this side
        }
    }
  return false;
}

bool can_lay_jokers(const MeldText& text, const std::vector<Face>& pool, int jokers, CardUse use, const Position& at) {
  if (jokers <= 0) return true;
  // New melds or a meld first are for one joker only: no game of the texts that frees jokers
  // to go down the same turn lets a player who has laid down meld again.
  if (jokers == 1 || use.new_meld || use.meld_before_layoff) return can_use(text, pool, Face::joker(), use, at);
  std::vector<Face> rest = pool;
  const auto joker = std::find(rest.begin(), rest.end(), Face::joker());
  if (joker == rest.end()) return false;
  rest.erase(joker);
  if (use.keep_a_card && rest.empty()) return false;
  // One joker built on a meld, standing for any card, any rank, or left to its place.
  std::vector<Face> names{Face::none()};
  for (int rank = 1; rank <= kRanks; ++rank) {
    names.push_back(Face::rank_only(rank));
    for (int suit = 0; suit < kSuits; ++suit) names.push_back(Face::natural(suit, rank));
  }
  for (size_t m = 0; m < at.table.size(); ++m)
    for (const Face& name : names) {
      const std::vector<Token> laid{Token{Face::joker(), name}};
      Reading r;
      if (layoff_faults(text, at.table[m].cards, laid, &r).any()) continue;
      if (text.joker_not_on_table && layoff_joker_on_table(at.table[m].cards, r, at, laid)) continue;
      Position next = at;
      next.table[m].cards = r.cards;
      if (can_lay_jokers(text, rest, jokers - 1, use, next)) return true;
    }
  return false;
}

bool fits_some_meld(const MeldText& text, Face f, const Position& at) {
  return can_use(text, {f}, f, {.layoff = true}, at);  // a joker named any way it could stand
}

}  // namespace meldcheck::oracle
