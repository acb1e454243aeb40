#include "oracles/catalog_melds.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <string>
#include <unordered_map>

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

namespace {

// What a token asks for: its card, or a joker's named stand-in (none when bare).
Face asked(const Token& t) { return t.face.is_joker() ? t.standin : t.face; }
bool bare_joker(const Token& t) { return t.face.is_joker() && t.standin.is_none(); }

// ---- sets ------------------------------------------------------------------------------

struct SetTry {
  MeldFaults faults;
  bool valid = false;
  Reading reading;
};

SetTry try_set(const MeldText& text, const std::vector<Token>& tokens, int rank) {
  SetTry out;
  const MeldDefinition& d = text.shapes;
  const int n = int(tokens.size());
  if (d.set_max != 0 && n > d.set_max) out.faults.set_size = true;
  // Suits count where they must differ, or where jokers stand for whole cards.
  const bool suits_count = d.set_distinct_suits || text.set_joker != SetJoker::kRank;
  std::array<int, kSuits> used{};
  int unsettled = 0, rank_only_named = 0;
  std::vector<Face> face(tokens.size(), Face::none());
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Face w = asked(tokens[i]);
    if (w.is_none()) {
      ++unsettled;
      continue;
    }
    rank_only_named += w.is_rank_only();
    if (w.rank() != rank) {
      out.faults.standin = true;
      continue;
    }
    if (w.is_natural() && (suits_count || !tokens[i].face.is_joker())) {
      ++used[size_t(w.suit())];
      face[i] = w;
    } else {
      ++unsettled;
    }
  }
  int free_suits = 0;
  for (int s = 0; s < kSuits; ++s) {
    free_suits += used[size_t(s)] == 0;
    if (d.set_distinct_suits && used[size_t(s)] > 1) out.faults.set_suits = true;
  }
  if (d.set_distinct_suits && unsettled > free_suits) out.faults.set_suits = true;
  // Whole cards where the text wants them and the missing suits settle them.
  bool whole = false;
  switch (text.set_joker) {
    case SetJoker::kRank: break;
    case SetJoker::kCard:
      if (unsettled > 0 && unsettled != free_suits) out.faults.standin = true;
      whole = true;
      break;
    case SetJoker::kByGroupSize: whole = unsettled == free_suits; break;
  }
  if (whole && rank_only_named > 0) out.faults.standin = true;
  if (out.faults.any()) return out;
  out.valid = true;
  int next_free = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens[i].face.is_joker()) continue;
    if (!whole) {
      face[i] = Face::rank_only(rank);
    } else if (!face[i].is_natural()) {
      while (used[size_t(next_free)] != 0) ++next_free;
      face[i] = Face::natural(next_free, rank);
      used[size_t(next_free)] = 1;
    }
  }
  for (size_t i = 0; i < tokens.size(); ++i) out.reading.cards.push_back({face[i], tokens[i].face.is_joker(), kNewCard});
  std::sort(out.reading.cards.begin(), out.reading.cards.end(),
            [](const TableCard& a, const TableCard& b) { return a.face < b.face || (a.face == b.face && !a.joker && b.joker); });
  return out;
}

// ---- runs ------------------------------------------------------------------------------

struct RunTry {
  MeldFaults faults;
  std::vector<Reading> readings;  // distinct by their cards
  std::vector<int> disorder;      // of each reading: how far from the order written
};

// Whether a window of positions start..start+length-1 may hold a run: within ace low to ace
// high, or round the corner where the text allows it and no rank comes twice.
void window_faults(const MeldText& text, int start, int length, bool building, MeldFaults& f) {
  const int end = start + length - 1;
  if (end > kRanks + 1) {
    if (length > kRanks) f.run = true;
    else if (!(building ? text.shapes.corner_building : text.shapes.corner_melding)) f.corner = true;
    return;
  }
  if (end == kRanks + 1 && !text.shapes.ace_high) f.ace_high = true;
}

