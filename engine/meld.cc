#include "engine/meld.h"

#include <algorithm>
#include <bit>

#include "engine/fault.h"
#include "engine/small_sort.h"

namespace meldcheck {
namespace {

constexpr int kMaxRunLength = kRanks + 1;  // ace low to ace high
constexpr int kMaxWrapLength = kRanks;     // round the corner: no rank twice

bool is_bare_joker(const Token& t) { return t.face.is_joker() && t.standin.is_none(); }

// What a token asks for: its own face, or a joker's written stand-in.
Face wanted(const Token& t) { return t.face.is_joker() ? t.standin : t.face; }

struct Attempt {
  int valid = 0;  // readings found (2 means "more than one")
  Formed formed;
  RefusalMask fails;
};

// ---- sets ---------------------------------------------------------------------------

Attempt try_set(const MeldRules& rules, std::span<const Token> tokens, int rank) {
  Attempt a;
  const int n = int(tokens.size());
  if (rules.set_max != 0 && n > rules.set_max) a.fails.add(Refusal::kSetSize);

  // A suit written for a joker counts where suits matter; under rank-only stand-ins
  // without distinct suits it is simply dropped.
  const bool suits_matter = rules.set_distinct_suits || rules.set_standin != SetStandin::kRank;
  std::array<int, kSuits> used{};
  std::array<Face, kMaxMeldCards> face{};
  int undetermined = 0, rank_only_written = 0;
  for (int i = 0; i < n; ++i) {
    const Token& t = tokens[i];
    Face w = wanted(t);
    if (w.is_none()) {
      ++undetermined;
      continue;
    }
    rank_only_written += w.is_rank_only();
    if (w.rank() != rank) {
      a.fails.add(Refusal::kJokerStandin);
      continue;
    }
    if (w.is_natural() && (suits_matter || !t.face.is_joker())) {
      ++used[w.suit()];
      face[i] = w;
    } else {
      ++undetermined;
    }
  }
  int free_suits = 0;
  for (int s = 0; s < kSuits; ++s) {
    free_suits += used[s] == 0;
    if (rules.set_distinct_suits && used[s] > 1 && !fault("same-suit-sets")) a.fails.add(Refusal::kSetSuits);
  }
  if (rules.set_distinct_suits && undetermined > free_suits) a.fails.add(Refusal::kSetSuits);

  // Canonical stand-ins: whole cards where the policy wants them and the free suits settle
  // them; the rank alone otherwise. Where suits may repeat, no suit is left to a joker
  // alone: only its name settles it.
  const bool settled = undetermined == free_suits && rules.set_distinct_suits;
  bool whole_cards = false;
  switch (rules.set_standin) {
    case SetStandin::kRank: break;
    case SetStandin::kCard:
      if (undetermined > 0 && !settled) a.fails.add(Refusal::kJokerStandin);
      whole_cards = true;
      break;
    case SetStandin::kDetermined: whole_cards = settled; break;
  }
  // A rank written where the rules want a whole card says less than they need.
  if (whole_cards && rank_only_written > 0) a.fails.add(Refusal::kJokerStandin);
  if (!a.fails.empty()) return a;

  int next_free = 0;
  for (int i = 0; i < n; ++i) {
    if (!tokens[i].face.is_joker()) continue;
    if (!whole_cards) {
      face[i] = Face::rank_only(rank);
    } else if (!face[i].is_natural()) {
      while (used[next_free] != 0) ++next_free;
      face[i] = Face::natural(next_free, rank);
      used[next_free] = 1;
    }
  }

  // Slots sorted by face, naturals before jokers of the same face.
  std::array<uint8_t, kMaxMeldCards> order{};
  for (int i = 0; i < n; ++i) order[i] = uint8_t(i);
  small_stable_sort(order.begin(), order.begin() + n, [&](uint8_t x, uint8_t y) {
    if (face[x] != face[y]) return face[x] < face[y];
    return !tokens[x].face.is_joker() && tokens[y].face.is_joker();
  });
  a.valid = 1;
  Shape& s = a.formed.shape;
  s.kind = MeldKind::kSet;
  s.size = uint8_t(n);
  for (int slot = 0; slot < n; ++slot) {
    s.faces[slot] = face[order[slot]];
    s.set_joker(slot, tokens[order[slot]].face.is_joker());
    a.formed.slot_of_token[order[slot]] = uint8_t(slot);
  }
  return a;
}

// ---- runs ---------------------------------------------------------------------------

struct Window {
  int start, end;
  bool wraps() const { return end > kRanks + 1; }
  bool reaches_ace_high() const { return end == kRanks + 1; }
  int length() const { return end - start + 1; }
};

// Why the ace rules refuse a window, or kNone.
Refusal window_refusal(const AceRules& ace, Window w, MeldContext context) {
  if (w.wraps()) {
    if (w.length() > kMaxWrapLength) return Refusal::kRunSequence;
    if (!ace.wrap) return context == MeldContext::kMelding ? Refusal::kRunCornerMeld : Refusal::kRunCornerBuild;
    return Refusal::kNone;
  }
  if (w.length() > kMaxRunLength) return Refusal::kRunSequence;
  if (w.reaches_ace_high() && !ace.high) return Refusal::kRunAceHigh;
  return Refusal::kNone;
}

// Places tokens on the free slots of a window in suit `suit`: each natural and each joker
// with a stand-in on a slot of its rank, bare jokers on what is left. Slots marked in
// `taken` are already filled. Returns false when the tokens do not fit.
bool place_run(std::span<const Token> tokens, int suit, Window w, std::array<bool, kMaxMeldCards> taken,
               std::array<uint8_t, kMaxMeldCards>& slot_of_token, int first_token_index) {
  const int len = w.length();
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t t = 0; t < tokens.size(); ++t) {
      const Token& tok = tokens[t];
      if ((pass == 0) == is_bare_joker(tok)) continue;
      Face want = wanted(tok);
      int slot = -1;
      for (int i = 0; i < len && slot < 0; ++i) {
        if (taken[i]) continue;
        if (pass == 1 || (rank_at(w.start + i) == want.rank() && (!want.is_natural() || want.suit() == suit)))
          slot = i;
      }
      if (slot < 0) return false;
      taken[slot] = true;
      slot_of_token[first_token_index + t] = uint8_t(slot);
    }
  }
  return true;
}

