#include "hunting/boundary.h"

#include <algorithm>
#include <optional>

#include "engine/engine.h"
#include "engine/invariants.h"
#include "engine/meld.h"
#include "engine/position.h"
#include "engine/random_play.h"
#include "engine/rng.h"

namespace meldcheck::hunt {
namespace {

// Random steps from the deal before the bend: at most this many.
constexpr int kPrefixStepsAtMost = 80;

// A statement being bent, and where a card may be taken from: the cards out of play, then
// the stock, the other hands and the discard pile below its top; never the table or what
// the turn in progress owes.
class Bender {
 public:
  Bender(const GameState& s, uint64_t seed)
      : st_(state_position(s)), out_(s.out), rng_{seed}, mover_(s.to_move) {
    owed_ = s.turn.pile_meld_due | s.turn.freed_jokers;
    if (s.turn.must_use != kNoCard) owed_.insert(s.turn.must_use);
    if (s.turn.no_discard != kNoCard) owed_.insert(s.turn.no_discard);
  }

  StatedPosition& stated() { return st_; }
  uint64_t next() { return rng_.next(); }
  int pick(int n) { return int(rng_.next() % uint64_t(n)); }
  int mover() const { return mover_; }

  // A card of face `f` moved into `player`'s hand; false when none can be had.
  bool give(int player, Face f) {
    const std::optional<Card> c = take(f, player);
    if (!c) return false;
    st_.seats[player].hand.insert(*c);
    return true;
  }
  // A card of face `f` put on top of the discard pile.
  bool top_discard(Face f) {
    const std::optional<Card> c = take(f, -1);
    if (!c) return false;
    st_.discard.push_back(*c);
    return true;
  }
  // A card of face `f` put on top of the stock.
  bool top_stock(Face f) {
    const std::optional<Card> c = take(f, -1);
    if (!c) return false;
    st_.stock.insert(st_.stock.begin(), *c);
    return true;
  }
  // `player`'s hand cut to `keep` cards and what the turn owes; the rest out of play.
  void cut_hand(int player, int keep) {
    CardSet& hand = st_.seats[player].hand;
    CardSet kept = hand & owed_;
    for (Card c : hand.minus(owed_)) {
      if (keep-- == 0) break;
      kept.insert(c);
    }
    out_ |= hand.minus(kept);
    hand = kept;
  }
  void cut_stock(size_t keep) {
    while (st_.stock.size() > keep) {
      out_.insert(st_.stock.back());
      st_.stock.pop_back();
    }
  }

 private:
  std::optional<Card> take(Face f, int player) {
    auto is = [&](Card c) { return face_of(c) == f && !owed_.contains(c); };
    for (Card c : out_)
      if (is(c)) return out_.erase(c), c;
    for (size_t i = 0; i < st_.stock.size(); ++i)
      if (is(st_.stock[i])) {
        const Card c = st_.stock[i];
        st_.stock.erase(st_.stock.begin() + long(i));
        return c;
      }
    for (int p = 0; p < st_.players; ++p)
      if (p != player)
        for (Card c : st_.seats[p].hand)
          if (is(c)) return st_.seats[p].hand.erase(c), c;
    for (size_t i = 0; i + 1 < st_.discard.size(); ++i)
      if (is(st_.discard[i])) {
        const Card c = st_.discard[i];
        st_.discard.erase(st_.discard.begin() + long(i));
        return c;
      }
    return std::nullopt;
  }

