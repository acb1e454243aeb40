// Candidate melds and layoffs from a pool of cards, for the legal-action enumeration and
// for deciding whether a taken card can still be used. Candidates are proposals: each is
// checked by form_meld / extend_meld (and apply) before it counts.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "engine/card_set.h"
#include "engine/inline_vector.h"
#include "engine/meld.h"
#include "engine/ruleset.h"

namespace meldcheck::detail {

using TokenBuffer = std::array<Token, kMaxMeldCards>;

// The most melds one action lays (a contract; new sets in a Rummikub opening).
inline constexpr int kMaxMeldsInAction = 16;

inline bool has_face(std::span<const Token> tokens, Face f) {
  for (const Token& t : tokens)
    if (t.face == f) return true;
  return false;
}

// A pool of cards to search: counts by face, and by suit the ranks held once and twice
// (bit rank-1), which the quick tests below read.
struct Pool {
  FaceCounts counts;
  std::array<uint16_t, kSuits> once{}, twice{};

  Pool() = default;
  explicit Pool(CardSet cards) : counts(face_counts(cards)) {
    const CardSet::Alike a = cards.alike();
    for (int s = 0; s < kSuits; ++s) {
      once[s] = uint16_t((a.once_and_jokers >> (s * kRanks)) & ((1u << kRanks) - 1));
      twice[s] = uint16_t((a.twice >> (s * kRanks)) & ((1u << kRanks) - 1));
    }
  }
  int operator[](Face f) const { return counts[f]; }
  int jokers() const { return counts[Face::joker()]; }
  void add(Face f) {
    const int n = ++counts[f];
    if (f.is_natural()) (n == 1 ? once : twice)[f.suit()] |= uint16_t(1u << (f.rank() - 1));
  }
  void remove(Face f) {
    const int n = counts[f]--;
    if (f.is_natural()) (n == 1 ? once : twice)[f.suit()] &= uint16_t(~(1u << (f.rank() - 1)));
  }
  Pool minus(std::span<const Token> tokens) const {
    Pool left = *this;
    for (const Token& t : tokens) left.remove(t.face);
    return left;
  }
};

// Whether `ranks` (bit rank-1) has `length` in a row, the ace both before the two and
// after the king (round the corner too): every window a run of that length could take.
inline bool in_a_row(uint16_t ranks, int length) {
  const uint32_t around = ranks | uint32_t(ranks) << kRanks;
  uint32_t starts = around;
  for (int k = 1; k < length; ++k) starts &= around >> k;
  return starts != 0;
}

// The ranks (bit rank-1) of which a pool holds at least `least` cards (one a suit when
// suits must differ), counted in bit planes across the suits.
inline uint16_t ranks_with(const Pool& pool, int least, bool distinct_suits) {
  std::array<uint16_t, 4> plane{};  // a 4-bit count per rank, up to 8 cards
  auto add = [&](uint16_t bits) {
    for (int b = 0; b < 4 && bits; ++b) {
      const uint16_t carry = plane[b] & bits;
      plane[b] ^= bits;
      bits = carry;
    }
  };
  for (int s = 0; s < kSuits; ++s) {
    add(pool.once[s]);
    if (!distinct_suits) add(pool.twice[s]);
  }
  // count >= least, compared from the highest bit down
  uint16_t greater = 0, equal = 0xFFFF;
  for (int b = 3; b >= 0; --b) {
    if ((least >> b) & 1) {
      equal &= plane[b];
    } else {
      greater |= equal & plane[b];
      equal &= uint16_t(~plane[b]);
    }
  }
  return uint16_t((greater | equal) & ((1u << kRanks) - 1));
}

// A quick test, before the searches below, that fails only when no meld from a pool
// without jokers can hold a card of face `with` (any card, when `with` is none): no rank
// in enough suits, no suit with enough ranks in a row.
inline bool melds_possible(const MeldRules& rules, const Pool& pool, Face with) {
  if (pool.jokers() > 0 || with.is_joker()) return true;
  if (with.is_natural())
    return in_a_row(pool.once[with.suit()], rules.min_size) ||
           ((ranks_with(pool, rules.min_size, rules.set_distinct_suits) >> (with.rank() - 1)) & 1);
  for (int s = 0; s < kSuits; ++s)
    if (in_a_row(pool.once[s], rules.min_size)) return true;
  return ranks_with(pool, rules.min_size, rules.set_distinct_suits) != 0;
}

// A joker may stand for a card the pool holds too. The searches fill a place with the
// natural card where there is one; when a joker is asked for and the meld found has none,
// it is tried in the place of each natural card in turn, named as the card or its rank.
template <class Visit>
bool visit_with_joker_instead(const MeldRules& rules, TokenBuffer& buf, int n, Visit&& visit) {
  // Cards of one rank are (part of) a set: where a set's jokers stand for its rank alone, the
  // joker is named so, as the sets found without it are (emit_set_jokers), not twice.
  bool one_rank = true;
  for (int i = 1; i < n; ++i) one_rank &= buf[size_t(i)].face.rank() == buf[0].face.rank();
  const bool rank_named = one_rank && rules.set_standin == SetStandin::kRank;
  for (int i = 0; i < n; ++i) {
    const Token natural = buf[size_t(i)];
    if (!natural.face.is_natural()) continue;
    bool go_on = true;
    const std::array<Face, 2> standins = {natural.face, Face::rank_only(natural.face.rank())};
    for (size_t k = rank_named ? 1 : 0; k < standins.size(); ++k) {
      buf[size_t(i)] = Token{Face::joker(), standins[k]};
      go_on = go_on && visit(std::span<const Token>(buf.data(), size_t(n)));
    }
    buf[size_t(i)] = natural;
    if (!go_on) return false;
  }
  return true;
}

// A run as found, then with spare jokers standing for some of its natural cards (kept in
// hand instead), `spare` and `replaceable` at most: a listed action for each such meld.
template <class Emit>
bool spare_jokers_for_naturals(TokenBuffer& buf, int n, int spare, int replaceable, Emit&& emit, int from = 0) {
  if (!emit(n)) return false;
  if (spare == 0 || replaceable == 0) return true;
  for (int i = from; i < n; ++i) {
    const Token natural = buf[size_t(i)];
    if (!natural.face.is_natural()) continue;
    buf[size_t(i)] = Token{Face::joker(), natural.face};
    const bool go_on = spare_jokers_for_naturals(buf, n, spare - 1, replaceable - 1, emit, i + 1);
    buf[size_t(i)] = natural;
    if (!go_on) return false;
  }
  return true;
}

// Jokers with whole-card stand-ins among the suits in `suit_mask`: calls emit() once per
// choice of `jokers` suits, each suit once (`repeat` false) or any number of times.
template <class Emit>
bool for_each_suit_choice(int suit_mask, int jokers, bool repeat, int rank, TokenBuffer& buf, int n, Emit&& emit) {
  if (jokers == 0) return emit(n);
  for (int s = 0; s < kSuits; ++s) {
    if (!((suit_mask >> s) & 1)) continue;
    buf[n] = Token{Face::joker(), Face::natural(s, rank)};
    // Suits in increasing order, so each choice comes once.
    const int rest = suit_mask & ~(((repeat ? 1 : 2) << s) - 1);
    if (!for_each_suit_choice(rest, jokers - 1, repeat, rank, buf, n + 1, emit)) return false;
  }
  return true;
}

// Adds `jokers` jokers to a set of `rank` whose suits in use are `used_mask`, named as the
// stand-in policy wants them (never bare: with one natural card a set of jokers could
// also read as a run), and emits the set. Where a set's suits may repeat, a joker may be
// any card of the rank, and nothing but its name settles which (engine/meld.cc, try_set).
template <class Emit>
bool emit_set_jokers(const MeldRules& rules, int used_mask, int jokers, int rank, TokenBuffer& buf, int n,
                     Emit&& emit) {
  const int free_mask = ~used_mask & 0xF;
  const int free_count = std::popcount(unsigned(free_mask));
  if (rules.set_standin == SetStandin::kCard) {
    if (!rules.set_distinct_suits) return for_each_suit_choice(0xF, jokers, true, rank, buf, n, emit);
    return jokers > free_count || for_each_suit_choice(free_mask, jokers, false, rank, buf, n, emit);  // more: no set
  }
  const bool whole = rules.set_standin == SetStandin::kDetermined && rules.set_distinct_suits && jokers == free_count;
  for (int j = 0, s = 0; j < jokers; ++j) {
    while (whole && !((free_mask >> s) & 1)) ++s;
    buf[n + j] = Token{Face::joker(), whole ? Face::natural(s++, rank) : Face::rank_only(rank)};
  }
  return emit(n + jokers);
}

// Which melds a search looks for.
enum class Searched : uint8_t { kSets = 1, kRuns = 2, kBoth = 3 };

inline bool searches(Searched searched, MeldKind kind) {
  return uint8_t(searched) & (kind == MeldKind::kSet ? 1 : 2);
}

// New melds from `pool` with a card of face `with` in each (any meld when `with` is
// Face::none()), sets or runs or both: visit(std::span<const Token>) returns false to stop.
// Returns false when stopped. What the search for sets finds forms a set if anything, and
// what the search for runs a run: a run's ranks differ, a set's do not, and one card alone
// reads both ways and so forms neither (form_meld).
template <class Visit>
bool for_each_meld_with(const MeldRules& rules, const Pool& pool, Face with, Visit&& visit,
                        Searched searched = Searched::kBoth) {
  if (!melds_possible(rules, pool, with)) return true;
  const int jokers = pool.jokers();
  const bool natural_with = with.is_natural();
  TokenBuffer buf;
  auto emit = [&](int n) {
    const std::span<const Token> t(buf.data(), n);
    if (!with.is_joker() || has_face(t, with)) return visit(t);
    return jokers == 0 || visit_with_joker_instead(rules, buf, n, visit);
  };
  // Sets: a count of each suit of one rank, and some jokers.
  const int first_rank = natural_with ? with.rank() : 1, last_rank = natural_with ? with.rank() : kRanks;
  for (int rank = first_rank; searches(searched, MeldKind::kSet) && rank <= last_rank; ++rank) {
    std::array<int, kSuits> cap{};
    for (int s = 0; s < kSuits; ++s) {
      cap[s] = pool[Face::natural(s, rank)];
      if (rules.set_distinct_suits) cap[s] = std::min(cap[s], 1);
    }
    if (cap[0] + cap[1] + cap[2] + cap[3] + jokers < rules.min_size) continue;
    std::array<int, kSuits> low{};
    if (natural_with) {
      if (cap[with.suit()] == 0) continue;
      low[with.suit()] = 1;
    }
    std::array<int, kSuits> c{};
    for (c[0] = low[0]; c[0] <= cap[0]; ++c[0])
      for (c[1] = low[1]; c[1] <= cap[1]; ++c[1])
        for (c[2] = low[2]; c[2] <= cap[2]; ++c[2])
          for (c[3] = low[3]; c[3] <= cap[3]; ++c[3]) {
            int n = 0, used = 0;
            for (int s = 0; s < kSuits; ++s)
              for (int k = 0; k < c[s]; ++k) buf[n++] = Token{Face::natural(s, rank)}, used |= 1 << s;
            if (n < rules.min_naturals) continue;
            for (int j = 0; j <= jokers && n + j <= kMaxMeldCards; ++j) {
              if (n + j < rules.min_size) continue;
              if (rules.set_max != 0 && n + j > rules.set_max) break;
              if (!emit_set_jokers(rules, used, j, rank, buf, n, emit)) return false;
            }
          }
  }
  // Runs: every window of a suit whose gaps the jokers can fill.
  const int first_suit = natural_with ? with.suit() : 0, end_suit = natural_with ? with.suit() + 1 : kSuits;
  for (int suit = first_suit; searches(searched, MeldKind::kRun) && suit < end_suit; ++suit) {
    int in_suit = 0;
    for (int rank = 1; rank <= kRanks; ++rank) in_suit += pool[Face::natural(suit, rank)];
    if (in_suit + jokers < rules.min_size || in_suit < rules.min_naturals) continue;
    for (int start = 1; start <= kRanks; ++start) {
      FaceCounts left = pool.counts;
      int gaps = 0, n = 0;
      bool has_with = !natural_with;
      for (int len = 1; len <= kRanks + 1; ++len) {
        const int pos = start + len - 1;
        const Face f = run_face(suit, pos);
        if (left[f] > 0) {
          --left[f];
          buf[n++] = Token{f};
          has_with |= f == with;
        } else {
          ++gaps;
          buf[n++] = Token{Face::joker(), f};
        }
        if (gaps > jokers) break;
        if (len < rules.min_size || len - gaps < rules.min_naturals || !has_with) continue;
        // Spare jokers may stand for natural cards held (each such meld another action), but
        // never for the card the meld must hold.
        auto keeping_with = [&](int count) {
          return !with.is_natural() || has_face(std::span<const Token>(buf.data(), size_t(count)), with) ? emit(count) : true;
        };
        if (with.is_joker() ? !emit(n)
                            : !spare_jokers_for_naturals(buf, n, jokers - gaps, len - gaps - rules.min_naturals, keeping_with))
          return false;
      }
    }
  }
  return true;
}

template <class Visit>
bool for_each_meld(const MeldRules& rules, const Pool& pool, Visit&& visit) {
  return for_each_meld_with(rules, pool, Face::none(), visit);
}

// Layoffs onto `meld` from `pool` with a card of face `with` in each (any layoff when
// `with` is Face::none()): visit(std::span<const Token>) returns false to stop.
template <class Visit>
bool for_each_layoff_with(const MeldRules& rules, const Pool& pool, const Shape& meld, Face with, Visit&& visit) {
  const int jokers = pool.jokers();
  if (with.is_natural() && (meld.kind == MeldKind::kSet ? with.rank() != meld.rank() : with.suit() != meld.suit()))
    return true;
  // Without jokers, a card of the set's rank, or one next to an end of the run, is needed.
  if (jokers == 0) {
    if (meld.kind == MeldKind::kSet) {
      const uint16_t bit = uint16_t(1u << (meld.rank() - 1));
      if (!((pool.once[0] | pool.once[1] | pool.once[2] | pool.once[3]) & bit)) return true;
    } else {
      const int before = meld.start == 1 ? kRanks : meld.start - 1, after = rank_at(meld.end() + 1);
      if (!((pool.once[meld.suit()] >> (before - 1)) & 1) && !((pool.once[meld.suit()] >> (after - 1)) & 1)) return true;
    }
  }
  TokenBuffer buf;
  auto emit = [&](int n) {
    const std::span<const Token> t(buf.data(), n);
    if (n == 0) return true;
    if (with.is_none() || has_face(t, with)) return visit(t);
    return !with.is_joker() || jokers == 0 || visit_with_joker_instead(rules, buf, n, visit);
  };
  if (meld.kind == MeldKind::kSet) {
    const int rank = meld.rank();
    int used = 0;
    for (int i = 0; i < meld.size; ++i)
      if (meld.faces[i].is_natural()) used |= 1 << meld.faces[i].suit();
    const int room = (rules.set_max ? rules.set_max : kMaxMeldCards) - meld.size;
    std::array<int, kSuits> cap{};
    for (int s = 0; s < kSuits; ++s) {
      cap[s] = pool[Face::natural(s, rank)];
      if (rules.set_distinct_suits) cap[s] = (used >> s) & 1 ? 0 : std::min(cap[s], 1);
    }
    std::array<int, kSuits> c{};
    for (c[0] = 0; c[0] <= cap[0]; ++c[0])
      for (c[1] = 0; c[1] <= cap[1]; ++c[1])
        for (c[2] = 0; c[2] <= cap[2]; ++c[2])
          for (c[3] = 0; c[3] <= cap[3]; ++c[3]) {
            int n = 0, now_used = used;
            for (int s = 0; s < kSuits; ++s)
              for (int k = 0; k < c[s]; ++k) buf[n++] = Token{Face::natural(s, rank)}, now_used |= 1 << s;
            for (int j = 0; j <= jokers && n + j <= room; ++j)
              if (!emit_set_jokers(rules, now_used, j, rank, buf, n, emit)) return false;
          }
    return true;
  }
  // Runs: some cards below the first, some above the last, each place a natural card of
  // the pool or a joker (also in place of a natural card held: another layoff).
  const int suit = meld.suit();
  const int max_added = kRanks + 1 - meld.size;
  std::array<Face, kRanks + 1> places;
  FaceCounts left = pool.counts;
  // Fills places[i..count) and emits; false to stop.
  auto fill = [&](auto&& self, int i, int count, int n, int jokers_left) -> bool {
    if (i == count) return emit(n);
    const Face f = places[i];
    if (left[f] > 0) {
      --left[f];
      buf[n] = Token{f};
      const bool go_on = self(self, i + 1, count, n + 1, jokers_left);
      ++left[f];
      if (!go_on) return false;
    }
    if (jokers_left > 0) {
      buf[n] = Token{Face::joker(), f};
      if (!self(self, i + 1, count, n + 1, jokers_left - 1)) return false;
    }
    return true;
  };
  for (int below = 0; below <= max_added; ++below)
    for (int above = 0; below + above <= max_added; ++above) {
      if (below + above == 0) continue;
      int count = 0;
      for (int k = 1; k <= below; ++k) {
        int pos = meld.start - k;
        if (pos < 1) pos += kRanks;
        places[count++] = run_face(suit, pos);
      }
      for (int k = 1; k <= above; ++k) places[count++] = run_face(suit, meld.end() + k);
      // A place neither held nor fillable by a joker ends every longer layoff too.
      int gaps = 0;
      for (int i = 0; i < count; ++i) gaps += pool[places[i]] == 0;
      if (gaps > jokers) {
        if (above == 0) return true;  // even below alone no longer fits
        break;
      }
      if (!fill(fill, 0, count, 0, jokers)) return false;
    }
  return true;
}

template <class Visit>
bool for_each_layoff(const MeldRules& rules, const Pool& pool, const Shape& meld, Visit&& visit) {
  return for_each_layoff_with(rules, pool, meld, Face::none(), visit);
}

// Candidate melds in one flat list, with their kinds.
class MeldList {
 public:
  void add(std::span<const Token> tokens, MeldKind kind) {
    Needs needs;
    for (const Token& t : tokens) {
      tokens_.push_back(t);
      if (t.face.is_joker()) {
        ++needs.jokers;
      } else {
        const uint64_t bit = uint64_t{1} << t.face.code();
        needs.twice |= (needs.naturals & bit) != 0;
        needs.naturals |= bit;
      }
    }
    ends_.push_back(uint32_t(tokens_.size()));
    kinds_.push_back(kind);
    keys_.push_back(key_of(tokens, kind));
    needs_.push_back(needs);
  }
  size_t size() const { return ends_.size(); }
  std::span<const Token> operator[](size_t i) const {
    const size_t begin = i == 0 ? 0 : ends_[i - 1];
    return {tokens_.data() + begin, ends_[i] - begin};
  }
  MeldKind kind(size_t i) const { return kinds_[i]; }
  // What a contract may not repeat: a set's rank or a run's suit, as its shape has them
  // (a natural card's, or a joker's stand-in's); -1 where no card says. Worked out once,
  // when the meld is added: the contract's search asks it of every meld it tries.
  int distinct_key(size_t i) const { return keys_[i]; }
  // The cards a meld takes, in brief: the natural faces (bit = face code), whether one of
  // them twice, and how many jokers. Whether it fits what a hand has left is then a test of
  // bits (disjoint_melds), where the meld takes each face once.
  struct Needs {
    uint64_t naturals = 0;
    uint8_t jokers = 0;
    bool twice = false;
  };
  const Needs& needs(size_t i) const { return needs_[i]; }