// Cards of one face in a run (the two aces of a run from ace to ace, the ranks a wrap of
// more than thirteen holds twice) may take each other's places. place_run gives the first
// written the lower; of all the ways they can lie, the reading keeps the one nearest the
// order written (fewest pairs out of order), and of two as near the one with the earlier
// written lower (spec/: meld.ace). Tokens before `first` keep their places (a run built on).
void nearest_written_order(Formed& f, int first, int tokens) {
  if (tokens <= kRanks) return;  // a stretch of thirteen places or fewer holds each face once
  std::array<std::pair<uint8_t, uint8_t>, 4> twins{};  // tokens whose places hold one face
  int count = 0;
  for (int i = first; i < tokens; ++i)
    for (int j = i + 1; j < tokens && count < int(twins.size()); ++j)
      if (std::abs(int(f.slot_of_token[i]) - int(f.slot_of_token[j])) == kRanks) twins[count++] = {uint8_t(i), uint8_t(j)};
  if (count == 0) return;
  const std::array<uint8_t, kMaxMeldCards> placed = f.slot_of_token;
  std::array<uint8_t, kMaxMeldCards> best = placed;
  int best_disorder = disorder(f, tokens);
  for (int swaps = 1; swaps < (1 << count); ++swaps) {
    f.slot_of_token = placed;
    for (int k = 0; k < count; ++k)
      if (swaps & (1 << k)) std::swap(f.slot_of_token[twins[k].first], f.slot_of_token[twins[k].second]);
    const int d = disorder(f, tokens);
    if (d < best_disorder || (d == best_disorder && f.slot_of_token < best)) best = f.slot_of_token, best_disorder = d;
  }
  f.slot_of_token = best;
}