  StatedPosition st_;
  CardSet out_, owed_;
  SplitMix64 rng_;
  int mover_;
};

bool bend_target(Bender& b, const RuleSet& r) {
  if (r.match.goal != MatchGoal::kTarget) return false;
  StatedPosition& st = b.stated();
  static constexpr int kAbout[] = {-1, 0, 1, -2, -10, -25, -60};
  const int lead = r.match.target + kAbout[b.next() % std::size(kAbout)];
  const int tied = 1 + int(b.next() % 2);
  for (int p = 0; p < st.players; ++p) st.seats[p].total = lead - 1 - int(b.next() % 150);
  for (int k = 0; k < tied; ++k) st.seats[b.next() % uint64_t(st.players)].total = lead;
  return true;
}

// The faces of whole melds, drawn at random: sets of distinct suits, runs of one suit.
struct MeldFaces {
  Bender& b;
  std::vector<Face> faces;
  void set(int rank, int n) {
    const int first = b.pick(kSuits);
    for (int k = 0; k < n; ++k) faces.push_back(Face::natural((first + k) % kSuits, rank));
  }
  void run(int n) {
    const int suit = b.pick(kSuits);
    const int low = 2 + b.pick(kRanks - n);
    for (int k = 0; k < n; ++k) faces.push_back(Face::natural(suit, low + k));
  }
};

int set_size(const RuleSet& r) { return r.meld.min_size; }
// Liverpool's runs are a card longer than its sets.
int run_size(const RuleSet& r) { return r.meld.min_size + (r.opening.form == OpeningForm::kContract); }

bool bend_opening_short(Bender& b, const RuleSet& r) {
  const int p = b.mover();
  StatedPosition& st = b.stated();
  if (st.seats[p].opened.value_or(false)) return false;
  for (const Meld& m : st.table)
    if (m.owner == p) return false;
  MeldFaces wanted{b, {}};  // the cards of the opening; the last tops the stock
  if (r.opening.form == OpeningForm::kContract) {
    const ContractRound& c = r.opening.contracts[std::min<size_t>(st.facts.round.value_or(1), r.opening.contracts.size()) - 1];
    for (int k = 0; k < c.sets; ++k) wanted.set(2 + b.pick(11), set_size(r));
    for (int k = 0; k < c.runs; ++k) wanted.run(run_size(r));
  } else if (r.opening.form == OpeningForm::kPoints) {
    // Three of one number worth the opening, or one short of it; half the time with a
    // joker among them (worth the number it stands for).
    const int rank = std::clamp(int((r.opening.points + 2) / 3) - b.pick(2), 1, kRanks);
    wanted.set(rank, set_size(r));
    if (b.pick(2)) wanted.faces[0] = Face::joker();
  } else if (b.pick(2)) {
    wanted.set(2 + b.pick(11), set_size(r));
  } else {
    wanted.run(run_size(r));
  }
  const Face last = wanted.faces.back();
  wanted.faces.pop_back();
  for (Face f : wanted.faces)
    if (!b.give(p, f)) return false;
  return b.top_stock(last);
}

bool bend_melds_in_hand(Bender& b, const RuleSet& r) {
  MeldFaces melds{b, {}};
  melds.set(2 + b.pick(11), set_size(r));
  melds.run(run_size(r));
  for (Face f : melds.faces)
    if (!b.give(b.mover(), f)) return false;
  return true;
}

// Two seats to tie: where there are three players or more, neither is the player to move,
// whose turn would most likely change their score.
std::pair<int, int> two_seats(Bender& b, int players) {
  if (players < 3) return {0, 1};
  const int a = (b.mover() + 1 + b.pick(players - 2)) % players;
  return {a, (a + 1) % players};
}

// A new round starts with nobody down (a contract laid in an earlier round never carries).
bool fresh_round(const StatedPosition& st) {
  if (!st.table.empty()) return false;
  for (int p = 0; p < st.players; ++p)
    if (st.seats[p].opened.value_or(false)) return false;
  return true;
}

void set_last_round(StatedPosition& st, const RuleSet& r) {
  if (!r.opening.contracts.empty()) st.facts.round = uint16_t(r.opening.contracts.size());
  else st.facts.round = std::max<uint16_t>(r.match.rounds, 1);
}

bool bend_last_round(Bender& b, const RuleSet& r) {
  StatedPosition& st = b.stated();
  if (r.match.goal != MatchGoal::kRounds || !fresh_round(st)) return false;
  set_last_round(st, r);
  // The lowest (or highest) totals tied.
  const int base = b.pick(120);
  for (int p = 0; p < st.players; ++p) st.seats[p].total = base + 5 + b.pick(60);
  const auto [a, c] = two_seats(b, st.players);
  st.seats[a].total = st.seats[c].total = r.match.lowest_wins ? base : base + 70;
  return true;
}

// What the hand's end adds to each total (its penalties are in the totals already) should
// the player to move, in the play phase with one card, go out now by discarding it: the
// engine plays that discard on a copy of the position. Else nullopt.
std::optional<std::array<int32_t, kMaxPlayers>> going_out_now(Bender& b, const RuleSet& r) {
  GameState g = make_position(r, b.stated());
  const int p = g.to_move;
  if (g.phase != Phase::kPlay || g.hand(p).size() != 1) return std::nullopt;
  Action discard;
  discard.kind = ActionKind::kDiscard;
  discard.player = uint8_t(p);
  discard.card = face_of(*g.hand(p).begin());
  if (apply(g, r, discard) != Refusal::kNone || !g.hand_over || g.last_out != p) return std::nullopt;
  std::array<int32_t, kMaxPlayers> adds{};
  for (int q = 0; q < g.num_players; ++q) adds[q] = g.round_scores[q] - g.players[q].penalty;
  return adds;
}

bool bend_tie_at_end(Bender& b, const RuleSet& r) {
  StatedPosition& st = b.stated();
  b.cut_stock(0);
  auto [a, c] = two_seats(b, st.players);
  if (r.scoring.method == ScoringMethod::kZeroSum) {
    // The lowest racks tied: one tile each, twins.
    b.cut_hand(a, 1);
    const CardSet kept = st.seats[a].hand;
    if (kept.size() != 1 || is_joker(*kept.begin())) return false;
    b.cut_hand(c, 0);
    return b.give(c, face_of(*kept.begin())) && st.seats[a].hand == kept;
  }
  const int toward = r.match.lowest_wins ? -1 : 1;
  int lead = 0;
  if (r.match.goal == MatchGoal::kTarget) {
    static constexpr int kAbout[] = {0, 0, 1, -1};
    lead = r.match.target + kAbout[b.pick(int(std::size(kAbout)))];
  } else {
    if (!fresh_round(st)) return false;
    set_last_round(st, r);
    lead = 200 + b.pick(100);
  }
  // What the hand's end would add: half the time, where the player to move can go out by a
  // discard, the hand so ended (they tie with another player: who went out may decide the
  // tie); else the hand as it stands (an empty stock may end it).
  std::optional<std::array<int32_t, kMaxPlayers>> adds;
  if (st.facts.phase == Phase::kPlay && b.pick(2)) {
    b.cut_hand(b.mover(), 1);
    if ((adds = going_out_now(b, r))) a = b.mover(), c = (a + 1 + b.pick(st.players - 1)) % st.players;
  }
  if (!adds) {
    adds.emplace();
    score_hand(make_position(r, st), r, *adds);
    for (int p = 0; p < st.players; ++p) (*adds)[p] -= st.seats[p].penalty;
  }
  // Totals set so that, the hand ended so, `a` and `c` lead together at `lead`.
  for (int p = 0; p < st.players; ++p) st.seats[p].total = lead - toward * (1 + b.pick(80)) - (*adds)[p];
  st.seats[a].total = lead - (*adds)[a];
  st.seats[c].total = lead - (*adds)[c];
  return true;
}

// The discard on offer is a card that builds on a meld on the table (so that a claim that
// must use it can), and the players who might claim it hold a pair of its rank.
bool bend_offer(Bender& b, const RuleSet& r) {
  StatedPosition& st = b.stated();
  if (st.discard.empty() || st.table.empty() || st.players < 3) return false;
  const Meld& m = st.table[size_t(b.pick(int(st.table.size())))];
  const int first = b.pick(kFaces);
  for (int k = 0; k < kFaces; ++k) {
    const int code = (first + k) % kFaces;
    const Face f = Face::natural(code / kRanks, code % kRanks + 1);
    const Token t{f};
    Formed grown;
    if (!extend_meld(r.meld, m.shape, std::span(&t, 1), grown).empty() || !b.top_discard(f)) continue;
    for (int p = 0; p < st.players; ++p)
      if (p != b.mover())
        for (int n = 0; n < 2; ++n) b.give(p, Face::natural((f.suit() + 1 + n) % kSuits, f.rank()));
    return true;
  }
  return false;
}

bool bend_joker_held(Bender& b) {
  StatedPosition& st = b.stated();
  for (const Meld& m : st.table)
    for (int i = 0; i < m.shape.size; ++i) {
      if (!m.shape.joker(i)) continue;
      Face f = m.shape.faces[i];
      if (f.is_rank_only()) f = Face::natural(int(b.next() % uint64_t(kSuits)), f.rank());
      if (b.give(b.mover(), f)) return true;
    }
  return false;
}

bool bend_twins(Bender& b) {
  const CardSet hand = b.stated().seats[b.mover()].hand;
  for (Card c : hand)
    if (!is_joker(c) && b.give(b.mover(), face_of(c))) return true;
  return false;
}

bool bend(Bender& b, const RuleSet& r, Boundary kind) {
  switch (kind) {
    case Boundary::kTarget: return bend_target(b, r);
    case Boundary::kLastRound: return bend_last_round(b, r);
    case Boundary::kShortStock: b.cut_stock(size_t(b.next() % 3)); return true;
    case Boundary::kShortHand: b.cut_hand(b.mover(), 1 + int(b.next() % 2)); return true;
    case Boundary::kOpeningShort: return bend_opening_short(b, r);
    case Boundary::kJokerHeld: return bend_joker_held(b);
    case Boundary::kTwins: return bend_twins(b);
    case Boundary::kTurnBound:
      b.stated().facts.turns = uint16_t(std::max(0, int(r.max_turns) - 1 - int(b.next() % 4)));
      return true;
    case Boundary::kTieAtEnd: return bend_tie_at_end(b, r);
    case Boundary::kOffer: return bend_offer(b, r);
    case Boundary::kMeldsInHand: return bend_melds_in_hand(b, r);
    case Boundary::kJokers: {
      bool any = false;
      for (int k = 0; k < 3; ++k) any |= b.give(b.mover(), Face::joker());
      return any;
    }
    case Boundary::kCount: break;
  }
  return false;
}

// A hand still going has nobody out: a bend that takes a player's last card is not kept.
bool someone_out(const GameState& s) {
  for (int p = 0; p < s.num_players; ++p)
    if (s.hand(p).empty()) return true;
  return false;
}

}  // namespace

const char* boundary_name(Boundary b) {
  switch (b) {
    case Boundary::kTarget: return "target";
    case Boundary::kLastRound: return "last-round";
    case Boundary::kShortStock: return "short-stock";
    case Boundary::kShortHand: return "short-hand";
    case Boundary::kOpeningShort: return "opening-short";
    case Boundary::kJokerHeld: return "joker-held";
    case Boundary::kTwins: return "twins";
    case Boundary::kTurnBound: return "turn-bound";
    case Boundary::kTieAtEnd: return "tie-at-end";
    case Boundary::kOffer: return "offer";
    case Boundary::kMeldsInHand: return "melds-in-hand";
    case Boundary::kJokers: return "jokers";
    case Boundary::kCount: break;
  }
  return "?";
}

bool BoundaryPosition::bends_the_match() const {
  for (Boundary b : bends)
    if (b == Boundary::kTarget || b == Boundary::kLastRound || b == Boundary::kTieAtEnd) return true;
  return false;
}

BoundaryPosition boundary_position(const GameSpec& game) {
  const RuleSet& r = game.config->rules;
  SplitMix64 rng{game.deal_seed ^ 0xB0DA7E5EEDull};
  GameState s = new_match(r, game.players, game.deal_seed, game.players - 1);
  // Some steps of play first, so that the table has melds (and jokers) to bend; bent where
  // the turn owes nothing (a card taken that must be used may not be cut away).
  RandomPlayer player(game.play_seed ^ 0x9E3779B97F4A7C15ull);
  GameState now = s;
  std::vector<Action> played;
  size_t kept = 0;  // the steps that lead to s
  for (int k = int(rng.next() % kPrefixStepsAtMost); k > 0; --k) {
    const Action* a = player.legal(now, r, true);
    if (!a) break;
    played.push_back(*a);
    apply(now, r, *a);
    if (now.hand_over) break;
    const TurnFacts& t = now.turn;
    if (t.pile_meld_due.empty() && t.freed_jokers.empty() && t.must_use == kNoCard && t.no_discard == kNoCard) s = now, kept = played.size();
  }
  played.resize(kept);
  // One or two boundaries that apply, each kept only where the engine's invariants hold;
  // a tie at the hand's end last, since it ties the hands as they then stand.
  BoundaryPosition out{s, {}, std::move(played)};
  auto try_bend = [&](Boundary kind) {
    Bender b(out.state, rng.next());
    if (!bend(b, r, kind)) return;
    GameState bent = make_position(r, b.stated());
    if (!invariant_violation(bent, r).empty() || someone_out(bent)) return;
    out.state = bent;
    out.bends.push_back(kind);
  };
  const int bends = 1 + int(rng.next() % 2);
  bool tie = false;
  for (int tries = 0; tries < 8 && int(out.bends.size()) + tie < bends; ++tries) {
    const Boundary kind = Boundary(rng.next() % uint64_t(Boundary::kCount));
    if (kind == Boundary::kTieAtEnd) tie = true;
    else if (std::find(out.bends.begin(), out.bends.end(), kind) == out.bends.end()) try_bend(kind);
  }
  if (tie) try_bend(Boundary::kTieAtEnd);
  return out;
}

}  // namespace meldcheck::hunt
