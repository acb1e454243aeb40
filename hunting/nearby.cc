#include "hunting/nearby.h"

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engine/rng.h"

namespace meldcheck::hunt {
namespace {

Face stood_for(const Token& t) { return t.face.is_joker() ? t.standin : t.face; }

// Whether a natural `f` makes the group one card longer and still a set (its rank, a suit
// not there) or a run (its suit, next to an end); by the faces alone.
bool extends(std::span<const Token> group, Face f) {
  if (!f.is_natural() || group.empty()) return false;
  bool one_rank = true, one_suit = true, suit_there = false;
  int low = kRanks + 1, high = 0;
  for (const Token& t : group) {
    const Face g = stood_for(t);
    if (!g.is_natural()) return false;
    one_rank &= g.rank() == stood_for(group[0]).rank();
    one_suit &= g.suit() == stood_for(group[0]).suit();
    suit_there |= g.suit() == f.suit();
    low = std::min(low, g.rank()), high = std::max(high, g.rank());
  }
  if (one_rank) return f.rank() == low && !suit_there;
  return one_suit && f.suit() == stood_for(group[0]).suit() && (f.rank() == low - 1 || f.rank() == high + 1);
}

// Whether the group is a meld of the table as it lies.
bool of_table(const GameState& s, std::span<const Token> group) {
  for (const Meld& m : s.table.all()) {
    if (m.shape.size != int(group.size())) continue;
    bool same = true;
    for (int i = 0; i < m.shape.size && same; ++i) same = stood_for(group[size_t(i)]) == m.shape.faces[i];
    if (same) return true;
  }
  return false;
}

// A step being changed: the position, the step, the generator, and what the changes share.
struct NearStep {
  const GameState& s;
  Action& a;
  SplitMix64& rng;
  CardSet hand;         // of the step's player (or the player to move)
  int group = -1;       // the group a change to one group changes; -1: the step has none
  int held_jokers = 0;  // in that hand

  // A card of the hand (any card where the hand is empty).
  Face some_card() {
    const int size = hand.size();
    if (size == 0) return Face::natural(int(rng.next() % kSuits), 1 + int(rng.next() % kRanks));
    int k = int(rng.next() % uint64_t(size));
    for (Card c : hand)
      if (k-- == 0) return face_of(c);
    return Face::joker();
  }

  // Three cards of the hand that meld as a set (`run` false) or a run, picked at random.
  std::optional<std::array<Face, 3>> three_of_hand(bool run) {
    std::vector<std::array<Face, 3>> found;
    for (int suit = 0; suit < kSuits; ++suit)
      for (int rank = 1; rank <= kRanks; ++rank) {
        if (run && rank + 2 <= kRanks) {
          const std::array<Face, 3> f{Face::natural(suit, rank), Face::natural(suit, rank + 1), Face::natural(suit, rank + 2)};
          if (hand.find(f[0]) != kNoCard && hand.find(f[1]) != kNoCard && hand.find(f[2]) != kNoCard) found.push_back(f);
        }
        if (!run && suit == 0) {
          std::vector<Face> held;
          for (int s2 = 0; s2 < kSuits; ++s2)
            if (hand.find(Face::natural(s2, rank)) != kNoCard) held.push_back(Face::natural(s2, rank));
          if (held.size() >= 3) found.push_back({held[0], held[1], held[2]});
        }
      }
    if (found.empty()) return std::nullopt;
    return found[rng.next() % found.size()];
  }