Shape run_shape(int suit, Window w) {
  Shape s;
  s.kind = MeldKind::kRun;
  s.start = uint8_t(w.start);
  s.size = uint8_t(w.length());
  for (int i = 0; i < s.size; ++i) s.faces[i] = run_face(suit, w.start + i);
  return s;
}

// Windows that fit give one meld when they give the same faces (a thirteen-card run read
// with the ace low or high): the reading that keeps the cards in the order written is
// taken, else the later window, with the ace high.
bool same_faces(const Shape& a, const Shape& b) {
  if (a.size != b.size) return false;
  std::array<uint8_t, kMaxMeldCards> x{}, y{};
  for (int i = 0; i < a.size; ++i) x[i] = a.faces[i].code(), y[i] = b.faces[i].code();
  std::sort(x.begin(), x.begin() + a.size);
  std::sort(y.begin(), y.begin() + b.size);
  return x == y;
}

// Records one more reading that fits.
void add_reading(Attempt& a, const Formed& f, int tokens) {
  if (a.valid == 0) {
    a.valid = 1;
    a.formed = f;
  } else if (same_faces(a.formed.shape, f.shape)) {
    if (disorder(f, tokens) <= disorder(a.formed, tokens)) a.formed = f;
  } else {
    a.valid = 2;
  }
}

void finish(Attempt& a, RefusalMask refusals, Refusal none_fit) {
  if (a.valid == 0) a.fails = refusals.empty() ? RefusalMask(none_fit) : refusals;
  if (a.valid > 1) a.fails = RefusalMask(Refusal::kJokerStandin);
}

// A joker in a run stands for a whole card of the run's suit: a stand-in of another suit,
// or a rank alone (less than the rules need), is refused.
RefusalMask wrong_run_standin(std::span<const Token> tokens, int suit) {
  for (const Token& t : tokens) {
    Face w = wanted(t);
    if (t.face.is_joker() && (w.is_rank_only() || (w.is_natural() && w.suit() != suit)))
      return RefusalMask(Refusal::kJokerStandin);
  }
  return {};
}

// The starts (bit start-1) of the windows of tokens.size() positions in which every token
// of a known rank has a position of its rank (r or r + 13): place_run fails elsewhere.
uint32_t possible_starts(std::span<const Token> tokens) {
  const int n = int(tokens.size());
  uint32_t starts = (1u << kRanks) - 1;
  for (const Token& t : tokens) {
    const Face w = wanted(t);
    if (w.is_none()) continue;
    uint32_t fits = 0;
    for (int pos = w.rank(); pos <= w.rank() + kRanks; pos += kRanks) {
      const int low = std::max(1, pos - n + 1), high = std::min(kRanks, pos);
      if (low <= high) fits |= ((1u << (high - low + 1)) - 1) << (low - 1);
    }
    starts &= fits;
  }
  return starts;
}

Attempt try_run(const MeldRules& rules, std::span<const Token> tokens, int suit, MeldContext context) {
  Attempt a;
  a.fails = wrong_run_standin(tokens, suit);
  if (!a.fails.empty()) return a;
  const AceRules& ace = context == MeldContext::kMelding ? rules.ace_melding : rules.ace_building;
  const int n = int(tokens.size());
  RefusalMask refusals;
  for (uint32_t starts = possible_starts(tokens); starts != 0; starts &= starts - 1) {
    const int start = std::countr_zero(starts) + 1;
    Window w{start, start + n - 1};
    Formed f;
    if (!place_run(tokens, suit, w, {}, f.slot_of_token, 0)) continue;
    nearest_written_order(f, 0, n);
    Refusal refusal = window_refusal(ace, w, context);
    if (refusal != Refusal::kNone) {
      refusals.add(refusal);
      continue;
    }
    f.shape = run_shape(suit, w);
    for (int t = 0; t < n; ++t)
      if (tokens[t].face.is_joker()) f.shape.set_joker(f.slot_of_token[t], true);
    add_reading(a, f, n);
  }
  finish(a, refusals, Refusal::kRunSequence);
  return a;
}

