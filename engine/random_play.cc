#include "engine/random_play.h"

#include "engine/internal.h"
#include "engine/search.h"
#include "engine/solver.h"

#include <algorithm>
#include <array>

namespace meldcheck {
namespace {

Face random_face(SplitMix64& rng, const GameState& s, int player) {
  // Mostly a card the player holds, so that the rules past possession get exercised.
  if (rng.next() % 4 != 0 && !s.hand(player).empty()) {
    int k = int(rng.next() % uint64_t(s.hand(player).size()));
    for (Card c : s.hand(player))
      if (k-- == 0) return face_of(c);
  }
  uint64_t v = rng.next() % (kFaces + 1);
  return v == kFaces ? Face::joker() : Face::from_code(uint8_t(v));
}

Token random_token(SplitMix64& rng, const GameState& s, int player) {
  Token t{random_face(rng, s, player)};
  if (t.face.is_joker()) {
    switch (rng.next() % 3) {
      case 0: break;
      case 1: t.standin = Face::rank_only(int(rng.next() % kRanks) + 1); break;
      default: t.standin = Face::from_code(uint8_t(rng.next() % kFaces)); break;
    }
  }
  return t;
}

// A group of random cards, or (half the time) a near-meld: a slice of the hand's cards of
// one suit in rank order, or the hand's cards of one rank, which are often one card off.
void random_group(SplitMix64& rng, Action& a, const GameState& s, int player, int max_cards) {
  a.cards.open_group();
  if (rng.next() % 2) {
    const int suit = int(rng.next() % kSuits), rank = 1 + int(rng.next() % kRanks);
    const bool run = rng.next() % 2;
    std::array<Face, kMaxCards> picked;
    size_t count = 0;
    for (Card c : s.hand(player)) {
      const Face f = face_of(c);
      if (f.is_natural() && (run ? f.suit() == suit : f.rank() == rank)) picked[count++] = f;
    }
    std::sort(picked.begin(), picked.begin() + long(count), [](Face x, Face y) { return x.rank() < y.rank(); });
    const size_t from = count == 0 ? 0 : rng.next() % count;
    const size_t len = 2 + rng.next() % 4;
    for (size_t i = from; i < count && i < from + len; ++i) a.cards.add({picked[i]});
    if (a.cards.group(a.cards.groups() - 1).size() >= 2) return;
  }
  const int n = 1 + int(rng.next() % uint64_t(max_cards));
  for (int i = 0; i < n; ++i) a.cards.add(random_token(rng, s, player));
}

// How much the greedy policy wants an action: going out first, then laying the most
// cards, taking what melds, drawing, and last discarding, the costliest card first.
double greedy_score(const GameState& s, const RuleSet& r, const Action& a) {
  const int held = s.hand(a.player).size();
  const int laid = a.cards.tokens();
  switch (a.kind) {
    case ActionKind::kArrange: {
      int on_table = 0;
      for (const Meld& m : s.table.all()) on_table += m.shape.size;
      const int from_rack = laid - on_table;
      return (from_rack >= held ? 1000 : 100) + from_rack;
    }
    case ActionKind::kMeld: return (laid >= held ? 1000 : 60) + laid;
    case ActionKind::kLayoff: return (laid >= held ? 1000 : 50) + laid;
    case ActionKind::kClaim: return laid > 0 ? 40 + laid : 0.5;  // a buy only adds cards
    case ActionKind::kSwap: return 30;
    case ActionKind::kTake: {
      const int n = take_count(s.discard, a.take);
      // Listed with its deepest card owed, so that card can be used; a whole pile without
      // that obligation is rather left alone.
      if (n >= 2) return r.draw.taken_card_use != TakenCardUse::kNever ? 20 + n : 3;
      const bool may_meld = !s.players[a.player].opened || r.opening.melds_after_opening;
      detail::Pool pool(s.hand(a.player));
      const Face top = face_of(s.discard.top());
      pool.add(top);
      return may_meld && detail::melds_possible(r.meld, pool, top) ? 10 : 4;
    }
    case ActionKind::kDraw: return 5;
    case ActionKind::kDiscard:  // the costliest card, a joker last
      return (held == 1 ? 1000 : 1) + (a.card.is_joker() ? 0 : 1 + r.scoring.hand.of(a.card)) / 1000.0;
    case ActionKind::kNextHand: return 10;
    case ActionKind::kPass:
    case ActionKind::kTimeout: return 0;
  }
  return 0;
}

}  // namespace

void RandomPlayer::drop_other_kinds() {
  if (!(kinds_ == ActionKinds::all())) std::erase_if(legal_, [&](const Action& a) { return !kinds_.has(a.kind); });
}

const Action* RandomPlayer::choose(const GameState& s, const RuleSet& r, Policy policy, CheckTally* refused,
                                   std::vector<Action>* dropped) {
  legal_actions(s, r, legal_, refused, dropped);
  drop_other_kinds();
  if (legal_.empty()) return nullptr;
  if (policy == Policy::kRandom) return &legal_[rng_.next() % legal_.size()];
  // Greedy lays the most tiles it can: the solver's best arrangement, which the list leaves out.
  if (r.table.free_rearrangement && s.phase == Phase::kDraw && !s.hand_over) {
    Action best;
    best.kind = ActionKind::kArrange;
    best.player = s.to_move;
    best.cards = best_arrangement(s, r, SolverGoal::kMostTiles).sets;
    if (best.cards.groups() > 0 && check_action(s, r, best) == Refusal::kNone) legal_.push_back(best);
  }
  const Action* best = nullptr;
  double best_score = -1;
  uint64_t ties = 0;
  for (const Action& a : legal_) {
    const double score = greedy_score(s, r, a);
    if (score > best_score) {
      best = &a, best_score = score, ties = 1;
    } else if (score == best_score && rng_.next() % ++ties == 0) {
      best = &a;  // equal scores: each as likely
    }
  }
  return best;
}

const Action* RandomPlayer::legal(const GameState& s, const RuleSet& r, bool quick) {
  if (quick) quick_legal_actions(s, r, legal_);
  else legal_actions(s, r, legal_);
  drop_other_kinds();
  if (legal_.empty()) return nullptr;
  laying_.clear();
  for (const Action& a : legal_)
    if (a.player == s.to_move &&
        (a.kind == ActionKind::kMeld || a.kind == ActionKind::kLayoff || a.kind == ActionKind::kArrange))
      laying_.push_back(&a);
  if (!laying_.empty() && rng_.next() % 4 != 0) return laying_[rng_.next() % laying_.size()];
  return &legal_[rng_.next() % legal_.size()];
}

Action RandomPlayer::arbitrary(const GameState& s, const RuleSet& r) {
  (void)r;
  Action a;
  a.kind = ActionKind(rng_.next() % (int(ActionKind::kNextHand) + 1));
  for (int tries = 0; !kinds_.has(a.kind) && tries < 64; ++tries) a.kind = ActionKind(rng_.next() % (int(ActionKind::kNextHand) + 1));
  // Only what a scenario can say (a seat of the game, a meld id from m1), so that every
  // arbitrary action can be written out and replayed.
  a.player = rng_.next() % 5 == 0 ? uint8_t(rng_.next() % s.num_players) : s.to_move;
  const int p = a.player;
  a.take.kind = TakeSpec::Kind(1 + rng_.next() % 3);
  a.take.count = uint8_t(rng_.next() % (s.discard.size() + 2));
  a.take.face = random_face(rng_, s, p);
  a.meld_id = uint8_t(1 + rng_.next() % uint64_t(s.next_meld));  // next_meld: not laid yet
  a.card = random_face(rng_, s, p);
  a.seed = rng_.next();
  switch (a.kind) {
    case ActionKind::kMeld:
    case ActionKind::kArrange: {
      const int groups = 1 + int(rng_.next() % 3);
      for (int g = 0; g < groups; ++g) random_group(rng_, a, s, p, 6);
      break;
    }
    case ActionKind::kLayoff: random_group(rng_, a, s, p, 3); break;
    case ActionKind::kClaim:
      if (rng_.next() % 2) {
        a.claim_layoff = true;
        random_group(rng_, a, s, p, 3);
      } else if (rng_.next() % 2) {
        random_group(rng_, a, s, p, 5);
      }
      break;
    default: break;
  }
  return a;
}

}  // namespace meldcheck
