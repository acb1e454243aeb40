// The legal actions of a state: candidates from the search, kept when apply would accept
// them, so that the enumeration and apply can never disagree.
#include <algorithm>

#include "engine/internal.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace meldcheck {
namespace {

constexpr int kMaxContractCombos = 256;

struct Collector {
  const GameState& s;
  const RuleSet& r;
  std::vector<Action>& out;

  void offer(const Action& a) {
    if (check_action(s, r, a) == Check::kNone) out.push_back(a);
  }
};

Action base(ActionKind kind, int player) {
  Action a;
  a.kind = kind;
  a.player = uint8_t(player);
  return a;
}

void add_group(Action& a, std::span<const Token> tokens) {
  a.cards.open_group();
  for (const Token& t : tokens) a.cards.add(t);
}

void each_distinct_face(CardSet cards, auto&& f) {
  FaceCounts counts = face_counts(cards);
  for (int code = 0; code <= kFaces; ++code)
    if (counts.n[code]) f(Face::from_code(uint8_t(code)));
}

using Melds = std::vector<std::vector<Token>>;

Melds melds_from(const RuleSet& r, const FaceCounts& pool) {
  Melds out;
  detail::for_each_meld(r.meld, pool, [&](std::span<const Token> t) {
    out.emplace_back(t.begin(), t.end());
    return true;
  });
  return out;
}

// Sets of disjoint melds from `hand` of `size` melds (or any size up to it when
// `exact` is false), each passed to emit(chosen indices) until `limit` are emitted.
template <typename Emit>
void disjoint_melds(const Melds& candidates, const FaceCounts& hand, int size, bool exact, int limit, Emit&& emit) {
  std::vector<int> chosen;
  int emitted = 0;
  auto search = [&](auto&& self, size_t from, const FaceCounts& left) -> void {
    if (emitted >= limit) return;
    if (!chosen.empty() && (!exact || int(chosen.size()) == size)) emitted += emit(chosen);
    if (int(chosen.size()) == size) return;
    for (size_t i = from; i < candidates.size(); ++i) {
      FaceCounts rest = left;
      bool fits = true;
      for (const Token& t : candidates[i]) fits &= rest[t.face]-- > 0;
      if (!fits) continue;
      chosen.push_back(int(i));
      self(self, i + 1, rest);
      chosen.pop_back();
    }
  };
  search(search, 0, hand);
}

// The round's contract as one action: disjoint melds of the kinds it asks for.
void contract_melds(Collector& c, int p, const FaceCounts& hand) {
  const auto& contracts = c.r.opening.contracts;
  const ContractRound want = contracts[std::min<size_t>(c.s.round, contracts.size()) - 1];
  const Melds candidates = melds_from(c.r, hand);
  disjoint_melds(candidates, hand, want.sets + want.runs, true, kMaxContractCombos, [&](const std::vector<int>& chosen) {
    Action a = base(ActionKind::kMeld, p);
    for (int i : chosen) add_group(a, candidates[i]);
    c.offer(a);
    return 1;
  });
}

// The table as it stands, as the groups of an arrange step.
Action table_as_arrange(const GameState& s, int p) {
  Action a = base(ActionKind::kArrange, p);
  for (const Meld& m : s.table.all()) {
    a.cards.open_group();
    for (int i = 0; i < m.shape.size; ++i)
      a.cards.add(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
  }
  return a;
}

// A free-rearrangement turn: the best arrangement, and simpler ones to sample from (an
// opening of a few new sets; after it, one new set, or one tile added to a set).
void arrange_moves(Collector& c, int p) {
  const GameState& s = c.s;
  const Placement best = best_arrangement(s, c.r, c.r.table.best_move);
  if (best.found) {
    Action a = base(ActionKind::kArrange, p);
    a.cards = best.sets;
    c.offer(a);
  }
  const FaceCounts rack = face_counts(s.hand(p));
  const Melds candidates = melds_from(c.r, rack);
  const Action table = table_as_arrange(s, p);
  const int set_limit = s.players[p].opened ? 1 : kMaxMelds;
  disjoint_melds(candidates, rack, set_limit, false, kMaxContractCombos, [&](const std::vector<int>& chosen) {
    Action a = table;
    for (int i : chosen) add_group(a, candidates[i]);
    c.offer(a);
    return 1;
  });
  if (!s.players[p].opened) return;
  for (int m = 0; m < s.table.count; ++m) {
    detail::for_each_layoff(c.r.meld, rack, s.table.melds[m].shape, [&](std::span<const Token> added) {
      if (added.size() != 1) return true;
      Action a = base(ActionKind::kArrange, p);
      for (int g = 0; g < table.cards.groups(); ++g) {
        a.cards.open_group();
        for (const Token& t : table.cards.group(g)) a.cards.add(t);
        if (g == m) a.cards.add(added[0]);
      }
      c.offer(a);
      return true;
    });
  }
}

void draw_phase(Collector& c, int p) {
  c.offer(base(ActionKind::kDraw, p));
  if (c.r.table.free_rearrangement) {
    arrange_moves(c, p);
    c.offer(base(ActionKind::kTimeout, p));
  }
  for (int n = 1; n <= c.s.discard.size(); ++n) {
    Action a = base(ActionKind::kTake, p);
    a.take.kind = TakeSpec::Kind::kCount;
    a.take.count = uint8_t(n);
    c.offer(a);
  }
  c.offer(base(ActionKind::kPass, p));
}

void play_phase(Collector& c, int p) {
  const GameState& s = c.s;
  const FaceCounts hand = face_counts(s.hand(p));
  if (c.r.opening.form == OpeningForm::kContract && !s.players[p].opened) {
    contract_melds(c, p, hand);
  } else {
    detail::for_each_meld(c.r.meld, hand, [&](std::span<const Token> t) {
      Action a = base(ActionKind::kMeld, p);
      add_group(a, t);
      c.offer(a);
      return true;
    });
  }
  for (const Meld& m : s.table.all()) {
    detail::for_each_layoff(c.r.meld, hand, m.shape, [&](std::span<const Token> t) {
      Action a = base(ActionKind::kLayoff, p);
      a.meld_id = m.id;
      add_group(a, t);
      c.offer(a);
      return true;
    });
    for (int i = 0; i < m.shape.size; ++i) {
      if (!m.shape.joker(i)) continue;
      each_distinct_face(s.hand(p), [&](Face f) {
        if (!f.is_natural() || f.rank() != m.shape.faces[i].rank()) return;
        Action a = base(ActionKind::kSwap, p);
        a.meld_id = m.id;
        a.card = f;
        c.offer(a);
      });
    }
  }
  each_distinct_face(s.hand(p), [&](Face f) {
    Action a = base(ActionKind::kDiscard, p);
    a.card = f;
    c.offer(a);
  });
  c.offer(base(ActionKind::kPass, p));  // where a turn ends without a discard
}

// Claims by the other players on the discard pile.
void claims(Collector& c) {
  const GameState& s = c.s;
  if (c.r.claim == ClaimRule::kNone || s.offer.from == kNoPlayer || s.discard.empty()) return;
  for (int q = 0; q < s.num_players; ++q) {
    if (c.r.claim == ClaimRule::kBuy) {
      Action a = base(ActionKind::kClaim, q);
      a.take.kind = TakeSpec::Kind::kCount;
      a.take.count = 1;
      c.offer(a);
      continue;
    }
    // Rummy takes any depth; a snap takes the discard alone.
    const int max_depth = c.r.claim == ClaimRule::kRummy ? s.discard.size() : 1;
    for (int n = 1; n <= max_depth; ++n) {
      FaceCounts taken;
      for (int i = s.discard.size() - n; i < s.discard.size(); ++i) ++taken[face_of(s.discard.at(i))];
      const Face deepest = face_of(s.discard.at(s.discard.size() - n));
      Action a = base(ActionKind::kClaim, q);
      a.take.kind = TakeSpec::Kind::kCount;
      a.take.count = uint8_t(n);
      if (c.r.claim == ClaimRule::kRummy) {
        detail::for_each_meld(c.r.meld, taken, [&](std::span<const Token> t) {
          if (!detail::has_face(t, deepest)) return true;
          Action m = a;
          add_group(m, t);
          c.offer(m);
          return true;
        });
      }
      for (const Meld& meld : s.table.all()) {
        detail::for_each_layoff(c.r.meld, taken, meld.shape, [&](std::span<const Token> t) {
          if (!detail::has_face(t, deepest)) return true;
          Action l = a;
          l.claim_layoff = true;
          l.meld_id = meld.id;
          add_group(l, t);
          c.offer(l);
          return true;
        });
      }
    }
  }
}

}  // namespace

void legal_actions(const GameState& state, const RuleSet& rules, std::vector<Action>& out) {
  out.clear();
  Collector c{state, rules, out};
  if (state.hand_over) {
    Action a = base(ActionKind::kNextHand, state.to_move);
    a.seed = state.rng;
    c.offer(a);
    return;
  }
  const int p = state.to_move;
  switch (state.phase) {
    case Phase::kDraw: draw_phase(c, p); break;
    case Phase::kPlay: play_phase(c, p); break;
    case Phase::kRow:
      each_distinct_face(state.hand(p), [&](Face f) {
        Action a = base(ActionKind::kDiscard, p);
        a.card = f;
        c.offer(a);
      });
      break;
  }
  claims(c);
}

}  // namespace meldcheck