// The cards of an existing meld as tokens whose stand-ins pin them.
int existing_tokens(const Shape& existing, std::span<Token> out) {
  for (int i = 0; i < existing.size; ++i)
    out[i] = existing.joker(i) ? Token{Face::joker(), existing.faces[i]} : Token{existing.faces[i]};
  return existing.size;
}

RefusalMask extend_set(const MeldRules& rules, const Shape& existing, std::span<const Token> added, Formed& out) {
  const int rank = existing.rank();
  for (const Token& t : added) {
    Face w = wanted(t);
    if (!w.is_none() && w.rank() != rank) return RefusalMask(t.face.is_joker() ? Refusal::kJokerStandin : Refusal::kLayoffFit);
  }
  std::array<Token, kMaxMeldCards> all;
  int n = existing_tokens(existing, all);
  for (const Token& t : added) all[n++] = t;
  Attempt a = try_set(rules, std::span<const Token>(all.data(), n), rank);
  if (!a.fails.empty()) return a.fails;
  out = a.formed;
  return {};
}

RefusalMask extend_run(const MeldRules& rules, const Shape& existing, std::span<const Token> added, Formed& out) {
  const int suit = existing.suit();
  const int k = int(added.size());
  const int m = existing.size;
  for (const Token& t : added)
    if (!t.face.is_joker() && t.face.suit() != suit) return RefusalMask(Refusal::kLayoffFit);
  RefusalMask fails = wrong_run_standin(added, suit);
  if (!fails.empty()) return fails;

  Attempt a;
  RefusalMask refusals;
  for (int below = 0; below <= k; ++below) {
    int start = existing.start - below;
    if (start < 1) start += kRanks;  // round the corner below the ace
    Window w{start, start + m + k - 1};
    std::array<bool, kMaxMeldCards> taken{};
    for (int i = 0; i < m; ++i) taken[below + i] = true;
    Formed f;
    if (!place_run(added, suit, w, taken, f.slot_of_token, m)) continue;
    for (int i = 0; i < m; ++i) f.slot_of_token[i] = uint8_t(below + i);
    nearest_written_order(f, m, m + k);
    Refusal refusal = window_refusal(rules.ace_building, w, MeldContext::kBuilding);
    if (refusal != Refusal::kNone) {
      refusals.add(refusal);
      continue;
    }
    f.shape = run_shape(suit, w);
    for (int i = 0; i < m; ++i) f.shape.set_joker(below + i, existing.joker(i));
    for (int t = 0; t < k; ++t)
      if (added[t].face.is_joker()) f.shape.set_joker(f.slot_of_token[m + t], true);
    add_reading(a, f, m + k);
  }
  // A card whose place the run already holds builds on a card that is no longer its end.
  Refusal none_fit = Refusal::kLayoffFit;
  for (const Token& t : added)
    for (int i = 0; i < m && !t.face.is_joker(); ++i)
      if (existing.faces[i].rank() == t.face.rank()) none_fit = Refusal::kLayoffTaken;
  finish(a, refusals, none_fit);
  if (!a.fails.empty()) return a.fails;
  out = a.formed;
  return {};
}

// The gap-run fault (engine/fault.h): natural cards of one suit with ranks missing inside
// are taken for a run.
bool gap_run_fault(std::span<const Token> tokens, Formed& out) {
  const int n = int(tokens.size());
  std::array<bool, kRanks + 2> present{};
  int low = kRanks + 1, high = 0;
  for (const Token& t : tokens) {
    if (t.face.is_joker() || t.face.suit() != tokens[0].face.suit() || present[t.face.rank()]) return false;
    present[t.face.rank()] = true;
    low = std::min(low, t.face.rank());
    high = std::max(high, t.face.rank());
  }
  if (n < 3 || high - low < n) return false;
  out.shape = Shape{};
  out.shape.kind = MeldKind::kRun;
  out.shape.start = uint8_t(low);
  out.shape.size = uint8_t(n);
  int slot = 0;
  for (int r = low; r <= high; ++r)
    if (present[r]) out.shape.faces[slot++] = Face::natural(tokens[0].face.suit(), r);
  for (int t = 0; t < n; ++t)
    for (int i = 0; i < n; ++i)
      if (out.shape.faces[i] == tokens[t].face) out.slot_of_token[t] = uint8_t(i);
  return true;
}

}  // namespace

