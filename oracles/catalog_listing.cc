// What a player may do, where the list is small: every draw, take, discard, layoff onto
// each table meld, swap, claim and pass the rules allow in a position. Candidates are made
// from the texts' shapes (a set's missing suits, a run's places below and above it, each
// filled by a natural card or a joker), and the catalog's clauses keep those they allow.
#include <algorithm>
#include <array>
#include <functional>
#include <string>

#include "oracles/catalog.h"
#include "oracles/catalog_rules.h"

namespace meldcheck::oracle {
namespace {

// The cards of a pool, by face, and its jokers.
struct Held {
  std::array<int, kFaces> count{};
  int jokers = 0;
  explicit Held(const std::vector<Face>& pool) {
    for (const Face& f : pool) (f.is_joker() ? jokers : count[f.code()]) += 1;
  }
};

using Suits = std::array<bool, kSuits>;

// Jokers named for a set of rank r laid with `used` suits: by rank alone, or as whole cards
// of the suits still missing, each naming tried, where the text wants whole cards.
void name_set_jokers(const MeldText& text, int r, int jokers, Suits used, std::vector<Token>& tokens,
                     const std::function<void(const std::vector<Token>&)>& visit) {
  if (jokers == 0) {
    visit(tokens);
    return;
  }
  if (text.set_joker == SetJoker::kRank) {
    tokens.push_back({Face::joker(), Face::rank_only(r)});
    name_set_jokers(text, r, jokers - 1, used, tokens, visit);
    tokens.pop_back();
    return;
  }
  for (int s = 0; s < kSuits; ++s) {
    if (used[size_t(s)]) continue;
    used[size_t(s)] = true;
    tokens.push_back({Face::joker(), Face::natural(s, r)});
    name_set_jokers(text, r, jokers - 1, used, tokens, visit);
    tokens.pop_back();
    used[size_t(s)] = false;
  }
}

// Cards of rank r from `held` (each suit up to what is held) and some jokers, at least
// `least` in all and one of face `with` (or a joker, `with` being one), with `already` the
// suits the set holds.
void each_set_part(const MeldText& text, const Held& held, int r, Face with, size_t least, const Suits& already,
                   const std::function<void(const std::vector<Token>&)>& visit) {
  std::array<int, kSuits> take{};
  std::vector<Token> tokens;
  auto suits = [&](auto&& self, int s) -> void {
    if (s == kSuits) {
      if (with.is_natural() && take[size_t(with.suit())] == 0) return;
      tokens.clear();
      Suits used = already;
      for (int k = 0; k < kSuits; ++k)
        for (int i = 0; i < take[size_t(k)]; ++i) tokens.push_back({Face::natural(k, r)}), used[size_t(k)] = true;
      const size_t naturals = tokens.size();
      for (int j = with.is_joker() ? 1 : 0; j <= held.jokers; ++j) {
        if (naturals + size_t(j) < least || naturals + size_t(j) == 0) continue;
        name_set_jokers(text, r, j, used, tokens, visit);  // leaves tokens as it found them
      }
      return;
    }
    for (int n = 0; n <= held.count[Face::natural(s, r).code()]; ++n) {
      take[size_t(s)] = n;
      self(self, s + 1);
    }
    take[size_t(s)] = 0;
  };
  suits(suits, 0);
}

// The places places[i..] (faces of a run's places) each filled by a natural card of the
// pool or a joker, the cards so far in `tokens`; visit(tokens) once every place is filled.
template <class Visit>
void each_run_fill(const Held& held, const std::vector<Face>& places, size_t i, std::vector<Token>& tokens, int jokers_used,
                   std::array<int, kFaces>& used, Visit&& visit) {
  if (i == places.size()) {
    visit(tokens);
    return;
  }
  const Face f = places[i];
  if (used[f.code()] < held.count[f.code()]) {
    ++used[f.code()];
    tokens.push_back({f});
    each_run_fill(held, places, i + 1, tokens, jokers_used, used, visit);
    tokens.pop_back();
    --used[f.code()];
  }
  if (jokers_used < held.jokers) {
    tokens.push_back({Face::joker(), f});
    each_run_fill(held, places, i + 1, tokens, jokers_used + 1, used, visit);
    tokens.pop_back();
  }
}

// The faces of a run's places from..to in suit s (ranks wrapping round the corner).
void run_places(int s, int from, int to, std::vector<Face>& out) {
  out.clear();
  for (int k = from; k <= to; ++k) out.push_back(Face::natural(s, rank_at(k)));
}

bool holds_face(const std::vector<Token>& tokens, Face f) {
  return std::any_of(tokens.begin(), tokens.end(), [&](const Token& t) { return t.face == f; });
}

// Every new meld of cards from `pool` holding a card of face `with` (a joker: at least one).
void each_meld_with(const MeldText& text, const std::vector<Face>& pool, Face with,
                    const std::function<void(const std::vector<Token>&)>& visit) {
  const Held held(pool);
  std::vector<Face> anchors;
  if (with.is_natural()) anchors.push_back(with);
  else
    for (int f = 0; f < kFaces; ++f)
      if (held.count[size_t(f)]) anchors.push_back(Face::from_code(uint8_t(f)));
  for (const Face& a : anchors) {
    auto keep = [&](const std::vector<Token>& t) {
      if (with.is_joker() && !holds_face(t, Face::joker())) return;
      visit(t);
    };
    each_set_part(text, held, a.rank(), a, 3, Suits{}, keep);
    // Runs: every window of places holding the anchor's rank (at its place, or 13 places on
    // round the corner) whose places without a card of the pool the jokers can fill.
    std::vector<Token> tokens;
    std::vector<Face> places;
    std::array<int, kFaces> used{};
    for (int place : {a.rank(), a.rank() + kRanks})
      for (int low = std::max(1, place - kRanks + 1); low <= place && low <= kRanks + 1; ++low)
        for (int high = std::max(place, low + 2); high <= low + kRanks - 1; ++high) {
          int gaps = 0;
          for (int k = low; k <= high; ++k) gaps += held.count[Face::natural(a.suit(), rank_at(k)).code()] == 0;
          if (gaps > held.jokers) {
            if (high > place) break;  // longer windows only add places
            continue;
          }
          tokens.clear();
          used.fill(0);
          run_places(a.suit(), low, high, places);
          each_run_fill(held, places, 0, tokens, 0, used, [&](const std::vector<Token>& t) {
            if (holds_face(t, a)) keep(t);
          });
        }
  }
}

// Every layoff of cards from `pool` onto `meld`, holding a card of face `with` unless it is
// none: a set's other suits, or a run's places below and above it.
void each_layoff(const MeldText& text, const TableMeld& meld, const Held& held, Face with,
                 const std::function<void(const std::vector<Token>&)>& visit) {
  // Only a joker, or a card of the set's rank or the run's suit, goes onto it.
  if (with.is_natural() && (is_set(meld) ? with.rank() != meld[0].face.rank() : with.suit() != meld[0].face.suit())) return;
  auto keep = [&](const std::vector<Token>& t) {
    if (t.empty() || (!with.is_none() && !holds_face(t, with))) return;
    visit(t);
  };
  if (is_set(meld)) {
    // Without a joker, a layoff onto a set needs a card of its rank.
    const int rank = meld[0].face.rank();
    int of_rank = held.jokers;
    for (int s = 0; s < kSuits; ++s) of_rank += held.count[Face::natural(s, rank).code()];
    if (of_rank == 0) return;
    Suits already{};
    for (const TableCard& c : meld)
      if (c.face.is_natural()) already[size_t(c.face.suit())] = true;
    each_set_part(text, held, meld[0].face.rank(), with.is_none() ? Face::none() : with, 1, already, keep);
    return;
  }
  const int s = meld[0].face.suit(), m = int(meld.size());
  const int low = meld[0].face.rank();  // the run's places are low .. low + m - 1
  // Without a joker, a layoff onto a run needs the card next to one of its ends.
  if (held.jokers == 0 && held.count[Face::natural(s, rank_at(low - 1)).code()] == 0 &&
      held.count[Face::natural(s, rank_at(low + m)).code()] == 0)
    return;
  // A place no card of the pool fills takes a joker: more such places than jokers, and
  // every longer layoff on that side fails too.
  auto gap = [&](int place) { return held.count[Face::natural(s, rank_at(place)).code()] == 0; };
  static thread_local std::vector<Token> tokens;  // storage kept from call to call
  static thread_local std::vector<Face> places, above_places;
  std::array<int, kFaces> used{};
  int gaps_below = 0;
  for (int below = 0; below + m <= kRanks + 1; ++below) {
    if (below > 0) gaps_below += gap(low - below);
    if (gaps_below > held.jokers) break;
    int gaps_above = 0;
    for (int above = 0; below + above + m <= kRanks + 1; ++above) {
      if (above > 0) gaps_above += gap(low + m + above - 1);
      if (gaps_below + gaps_above > held.jokers) break;
      if (below + above == 0) continue;
      // The places below the run, then those above it, filled in one go.
      tokens.clear();
      used.fill(0);
      run_places(s, low - below, low - 1, places);
      run_places(s, low + m, low + m + above - 1, above_places);
      places.insert(places.end(), above_places.begin(), above_places.end());
      each_run_fill(held, places, 0, tokens, 0, used, keep);
    }
  }
}

}  // namespace

std::vector<Move> Catalog::small_moves(const Position& at) const {
  std::vector<Move> out;
  if (at.hand_over) return out;
  // Only steps of this game and of this phase are tried: the contract's core rules refuse
  // the others whatever they hold (an engine that lists one still meets the catalog's
  // verdict on it).
  auto offer = [&](const Move& m) {
    if (step_fits(at, m.kind) && allows(at, m)) out.push_back(m);
  };
  const int p = at.to_move;
  const std::vector<Face>& hand = at.seats[size_t(p)].hand;
  Move base;
  base.player = p;
  for (MoveKind k : {MoveKind::kDraw, MoveKind::kPass}) {
    base.kind = k;
    offer(base);
  }
  for (int n = 1; n <= int(at.pile.size()); ++n) {
    Move t = base;
    t.kind = MoveKind::kTake;
    t.take_count = n;
    offer(t);
  }
  std::vector<Face> faces = hand;
  std::sort(faces.begin(), faces.end());
  faces.erase(std::unique(faces.begin(), faces.end()), faces.end());
  for (const Face& f : faces) {
    Move d = base;
    d.kind = MoveKind::kDiscard;
    d.card = f;
    offer(d);
  }
  const Held held(hand);
  Move l = base;  // a layoff, its cards' storage kept from one to the next
  l.kind = MoveKind::kLayoff;
  l.groups.resize(1);
  for (const PlacedMeld& m : at.table) {
    each_layoff(text_, m.cards, held, Face::none(), [&](const std::vector<Token>& t) {
      l.meld_id = m.id;
      l.groups[0] = t;
      offer(l);
    });
    if (std::none_of(m.cards.begin(), m.cards.end(), [](const TableCard& c) { return c.joker; })) continue;
    for (const Face& f : faces) {
      // A joker stands for a card of its rank: no card of another rank could free it.
      const bool of_a_joker_rank = std::any_of(m.cards.begin(), m.cards.end(),
                                               [&](const TableCard& c) { return c.joker && c.face.rank() == f.rank(); });
      if (!f.is_natural() || !of_a_joker_rank) continue;
      Move s = base;
      s.kind = MoveKind::kSwap;
      s.meld_id = m.id;
      s.card = f;
      offer(s);
    }
  }
  // Claims by any player: the pile's newest cards down to some depth, laid at once (a new
  // meld or a layoff holding the deepest), or a buy of the newest alone.
  const rules::Outcomes& o = rules_->outcomes;
  const int depth = o.claim_depth ? std::min<int>(o.claim_depth, int(at.pile.size())) : int(at.pile.size());
  std::vector<int> claimers;
  for (int q = 0; q < at.players; ++q)
    if (may_claim(at, q)) claimers.push_back(q);
  for (int n = 1; n <= depth && !claimers.empty(); ++n) {
    // The claims of this depth, the same cards for every claimer.
    Move c;
    c.kind = MoveKind::kClaim;
    c.take_count = n;
    std::vector<Move> uses;
    if (n == 1) uses.push_back(c);  // a buy
    if (o.claim_lays) {
      const std::vector<Face> taken(at.pile.end() - n, at.pile.end());
      const Face deepest = taken.front();
      each_meld_with(text_, taken, deepest, [&](const std::vector<Token>& t) {
        uses.push_back(c);
        uses.back().groups = {t};
      });
      const Held from_pile(taken);
      for (const PlacedMeld& m : at.table)
        each_layoff(text_, m.cards, from_pile, deepest, [&](const std::vector<Token>& t) {
          uses.push_back(c);
          uses.back().claim_layoff = true;
          uses.back().meld_id = m.id;
          uses.back().groups = {t};
        });
    }
    // Once the claim's window is open to a player (may_claim), what the claim takes and
    // lays is judged alike for every claimer: judged once, listed for each.
    for (Move& u : uses) {
      u.player = claimers.front();
      if (!allows(at, u)) continue;
      for (int q : claimers) {
        u.player = q;
        out.push_back(u);
      }
    }
  }
  return out;
}

uint64_t Catalog::move_key(const Position& at, const Move& m) const {
  // FNV-1a over the move's kind, player, what it takes or names, and the cards it lays
  // (jokers with their stand-ins) in any order: the order written is free (where it picks
  // among places of the same cards, both lists leave it to the same reading).
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
  mix(uint64_t(m.kind)), mix(uint64_t(m.player));
  switch (m.kind) {
    case MoveKind::kTake: mix(uint64_t(m.take_size(at.pile))); break;
    case MoveKind::kDiscard:
    case MoveKind::kSwap: mix(m.card.code()), mix(uint64_t(m.kind == MoveKind::kSwap ? m.meld_id : 0)); break;
    case MoveKind::kLayoff:
    case MoveKind::kClaim: {
      mix(uint64_t(m.kind == MoveKind::kClaim ? m.take_size(at.pile) : 0));
      mix(uint64_t(m.kind == MoveKind::kLayoff || m.claim_layoff ? 100 + m.meld_id : 0));
      for (const auto& g : m.groups) {
        std::array<uint16_t, 32> cards{};
        size_t n = 0;
        for (const Token& t : g)
          if (n < cards.size()) cards[n++] = uint16_t(t.face.code() << 8 | t.standin.code());
        std::sort(cards.begin(), cards.begin() + long(n));
        for (size_t i = 0; i < n; ++i) mix(cards[i]);
        mix(0xFFFF);  // the group's end
      }
      break;
    }
    default: break;
  }
  return h;
}

}  // namespace meldcheck::oracle