bool same_cards(const Reading& a, const Reading& b) {
  std::vector<Face> x, y;
  for (const TableCard& c : a.cards) x.push_back(c.face);
  for (const TableCard& c : b.cards) y.push_back(c.face);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

// How far the places of the cards, taken in the order written, are from rising: the pairs
// out of order.
int disorder(const std::vector<int>& slot_of) {
  int n = 0;
  for (size_t i = 0; i < slot_of.size(); ++i)
    for (size_t j = i + 1; j < slot_of.size(); ++j) n += slot_of[i] > slot_of[j];
  return n;
}

// One more reading. Of two with the same cards in other places (a run of every rank, cards
// that build at either end) the one nearest the order the cards are written in, the later
// of two as near (spec/: build.corner, meld.ace): the only thing that can tell them apart.
void add_reading(RunTry& t, Reading r, int disorder) {
  for (size_t i = 0; i < t.readings.size(); ++i)
    if (same_cards(t.readings[i], r)) {
      if (disorder <= t.disorder[i]) t.readings[i] = std::move(r), t.disorder[i] = disorder;
      return;
    }
  t.readings.push_back(std::move(r));
  t.disorder.push_back(disorder);
}

// Places `tokens` on the free positions of a window in `suit`: every card and every named
// joker on a position of its rank, bare jokers on what is left. `slots` holds what is
// already placed (empty where free); false when the tokens do not fit.
bool place(const std::vector<Token>& tokens, int suit, int start, std::vector<TableCard>& slots,
           std::vector<int>* slot_of = nullptr) {
  if (slot_of) slot_of->assign(tokens.size(), 0);
  for (int pass = 0; pass < 2; ++pass)
    for (size_t k = 0; k < tokens.size(); ++k) {
      const Token& t = tokens[k];
      if ((pass == 0) == bare_joker(t)) continue;
      const Face w = asked(t);
      int slot = -1;
      for (int i = 0; i < int(slots.size()) && slot < 0; ++i)
        if (slots[size_t(i)].face.is_none() && (pass == 1 || rank_at(start + i) == w.rank())) slot = i;
      if (slot < 0) return false;
      slots[size_t(slot)] = {Face::natural(suit, rank_at(start + slot)), t.face.is_joker(), kNewCard};
      if (slot_of) (*slot_of)[k] = slot;
    }
  return true;
}

// Whether every card and named joker has a place of its rank in the window of places
// start..start+length-1 (a rank r at place r, or at r + 13 round the corner).
bool ranks_fit(const std::vector<Token>& tokens, int start, int length) {
  const int end = start + length - 1;
  for (const Token& t : tokens) {
    const Face w = asked(t);
    if (w.is_none()) continue;
    const int r = w.rank();
    if (!((start <= r && r <= end) || (start <= r + kRanks && r + kRanks <= end))) return false;
  }
  return true;
}

RunTry try_run(const MeldText& text, const std::vector<Token>& tokens, int suit, bool building) {
  RunTry out;
  for (const Token& t : tokens) {
    const Face w = asked(t);
    if (t.face.is_joker() && (w.is_rank_only() || (w.is_natural() && w.suit() != suit))) out.faults.standin = true;
  }
  if (out.faults.standin) return out;
  const int n = int(tokens.size());
  MeldFaults refused;
  bool fitted = false;
  for (int start = 1; start <= kRanks; ++start) {
    if (!ranks_fit(tokens, start, n)) continue;
    std::vector<TableCard> slots(size_t(n), TableCard{Face::none(), false, 0});
    std::vector<int> slot_of;
    if (!place(tokens, suit, start, slots, &slot_of)) continue;
    fitted = true;
    MeldFaults w;
    window_faults(text, start, n, building, w);
    if (w.any()) {
      refused.run |= w.run, refused.corner |= w.corner, refused.ace_high |= w.ace_high;
      continue;
    }
    add_reading(out, Reading{true, slots}, disorder(slot_of));
  }
  if (!out.readings.empty()) return out;
  out.faults = refused;
  if (!fitted) out.faults.run = true;  // the cards are not in sequence
  return out;
}

}  // namespace

MeldFaults meld_faults(const MeldText& text, const std::vector<Token>& tokens, bool building, Reading* reading) {
  MeldFaults f;
  const int n = int(tokens.size());
  if (n < 3) f.size = true;
  if (n > 16) f.shape = true;
  // The natural cards decide which shapes to try: a set needs them all of one rank, a run
  // all of one suit (the text's set and run definitions).
  std::vector<Face> natural;
  for (const Token& t : tokens)
    if (!t.face.is_joker()) natural.push_back(t.face);
  if (int(natural.size()) < text.shapes.min_naturals) f.natural = true;
  if (f.any()) return f;
  const int rank = natural.empty() ? 0 : natural.front().rank();
  const int suit = natural.empty() ? -1 : natural.front().suit();
  const bool all_of_rank = std::all_of(natural.begin(), natural.end(), [&](Face c) { return c.rank() == rank; });
  const bool all_of_suit = std::all_of(natural.begin(), natural.end(), [&](Face c) { return c.suit() == suit; });

  SetTry set;
  RunTry run;
  if (all_of_rank) set = try_set(text, tokens, rank);
  if (all_of_suit) run = try_run(text, tokens, suit, building);
  const size_t readings = (set.valid ? 1 : 0) + run.readings.size();
  if (readings == 1) {
    if (reading) *reading = set.valid ? set.reading : run.readings[0];
    return f;
  }
  if (readings > 1) {  // the jokers' stand-ins must be said
    f.standin = true;
    return f;
  }
  if (all_of_rank && all_of_suit && natural.size() == 1) {
    f = set.faults;
    f.run |= run.faults.run, f.corner |= run.faults.corner, f.ace_high |= run.faults.ace_high, f.standin |= run.faults.standin;
    return f;
  }
  if (all_of_rank) return set.faults;  // two copies of a card too: a run never repeats a card
  if (all_of_suit) return run.faults;
  f.shape = true;
  return f;
}