int disorder(const Formed& f, int tokens) {
  int n = 0;
  for (int i = 0; i < tokens; ++i)
    for (int j = i + 1; j < tokens; ++j) n += f.slot_of_token[i] > f.slot_of_token[j];
  return n;
}

RefusalMask form_meld(const MeldRules& rules, std::span<const Token> tokens, MeldContext context, Formed& out) {
  const int n = int(tokens.size());
  RefusalMask fails;
  if (n < rules.min_size) fails.add(Refusal::kMeldSize);
  if (n > kMaxMeldCards) fails.add(Refusal::kMeldShape);
  int naturals = 0, rank = 0, suit = -1;
  bool one_rank = true, one_suit = true;
  for (const Token& t : tokens) {
    if (t.face.is_joker()) continue;
    if (naturals++ == 0) rank = t.face.rank(), suit = t.face.suit();
    one_rank &= t.face.rank() == rank;
    one_suit &= t.face.suit() == suit;
  }
  if (naturals < rules.min_naturals) fails.add(Refusal::kJokerNatural);
  if (!fails.empty()) return fails;

  if (naturals == 0) {  // jokers alone, where the rules allow it: the stand-ins decide
    Face w = wanted(tokens[0]);
    if (w.is_none()) return RefusalMask(Refusal::kJokerStandin);
    rank = w.rank();
    suit = w.is_natural() ? w.suit() : -1;
    one_suit = suit >= 0;
  }

  Attempt set, run;
  if (one_rank) set = try_set(rules, tokens, rank);
  if (one_suit) run = try_run(rules, tokens, suit, context);
  const int readings = set.valid + run.valid;
  if (readings == 1) {
    out = set.valid ? set.formed : run.formed;
    return {};
  }
  if (readings > 1) return RefusalMask(Refusal::kJokerStandin);
  if (fault("gap-run") && gap_run_fault(tokens, out)) return {};
  // No reading works: report the failures of the meld the cards look like.
  if (one_rank && one_suit && naturals == 1) {
    RefusalMask both = set.fails;
    both |= run.fails;
    return both;
  }
  if (one_rank) return set.fails;  // with identical copies too: a run never repeats a card
  if (one_suit) return run.fails;
  return RefusalMask(Refusal::kMeldShape);
}

RefusalMask extend_meld(const MeldRules& rules, const Shape& existing, std::span<const Token> added, Formed& out) {
  if (added.empty() || existing.size + added.size() > kMaxMeldCards) return RefusalMask(Refusal::kLayoffFit);
  return existing.kind == MeldKind::kSet ? extend_set(rules, existing, added, out)
                                         : extend_run(rules, existing, added, out);
}

int swap_slot(const MeldRules& rules, const Shape& existing, Face natural) {
  for (int i = 0; i < existing.size; ++i) {
    if (!existing.joker(i)) continue;
    Face f = existing.faces[i];
    if (f.is_natural()) {
      if (f == natural || (fault("swap-any-suit") && f.rank() == natural.rank())) return i;
      continue;
    }
    if (f.rank() != natural.rank()) continue;
    // A rank-only stand-in: the natural card must keep the set valid (its suit free).
    std::array<Token, kMaxMeldCards> all;
    int n = existing_tokens(existing, all);
    all[i] = Token{natural};
    if (try_set(rules, std::span<const Token>(all.data(), n), f.rank()).fails.empty()) return i;
  }
  return -1;
}

AceRole ace_role(const Shape& shape, int slot) {
  if (shape.faces[slot].rank() != 1) return AceRole::kNotAce;
  if (shape.kind == MeldKind::kSet) return AceRole::kInSet;
  if (shape.start + slot == 1) return AceRole::kLow;
  const int end = shape.end();
  if (end <= kRanks + 1) return AceRole::kHigh;
  return end >= kRanks + 3 ? AceRole::kCornerToThree : AceRole::kCorner;
}

}  // namespace meldcheck