  // The groups again, group `changed` rewritten by `change` (which adds its tokens), or left
  // out where there is no `change`.
  void rewrite(int changed, const std::function<void(std::span<const Token>, TokenGroups&)>& change) {
    TokenGroups out;
    for (int g = 0; g < a.cards.groups(); ++g) {
      if (g == changed && !change) continue;
      out.open_group();
      if (g == changed) change(a.cards.group(g), out);
      else
        for (const Token& t : a.cards.group(g)) out.add(t);
    }
    a.cards = out;
  }
};

// ---- the changes: each false where it does not apply to the step --------------------------

bool another_player(NearStep& n) {
  n.a.player = uint8_t(n.rng.next() % n.s.num_players);
  return true;
}

bool another_depth_and_meld(NearStep& n) {
  n.a.take.kind = TakeSpec::Kind::kCount;
  n.a.take.count = uint8_t(n.rng.next() % (n.s.discard.size() + 2));
  n.a.meld_id = uint8_t(1 + n.rng.next() % n.s.next_meld);
  return true;
}

// Another card, and one card of one group another.
bool another_card(NearStep& n) {
  Action& a = n.a;
  a.card = n.some_card();
  if (a.cards.groups() > 0) {
    TokenGroups changed;
    const int g_changed = int(n.rng.next() % uint64_t(a.cards.groups()));
    for (int g = 0; g < a.cards.groups(); ++g) {
      changed.open_group();
      const auto group = a.cards.group(g);
      const int k = group.empty() ? 0 : int(n.rng.next() % group.size());
      for (int i = 0; i < int(group.size()); ++i) changed.add(g == g_changed && i == k ? Token{n.some_card()} : group[size_t(i)]);
    }
    a.cards = changed;
  }
  return true;
}

// A group of a meld laid as the other kind of meld (a contract of another shape).
bool other_shape(NearStep& n) {
  Action& a = n.a;
  if (a.kind != ActionKind::kMeld || a.cards.groups() == 0) return false;
  const int g_changed = int(n.rng.next() % uint64_t(a.cards.groups()));
  const auto group = a.cards.group(g_changed);
  const bool was_set = group.size() >= 2 && group[0].face.rank() == group[1].face.rank();
  const auto other = n.three_of_hand(was_set);
  if (!other) return false;
  n.rewrite(g_changed, [&](std::span<const Token>, TokenGroups& out) {
    for (const Face& f : *other) out.add(Token{f});
  });
  return true;
}

// A group one card longer: a held card of its rank, or of its suit (any held card else).
bool group_longer(NearStep& n) {
  if (n.group < 0) return false;
  const auto group = n.a.cards.group(n.group);
  std::vector<Face> fits, any;
  for (Card c : n.hand) {
    const Face f = face_of(c);
    bool used = false;
    for (int g = 0; g < n.a.cards.groups(); ++g)
      for (const Token& t : n.a.cards.group(g)) used |= t.face == f;
    if (used) continue;
    any.push_back(f);
    if (f.is_joker() || extends(group, f)) fits.push_back(f);  // a joker: its stand-in unsaid
  }
  const std::vector<Face>& from = fits.empty() ? any : fits;
  if (from.empty()) return false;
  const Face added = from[n.rng.next() % from.size()];
  n.rewrite(n.group, [&](std::span<const Token> cards, TokenGroups& out) {
    for (const Token& t : cards) out.add(t);
    out.add(Token{added});
  });
  return true;
}

// A joker's stand-in left unsaid, or said as another card of its group.
bool joker_standin(NearStep& n) {
  if (n.group < 0) return false;
  const auto group = n.a.cards.group(n.group);
  int joker = -1;
  for (int i = 0; i < int(group.size()); ++i)
    if (group[size_t(i)].face.is_joker()) joker = i;
  if (joker < 0) return false;
  const Face other = group[n.rng.next() % group.size()].face;
  const Face standin = n.rng.next() % 2 || !other.is_natural() ? Face::none() : other;
  n.rewrite(n.group, [&](std::span<const Token> cards, TokenGroups& out) {
    for (int i = 0; i < int(cards.size()); ++i) out.add(i == joker ? Token{cards[size_t(i)].face, standin} : cards[size_t(i)]);
  });
  return true;
}

// A group of jokers alone, each standing for the card it replaces (or a set's).
bool jokers_alone(NearStep& n) {
  Action& a = n.a;
  if (a.kind == ActionKind::kArrange || n.held_jokers < 3) return false;
  if (n.group < 0) {  // a meld of its own: three jokers standing for a set
    a.kind = ActionKind::kMeld;
    a.cards.clear();
    a.cards.open_group();
    a.cards.add(Token{Face::natural(0, 7)});
    n.group = 0;
  }
  const int jokers = n.held_jokers;
  n.rewrite(n.group, [&](std::span<const Token> group, TokenGroups& out) {
    const Face first = stood_for(group[0]);
    for (int i = 0; i < jokers && i < std::max<int>(3, int(group.size())); ++i) {
      const Face replaced = i < int(group.size()) ? stood_for(group[size_t(i)]) : Face::natural(i % kSuits, first.rank());
      out.add(Token{Face::joker(), replaced});
    }
  });
  return true;
}

// A group left out (a contract short of a meld); an arrange: the table as it lies.
bool group_left_out(NearStep& n) {
  Action& a = n.a;
  if (a.kind == ActionKind::kArrange) {
    TokenGroups as_it_lies;
    add_table_groups(n.s, as_it_lies);
    if (as_it_lies.groups() > 0) {
      a.cards = as_it_lies;
      return true;
    }
  }
  if (a.cards.groups() <= 1) return false;
  n.rewrite(n.group, nullptr);
  return true;
}

// A group one card shorter.
bool group_shorter(NearStep& n) {
  if (n.group < 0 || n.a.cards.group(n.group).size() <= 1) return false;
  const size_t dropped = n.rng.next() % n.a.cards.group(n.group).size();
  n.rewrite(n.group, [&](std::span<const Token> group, TokenGroups& out) {
    for (size_t i = 0; i < group.size(); ++i)
      if (i != dropped) out.add(group[i]);
  });
  return true;
}

// Another kind of step with the same cards, depth, meld and player.
bool another_kind(NearStep& n) {
  n.a.kind = ActionKind(n.rng.next() % uint64_t(ActionKind::kNextHand));
  return true;
}

// The changes, in the order of their draw. A change that does not apply to the step gives
// way to the one it names (the groups' changes, one after another, down to another player,
// which always applies).
enum class Near : uint8_t {
  kAnotherPlayer, kAnotherDepthAndMeld, kAnotherCard,
  kOtherShape, kGroupLonger, kJokerStandin, kGroupLeftOut, kJokersAlone, kGroupShorter,  // the groups' changes
  kAnotherKind, kCount
};
struct NearChange {
  const char* name;
  int weight;  // of kTotalWeight
  bool (*make)(NearStep&);
  Near otherwise;  // tried when this one does not apply
};
constexpr NearChange kNearChanges[] = {
    {"another player", 1, another_player, Near::kAnotherPlayer},
    {"another depth and meld", 1, another_depth_and_meld, Near::kAnotherDepthAndMeld},
    {"another card", 2, another_card, Near::kAnotherCard},
    {"a group of the other shape", 1, other_shape, Near::kAnotherPlayer},
    {"a group one card longer", 1, group_longer, Near::kJokerStandin},
    {"a joker's stand-in unsaid or another", 1, joker_standin, Near::kJokersAlone},
    {"a group left out, or the table as it lies", 1, group_left_out, Near::kOtherShape},
    {"a group of jokers alone", 1, jokers_alone, Near::kGroupLeftOut},
    {"a group one card shorter", 1, group_shorter, Near::kGroupLonger},
    {"another kind of step", 1, another_kind, Near::kAnotherKind},
};
static_assert(std::size(kNearChanges) == size_t(Near::kCount));
constexpr int kTotalWeight = 11;
constexpr int kGroupChanges = int(Near::kAnotherKind) - int(Near::kOtherShape);

// The change drawn by weight.
Near draw(SplitMix64& rng) {
  int r = int(rng.next() % kTotalWeight);
  int k = 0;
  while (r >= kNearChanges[k].weight) r -= kNearChanges[k++].weight;
  return Near(k);
}

}  // namespace

Action nearby(const GameState& s, const Action& chosen, uint64_t seed) {
  SplitMix64 rng{seed};
  Action a = chosen;
  NearStep n{.s = s, .a = a, .rng = rng, .hand = s.hand(a.player < s.num_players ? a.player : s.to_move)};
  if (a.cards.groups() > 0) n.group = int(rng.next() % uint64_t(a.cards.groups()));
  const bool opening_arrange = a.kind == ActionKind::kArrange && !s.players[a.player].opened;
  // Before one's opening, a set of the table itself is grown (the edge of the rack-only rule).
  if (opening_arrange)
    for (int g = 0; g < a.cards.groups(); ++g)
      if (of_table(s, a.cards.group(g)) && rng.next() % 2) n.group = g;
  for (Card c : n.hand) n.held_jokers += is_joker(c);
  Near change = draw(rng);
  // Steps that lay cards are rarer than draws and discards: half the time their groups change.
  if (a.cards.groups() > 0 && rng.next() % 2) change = Near(int(Near::kOtherShape) + int(rng.next() % kGroupChanges));
  // Rarer chances taken more often: jokers enough for a meld of their own, an opening
  // arrange (one tile more onto a set of the table is the rack-only rule's edge).
  if (n.held_jokers >= 3 && rng.next() % 2) change = Near::kJokersAlone;
  if (opening_arrange && rng.next() % 2) change = Near::kGroupLonger;
  while (!kNearChanges[size_t(change)].make(n)) change = kNearChanges[size_t(change)].otherwise;
  return a;
}

}  // namespace meldcheck::hunt
