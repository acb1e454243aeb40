// The legal actions of a state: candidates from the search, kept when apply would accept
// them, so that the enumeration and apply can never disagree.
#include <algorithm>

#include "engine/fault.h"
#include "engine/internal.h"
#include "engine/search.h"
#include "engine/solver.h"

namespace meldcheck {
namespace {

constexpr int kMaxContractCombos = 256;

// The cards an action lays, as a count of each face (a joker as a joker, whatever it stands for).
FaceCounts laid_faces(const Action& a) {
  FaceCounts c;
  for (int g = 0; g < a.cards.groups(); ++g)
    for (const Token& t : a.cards.group(g))
      if (t.face.code() < c.n.size()) ++c[t.face];
  return c;
}

struct Collector {
  const GameState& s;
  const RuleSet& r;
  std::vector<Action>& out;
  CheckTally* refused;
  std::vector<Action>* dropped;
  bool solver = true;  // the solver's arrangement where a Rummikub turn has no simple one
  ActionKinds kinds = ActionKinds::all();
  // Only candidates laying these cards are checked and kept (is_listed: the same move lays
  // the same cards, so the others need no check).
  const FaceCounts* cards = nullptr;
  bool check = true;  // false: every candidate kept, for the caller to check (quick_candidates)

  bool wants(ActionKind k) const { return kinds.has(k); }