MeldFaults layoff_faults(const MeldText& text, const TableMeld& meld, const std::vector<Token>& added, Reading* reading) {
  MeldFaults f;
  if (added.empty() || meld.size() + added.size() > 16) {
    f.fit = true;
    return f;
  }
  std::vector<Token> existing;
  for (const TableCard& c : meld) existing.push_back(c.joker ? Token{Face::joker(), c.face} : Token{c.face});
  // A set's cards share a rank; a run's never do.
  if (is_set(meld)) {
    const int rank = meld[0].face.rank();
    for (const Token& t : added) {
      const Face w = asked(t);
      if (!w.is_none() && w.rank() != rank) {
        (t.face.is_joker() ? f.standin : f.fit) = true;
        return f;
      }
    }
    std::vector<Token> all = existing;
    all.insert(all.end(), added.begin(), added.end());
    const SetTry s = try_set(text, all, rank);
    if (s.valid && reading) *reading = s.reading;
    return s.faults;
  }
  // A run: the cards already there keep their places; the new ones go below and above.
  const int suit = meld[0].face.suit();
  for (const Token& t : added)
    if (!t.face.is_joker() && t.face.suit() != suit) {
      f.fit = true;
      return f;
    }
  for (const Token& t : added) {
    const Face w = asked(t);
    if (t.face.is_joker() && (w.is_rank_only() || (w.is_natural() && w.suit() != suit))) f.standin = true;
  }
  if (f.standin) return f;
  const int m = int(meld.size()), k = int(added.size());
  const int start = meld[0].face.rank();  // a run starts at a position from 1 to 13
  RunTry run;
  MeldFaults refused;
  for (int below = 0; below <= k; ++below) {
    int from = start - below;
    if (from < 1) from += kRanks;  // round the corner below the ace
    if (!ranks_fit(added, from, m + k)) continue;
    std::vector<TableCard> slots(size_t(m + k), TableCard{Face::none(), false, 0});
    for (int i = 0; i < m; ++i) slots[size_t(below + i)] = meld[size_t(i)];  // keeping who laid them
    std::vector<int> added_at, order;  // the places of the meld's cards, then of the added ones
    if (!place(added, suit, from, slots, &added_at)) continue;
    for (int i = 0; i < m; ++i) order.push_back(below + i);
    order.insert(order.end(), added_at.begin(), added_at.end());
    MeldFaults w;
    window_faults(text, from, m + k, true, w);
    if (w.any()) {
      refused.run |= w.run, refused.corner |= w.corner, refused.ace_high |= w.ace_high;
      continue;
    }
    add_reading(run, Reading{true, slots}, disorder(order));
  }
  if (run.readings.size() == 1) {
    if (reading) *reading = run.readings[0];
    return f;
  }
  if (run.readings.size() > 1) {
    f.standin = true;
    return f;
  }
  if (refused.any()) return refused;
  // Nowhere to go: a card whose rank the run already holds builds on a place that is taken.
  for (const Token& t : added)
    if (!t.face.is_joker())
      for (const TableCard& c : meld)
        if (c.face.rank() == t.face.rank()) f.taken = true;
  if (!f.taken) f.fit = true;
  return f;
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
  // answers are kept, by the pool and what is asked (and the table, where a joker may not
  // stand for a card on it).
  static thread_local std::unordered_map<std::string, bool> known;
  std::string key;
  std::vector<Face> sorted = pool;
  std::sort(sorted.begin(), sorted.end());
  for (const Face& c : sorted) key += char(c.code());
  key += char(0xFE), key += char(f.code()), key += char(sets), key += char(runs), key += char(distinct), key += char(all_cards);
  key += char(text.shapes.set_max), key += char(text.shapes.set_distinct_suits), key += char(text.shapes.ace_high);
  key += char(text.shapes.corner_melding), key += char(int(text.set_joker));
  if (text.joker_not_on_table)
    for (const PlacedMeld& m : at.table)
      for (const TableCard& t : m.cards) key += char(t.face.code()), key += char(t.joker);
  if (auto it = known.find(key); it != known.end()) return it->second;
  if (known.size() > 100000) known.clear();
  return known[key] = search_contract(text, pool, f, sets, runs, distinct, all_cards, at);
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

bool can_use(const MeldText& text, const std::vector<Face>& pool, Face f, bool melds, bool layoffs, const Position& at,
             bool meld_before_layoff, bool keep_a_card) {
  std::vector<Face> others;  // the pool but one card of face f
  bool skipped = false;
  for (const Face& c : pool) {
    if (c == f && !skipped) skipped = true;
    else others.push_back(c);
  }
  // A meld of three with f: f and two cards of the pool near it, any joker named some way
  // (a longer meld holds one of three, where the text allows the three).
  if (melds)
    for (size_t a = 0; a < others.size(); ++a) {
      if (!related(f, others[a])) continue;
      for (size_t b = a + 1; b < others.size(); ++b)
        if (related(f, others[b]) && related(others[a], others[b]) &&
            some_naming_melds(text, {{f}, {others[a]}, {others[b]}}, at))
          return true;
    }
  // f built on a meld, alone or with more cards of the pool.
  if (layoffs)
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
        if (keep_a_card && added.size() >= pool.size()) return false;
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
          if (!meld_before_layoff) return true;
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

bool fits_some_meld(const MeldText& text, Face f, const Position& at) {
  return can_use(text, {f}, f, false, true, at);  // a joker named any way it could stand
}

}  // namespace meldcheck::oracle