 private:
  static int8_t key_of(std::span<const Token> tokens, MeldKind kind) {
    const bool set = kind == MeldKind::kSet;
    for (const Token& t : tokens) {
      const Face f = t.face.is_natural() ? t.face : t.standin;
      if (f.is_natural()) return int8_t(set ? f.rank() : f.suit());
      if (set && f.is_rank_only()) return int8_t(f.rank());
    }
    return -1;
  }

  InlineVector<Token, 1024> tokens_;
  InlineVector<uint32_t, 256> ends_;  // a big hand with jokers forms more than 65,535 tokens of candidates
  InlineVector<MeldKind, 256> kinds_;
  InlineVector<int8_t, 256> keys_;
  InlineVector<Needs, 256> needs_;
};

// The searches that find every meld of the kinds a contract of `want` asks for.
inline Searched searched_for(const ContractRound* want) {
  if (!want) return Searched::kBoth;
  return Searched((want->sets ? 1 : 0) | (want->runs ? 2 : 0));
}

// The melds from `pool` that form, with the kind each forms, for combining into contracts
// and openings; with `want`, only those of the kinds it asks for (the others would be
// passed over by disjoint_melds), searched for alone.
inline MeldList melds_from(const MeldRules& rules, const Pool& pool, const ContractRound* want = nullptr) {
  MeldList out;
  auto wanted = [&](MeldKind k) { return !want || (k == MeldKind::kSet ? want->sets : want->runs) > 0; };
  for_each_meld_with(
      rules, pool, Face::none(),
      [&](std::span<const Token> t) {
        Formed f;
        if (form_meld(rules, t, MeldContext::kMelding, f).empty() && wanted(f.shape.kind)) out.add(t, f.shape.kind);
        return true;
      },
      searched_for(want));
  return out;
}

// Sets of disjoint melds from `hand` of `size` melds (or any size up to it when `exact` is
// false), each passed to emit(std::span<const int> chosen) until `limit` are emitted. With
// `want` set, only those with exactly want->sets sets (and so size - sets runs) are; with
// `distinct`, none with two sets of one rank or two runs of one suit (a contract's rule:
// pruned here, so that the limit is spent on contracts that may stand).
template <typename Emit>
void disjoint_melds(const MeldList& candidates, const FaceCounts& hand, int size, bool exact, int limit, Emit&& emit,
                    const ContractRound* want = nullptr, bool distinct = false) {
  std::array<int, kMaxMeldsInAction> chosen{};
  std::array<int, kMaxMeldsInAction> chosen_key{};  // each chosen meld's distinct_key
  int depth = 0, sets = 0, emitted = 0;
  size = std::min(size, kMaxMeldsInAction);
  FaceCounts left = hand;  // taken from as a meld is chosen, given back as the search goes back
  uint64_t held = 0;       // the natural faces `left` has one of or more
  for (int f = 0; f < kFaces; ++f) held |= uint64_t(left.n[size_t(f)] > 0) << f;
  auto fits = [&](size_t i) {  // of a candidate `next` gave: its jokers are left
    const MeldList::Needs& n = candidates.needs(i);
    if ((n.naturals & ~held) != 0) return false;
    if (!n.twice) return true;
    FaceCounts wanted;  // a face twice: counted
    for (const Token& t : candidates[i])
      if (++wanted[t.face] > left[t.face]) return false;
    return true;
  };
  auto take = [&](size_t i, int by) {
    for (const Token& t : candidates[i]) {
      left[t.face] = uint8_t(left[t.face] + by);
      if (t.face.is_natural()) held = (held & ~(uint64_t{1} << t.face.code())) | uint64_t(left[t.face] > 0) << t.face.code();
    }
  };
  // For each number of jokers left and each candidate, the first candidate from it on that
  // needs no more of them: the search steps over the others at once (with many jokers held,
  // most of the melds it tries after one are those that want more jokers than are left).
  const size_t n = candidates.size();
  InlineVector<uint32_t, 1024> within_jokers;  // row k: (n + 1) entries
  for (size_t i = 0; i < size_t(kMaxJokers + 1) * (n + 1); ++i) within_jokers.push_back(0);
  for (size_t k = 0; k <= size_t(kMaxJokers); ++k) {
    uint32_t* row = &within_jokers[k * (n + 1)];
    row[n] = uint32_t(n);
    for (size_t i = n; i-- > 0;) row[i] = candidates.needs(i).jokers <= k ? uint32_t(i) : row[i + 1];
  }
  auto next = [&](size_t i) {
    return size_t(within_jokers[std::min<size_t>(left[Face::joker()], size_t(kMaxJokers)) * (n + 1) + i]);
  };
  // An exact search cuts a branch whose candidates from `i` on cannot fill it: too few, or
  // (with `want`) too few sets or runs for those still wanted. A contract of sets and runs
  // otherwise tried, after each run chosen first, every run after it for the sets it could
  // no longer find (spec_fuzz: Liverpool with six jokers and thousands of runs; a late
  // corpus replayed in 8% less time).
  InlineVector<uint32_t, 1024> sets_from;  // the sets among candidates [i, n)
  if (exact) {
    for (size_t i = 0; i <= n; ++i) sets_from.push_back(0);
    for (size_t i = n; i-- > 0;) sets_from[i] = sets_from[i + 1] + (candidates.kind(i) == MeldKind::kSet);
  }
  auto can_fill = [&](size_t i) {
    const int slots = size - depth;
    if (int(n - i) < slots) return false;
    if (!want) return true;
    const int sets_wanted = want->sets - sets;
    return int(sets_from[i]) >= sets_wanted && int(n - i - sets_from[i]) >= slots - sets_wanted;
  };
  auto repeats = [&](size_t i, int key) {
    for (int d = 0; key >= 0 && d < depth; ++d)
      if (chosen_key[size_t(d)] == key && candidates.kind(size_t(chosen[size_t(d)])) == candidates.kind(i)) return true;
    return false;
  };
  auto search = [&](auto&& self, size_t from) -> void {
    if (depth > 0 && (!exact || depth == size) && (!want || sets == want->sets))
      emitted += emit(std::span<const int>(chosen.data(), size_t(depth)));
    if (depth == size) return;
    for (size_t i = next(from); i < n && emitted < limit; i = next(i + 1)) {
      if (exact && !can_fill(i)) break;
      const bool is_set = candidates.kind(i) == MeldKind::kSet;
      if (want && (is_set ? sets == want->sets : depth - sets == want->runs)) continue;
      const int key = distinct ? candidates.distinct_key(i) : -1;
      if (repeats(i, key)) continue;
      if (!fits(i)) continue;
      take(i, -1);  // the meld's cards taken from what is left, and given back after
      chosen[size_t(depth)] = int(i);
      chosen_key[size_t(depth++)] = key;
      sets += is_set;
      self(self, i + 1);
      sets -= is_set;
      --depth;
      take(i, +1);
    }
  };
  if (limit > 0) search(search, 0);
}


}  // namespace meldcheck::detail