  // A candidate made in place at the back of the list; keep_if_legal() keeps it only if
  // apply would accept it. Nothing may be proposed before the last one is settled.
  Action& propose(ActionKind kind, int player) {
    Action& a = out.emplace_back();
    a.kind = kind;
    a.player = uint8_t(player);
    return a;
  }
  Action& propose(const Action& like) { return out.emplace_back(like); }
  void keep_if_legal() {
    if (cards && laid_faces(out.back()) != *cards) return out.pop_back();
    if (!check) return;
    const Refusal c = check_action(s, r, out.back());
    if (c == Refusal::kNone) return;
    if (dropped) dropped->push_back(out.back());
    out.pop_back();
    if (refused) ++(*refused)[int(c)];
  }
  void offer(ActionKind kind, int player) {
    if (!wants(kind)) return;
    propose(kind, player);
    keep_if_legal();
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

// Whether `part` has no more of any face than `whole`.
bool within(const FaceCounts& part, const FaceCounts& whole) {
  for (size_t f = 0; f < part.n.size(); ++f)
    if (part.n[f] > whole.n[f]) return false;
  return true;
}

void each_distinct_face(CardSet cards, auto&& f) {
  FaceCounts counts = face_counts(cards);
  for (int code = 0; code <= kFaces; ++code)
    if (counts.n[code]) f(Face::from_code(uint8_t(code)));
}

// The round's contract as one action: disjoint melds of the kinds it asks for.
void contract_melds(Collector& c, int p, const detail::Pool& hand) {
  const auto& contracts = c.r.opening.contracts;
  const ContractRound want = contracts[std::min<size_t>(c.s.round, contracts.size()) - 1];
  const detail::MeldList candidates = detail::melds_from(c.r.meld, hand, &want);
  detail::disjoint_melds(
      candidates, hand.counts, want.sets + want.runs, true, kMaxContractCombos,
      [&](std::span<const int> chosen) {
        Action& a = c.propose(ActionKind::kMeld, p);
        for (int i : chosen) add_group(a, candidates[size_t(i)]);
        c.keep_if_legal();
        return 1;
      },
      &want, c.r.opening.contract_distinct);
}

// The table as it stands, as the groups of an arrange step.
Action table_as_arrange(const GameState& s, int p) {
  Action a = base(ActionKind::kArrange, p);
  add_table_groups(s, a.cards);
  return a;
}

// A free-rearrangement turn: the simple arrangements (an opening of a few new sets; after
// it, one new set, or one tile added to a set), and where there is none, one the solver
// finds, so that `arrange` is listed whenever it is legal. The best move is the solver's
// to answer (best_arrangement), not the enumeration's: a move is all a list needs.
void arrange_moves(Collector& c, int p) {
  const GameState& s = c.s;
  // A rack short of the opening's points lists nothing: a big one with jokers forms tens of
  // thousands of melds, each combination of which the opening would refuse (spec_fuzz: a
  // Rummikub opening of 1,000 points, its racks growing a tile a turn, spent most of a ten-
  // minute run listing them).
  if (!detail::opening_within_reach(s, c.r, p)) return;
  const size_t listed_before = c.out.size();
  const detail::Pool rack(s.hand(p));
  const detail::MeldList candidates = detail::melds_from(c.r.meld, rack);
  const Action table = table_as_arrange(s, p);
  const int set_limit = s.players[p].opened ? 1 : detail::kMaxMeldsInAction;
  detail::disjoint_melds(candidates, rack.counts, set_limit, false, kMaxContractCombos, [&](std::span<const int> chosen) {
    Action& a = c.propose(table);
    for (int i : chosen) add_group(a, candidates[size_t(i)]);
    c.keep_if_legal();
    return 1;
  });
  for (int m = 0; s.players[p].opened && m < s.table.count; ++m) {
    detail::for_each_layoff(c.r.meld, rack, s.table.melds[m].shape, [&](std::span<const Token> added) {
      if (added.size() != 1) return true;
      Action& a = c.propose(ActionKind::kArrange, p);
      for (int g = 0; g < table.cards.groups(); ++g) {
        a.cards.open_group();
        for (const Token& t : table.cards.group(g)) a.cards.add(t);
        if (g == m) a.cards.add(added[0]);
      }
      c.keep_if_legal();
      return true;
    });
  }
  if (!c.solver || c.out.size() > listed_before) return;
  const Placement found = some_arrangement(s, c.r);
  if (!found.found) return;
  Action& a = c.propose(ActionKind::kArrange, p);
  a.cards = found.sets;
  c.keep_if_legal();
}

void draw_phase(Collector& c, int p) {
  c.offer(ActionKind::kDraw, p);
  if (c.r.table.free_rearrangement) {
    if (c.wants(ActionKind::kArrange)) arrange_moves(c, p);
    c.offer(ActionKind::kTimeout, p);
  }
  for (int n = 1; c.wants(ActionKind::kTake) && n <= c.s.discard.size(); ++n) {
    Action& a = c.propose(ActionKind::kTake, p);
    a.take.kind = TakeSpec::Kind::kCount;
    a.take.count = uint8_t(n);
    c.keep_if_legal();
  }
  c.offer(ActionKind::kPass, p);
}

void play_phase(Collector& c, int p) {
  const GameState& s = c.s;
  const detail::Pool hand(s.hand(p));
  const bool contract = c.r.opening.form == OpeningForm::kContract && !s.players[p].opened;
  if (c.wants(ActionKind::kMeld) && contract) {
    contract_melds(c, p, hand);
  } else if (c.wants(ActionKind::kMeld)) {
    detail::for_each_meld(c.r.meld, hand, [&](std::span<const Token> t) {
      Action& a = c.propose(ActionKind::kMeld, p);
      add_group(a, t);
      c.keep_if_legal();
      return true;
    });
  }
  for (const Meld& m : s.table.all()) {
    if (c.wants(ActionKind::kLayoff)) detail::for_each_layoff(c.r.meld, hand, m.shape, [&](std::span<const Token> t) {
      Action& a = c.propose(ActionKind::kLayoff, p);
      a.meld_id = m.id;
      add_group(a, t);
      c.keep_if_legal();
      return true;
    });
    for (int i = 0; c.wants(ActionKind::kSwap) && i < m.shape.size; ++i) {
      if (!m.shape.joker(i)) continue;
      each_distinct_face(s.hand(p), [&](Face f) {
        if (!f.is_natural() || f.rank() != m.shape.faces[i].rank()) return;
        Action& a = c.propose(ActionKind::kSwap, p);
        a.meld_id = m.id;
        a.card = f;
        c.keep_if_legal();
      });
    }
  }
  if (c.wants(ActionKind::kDiscard)) each_distinct_face(s.hand(p), [&](Face f) {
    Action& a = c.propose(ActionKind::kDiscard, p);
    a.card = f;
    c.keep_if_legal();
  });
  c.offer(ActionKind::kPass, p);  // where a turn ends without a discard
  if (fault("enumerate-foreign")) {
    Action a = base(ActionKind::kDiscard, p);
    a.card = Face::natural(0, 1);
    if (s.hand(p).find(a.card) == kNoCard) c.out.push_back(a);
  }
}

// Claims by the other players on the discard pile, while the ruleset's window for them is
// open. The candidates of a depth are the same for every claimer: found once, offered by each.
void claims(Collector& c) {
  const GameState& s = c.s;
  if (!c.wants(ActionKind::kClaim) || c.r.claim == ClaimRule::kNone || s.discard.empty() ||
      !detail::claim_window_open(s, c.r))
    return;
  auto offer_by_each = [&](const Action& a) {
    for (int q = 0; q < s.num_players; ++q) {
      c.propose(a).player = uint8_t(q);
      c.keep_if_legal();
    }
  };
  Action a = base(ActionKind::kClaim, 0);
  a.take.kind = TakeSpec::Kind::kCount;
  if (c.r.claim == ClaimRule::kBuy) {
    a.take.count = 1;
    offer_by_each(a);
    return;
  }
  // Rummy takes any depth, using the deepest card taken; a snap takes the discard alone.
  const int max_depth = c.r.claim == ClaimRule::kRummy ? s.discard.size() : 1;
  detail::Pool taken;
  for (int n = 1; n <= max_depth; ++n) {
    const Face deepest = face_of(s.discard.at(s.discard.size() - n));
    taken.add(deepest);
    a.take.count = uint8_t(n);
    if (c.r.claim == ClaimRule::kRummy) {
      detail::for_each_meld_with(c.r.meld, taken, deepest, [&](std::span<const Token> t) {
        Action m = a;
        add_group(m, t);
        offer_by_each(m);
        return true;
      });
    }
    for (const Meld& meld : s.table.all()) {
      detail::for_each_layoff_with(c.r.meld, taken, meld.shape, deepest, [&](std::span<const Token> t) {
        Action l = a;
        l.claim_layoff = true;
        l.meld_id = meld.id;
        add_group(l, t);
        offer_by_each(l);
        return true;
      });
    }
  }
}

}  // namespace

namespace {

// The shapes the groups of an action form, sorted: how an action is compared whatever
// order its cards are written in.
std::vector<std::pair<MeldKind, std::vector<uint8_t>>> group_shapes(const RuleSet& r, const Action& a) {
  std::vector<std::pair<MeldKind, std::vector<uint8_t>>> out;
  out.reserve(size_t(a.cards.groups()));  // each list made at its size: a comparison of actions runs for every one listed
  for (int g = 0; g < a.cards.groups(); ++g) {
    Formed f;
    if (!form_meld(r.meld, a.cards.group(g), MeldContext::kMelding, f).empty() &&
        !form_meld(r.meld, a.cards.group(g), MeldContext::kBuilding, f).empty()) {
      std::vector<uint8_t>& cards = out.emplace_back(MeldKind::kSet, std::vector<uint8_t>()).second;  // not a meld: compared by its cards
      cards.reserve(2 * a.cards.group(g).size());
      for (const Token& t : a.cards.group(g)) cards.push_back(t.face.code()), cards.push_back(t.standin.code());
      continue;
    }
    std::vector<uint8_t>& key = out.emplace_back(f.shape.kind, std::vector<uint8_t>()).second;
    key.reserve(3 + size_t(f.shape.size));
    key = {f.shape.start, uint8_t(f.shape.joker_mask), uint8_t(f.shape.joker_mask >> 8)};
    for (int i = 0; i < f.shape.size; ++i) key.push_back(f.shape.faces[i].code());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool same_tokens(std::span<const Token> a, std::span<const Token> b) {
  if (a.size() != b.size()) return false;
  std::vector<std::pair<uint8_t, uint8_t>> x, y;
  x.reserve(a.size()), y.reserve(b.size());
  for (const Token& t : a) x.push_back({t.face.code(), t.standin.code()});
  for (const Token& t : b) y.push_back({t.face.code(), t.standin.code()});
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

bool same_layoff(const GameState& s, const RuleSet& r, const Action& a, const Action& b) {
  const int idx = s.table.index_of(a.meld_id);
  if (a.meld_id != b.meld_id || idx < 0 || a.cards.groups() != 1 || b.cards.groups() != 1) return false;
  Formed x, y;
  const Shape& m = s.table.melds[idx].shape;
  if (!extend_meld(r.meld, m, a.cards.group(0), x).empty() || !extend_meld(r.meld, m, b.cards.group(0), y).empty())
    return false;
  // The same cards in another order are the same layoff, though where a run takes them
  // in more than one place the order written picks the place (meld.cc add_reading).
  return x.shape == y.shape || same_tokens(a.cards.group(0), b.cards.group(0));
}

}  // namespace

bool same_move(const GameState& s, const RuleSet& r, const Action& a, const Action& b) {
  if (a.kind != b.kind || a.player != b.player) return false;
  switch (a.kind) {
    case ActionKind::kDraw:
    case ActionKind::kPass:
    case ActionKind::kTimeout:
    case ActionKind::kNextHand: return true;
    case ActionKind::kTake: return take_count(s.discard, a.take) == take_count(s.discard, b.take);
    case ActionKind::kDiscard: return a.card == b.card;
    case ActionKind::kSwap: return a.card == b.card && a.meld_id == b.meld_id;
    case ActionKind::kLayoff: return same_layoff(s, r, a, b);
    case ActionKind::kMeld:
    case ActionKind::kArrange: return group_shapes(r, a) == group_shapes(r, b);
    case ActionKind::kClaim:
      // A claim lays off as a layoff does: a joker written bare or with its stand-in is the same card.
      return take_count(s.discard, a.take) == take_count(s.discard, b.take) && a.claim_layoff == b.claim_layoff &&
             (a.claim_layoff ? same_layoff(s, r, a, b) : group_shapes(r, a) == group_shapes(r, b));
  }
  return false;
}

namespace {
void enumerate(Collector& c);
}  // namespace

bool is_listed(const GameState& state, const RuleSet& rules, const Action& action) {
  std::vector<Action> legal;
  // Only the actions of its kind (only arrangements may need the solver's), and of a meld
  // or layoff, only those laying its cards: same_move compares what they form. (Not of an
  // arrangement: whether the solver is asked depends on which others are legal.)
  const ActionKind k = action.kind;
  const FaceCounts cards = laid_faces(action);
  // Every arrangement listed, the solver's too, is of the table's tiles and some of the
  // rack's: one laying a tile neither holds is not listed, and asks no solver to say so.
  if (k == ActionKind::kArrange && !within(cards, face_counts(detail::table_and_rack(state)))) return false;
  const bool lays = k == ActionKind::kMeld || k == ActionKind::kLayoff;
  Collector c{state, rules, legal, nullptr, nullptr, k == ActionKind::kArrange, ActionKinds::only(k), lays ? &cards : nullptr};
  enumerate(c);
  for (const Action& l : legal)
    if (same_move(state, rules, l, action)) return true;
  return false;
}

namespace {

void enumerate(Collector& c) {
  const GameState& state = c.s;
  if (state.hand_over) {
    if (!c.wants(ActionKind::kNextHand)) return;
    c.propose(ActionKind::kNextHand, state.to_move).seed = state.rng;
    c.keep_if_legal();
    return;
  }
  const int p = state.to_move;
  switch (state.phase) {
    case Phase::kDraw: draw_phase(c, p); break;
    case Phase::kPlay: play_phase(c, p); break;
    case Phase::kRow:
      if (c.wants(ActionKind::kDiscard)) each_distinct_face(state.hand(p), [&](Face f) {
        Action& a = c.propose(ActionKind::kDiscard, p);
        a.card = f;
        c.keep_if_legal();
      });
      break;
  }
  claims(c);
}

}  // namespace

void legal_actions(const GameState& state, const RuleSet& rules, std::vector<Action>& out, CheckTally* refused,
                   std::vector<Action>* dropped) {
  out.clear();
  if (dropped) dropped->clear();
  Collector c{state, rules, out, refused, dropped};
  enumerate(c);
}

void quick_legal_actions(const GameState& state, const RuleSet& rules, std::vector<Action>& out, ActionKinds kinds) {
  out.clear();
  Collector c{state, rules, out, nullptr, nullptr, false, kinds};
  enumerate(c);
}

void quick_candidates(const GameState& state, const RuleSet& rules, std::vector<Action>& out, ActionKinds kinds) {
  out.clear();
  Collector c{state, rules, out, nullptr, nullptr, false, kinds, nullptr, false};
  enumerate(c);
}

}  // namespace meldcheck
