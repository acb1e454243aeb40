// What the clauses that decide an outcome decide: turn order, what a take obliges, the end
// of a hand, its scores (by the score oracle), a match's end and its winners. Each part
// names the clauses it follows.
#include <algorithm>
#include <numeric>

#include "oracles/catalog.h"
#include "oracles/catalog_rules.h"
#include "oracles/configuration.h"

namespace meldcheck::oracle {
namespace {

using rules::Context;

constexpr int kTurnBound = 1000;  // every ruleset's safety.turn-limit

int next(const Position& at, int p) { return (p + 1) % at.players; }

// 000 "Ta upp högen" (take.whole-new-meld), 002 "SPELET" 1 (take.deepest-melded) and 3
// (take.lone-card), 001 (row.use-at-once): what a take leaves owed.
void owed_by_take(const Context& c, Decided& d) {
  const std::vector<Face> taken = c.taken();
  const int n = int(taken.size());
  const Face deepest = taken.front();
  const std::string& g = c.game.ruleset;
  if (g == "femhundra-familj" || (g == "rummy500" && n > 1)) d.must_use = deepest;
  if (g == "rummy500" && n == 1) d.no_discard = deepest;
  if (g == "femhundra-rummy" && n > 1 && n == int(c.at.pile.size())) {
    // A new meld holding a pile card is owed, when one is possible; else -50 at once.
    const bool layoffs = c.option("pile-meld") == "meld-or-layoff";
    bool possible = false;
    for (const Face& f : taken) possible |= can_use(c.text, c.pool(), f, true, layoffs, c.at);
    if (possible) d.pile_meld_due = true;
    else d.penalties[size_t(c.move.player)] -= 50;
  }
}

// What a meld, layoff or swap leaves owed: a card of the owed face laid meets it (000 lets
// a layoff meet the pile meld with option pile-meld, 002 the taken card unless option
// deep-card-use is meld-only); a swap frees a joker that must go down again where option
// freed-joker says so.
void owed_after_laying(const Context& c, Decided& d) {
  const Position& at = c.at;
  const bool meld = c.is(MoveKind::kMeld), layoff = c.is(MoveKind::kLayoff);
  const bool use_by_layoff = c.game.ruleset != "rummy500" || c.option("deep-card-use") != "meld-only";
  const bool pile_by_layoff = c.option("pile-meld") == "meld-or-layoff";
  auto lays = [&](Face f) {
    for (const Token& t : c.move.tokens())
      if (t.face == f) return true;
    return false;
  };
  d.must_use = at.must_use;
  if (at.must_use && (meld || (layoff && use_by_layoff)) && lays(*at.must_use)) d.must_use.reset();
  d.pile_meld_due = !at.pile_meld_due.empty();
  for (const Face& f : at.pile_meld_due)
    if ((meld || (layoff && pile_by_layoff)) && lays(f)) d.pile_meld_due = false;
  if (d.pile_meld_due) {  // the owed cards still held
    bool held = false;
    for (const Face& f : at.pile_meld_due) held |= rules::holds(c.hand_left(), {f});
    d.pile_meld_due = held;
  }
  d.no_discard = at.no_discard;
  if (at.no_discard && lays(*at.no_discard)) d.no_discard.reset();
  int jokers = 0;
  for (const Token& t : c.move.tokens()) jokers += t.face.is_joker();
  d.freed_jokers = std::max(0, at.freed_jokers - jokers) + (c.is(MoveKind::kSwap) && c.option("freed-joker") == "same-turn");
}

// The hand's end with nobody out, by a pass: 002 and 001 end it at an empty stock, 000 and
// 003 only with nothing left to draw or take, 004 at an empty pool as option empty-pool says.
bool pass_ends_hand(const Context& c, int passes) {
  const std::string& g = c.game.ruleset;
  if (g == "rummikub") return c.option("empty-pool") != "all-stuck" || passes >= c.at.players;
  return true;  // a pass is allowed only where it ends the hand (stock.empty clauses)
}

// 000, 001 "Poängräkning", 002 "SCORING", 003 "Poängräkning", 004 "Poäng": the score oracle
// reads the hand as it ended.
std::vector<int> scores_of(const Context& c, const Position& after, int out) {
  FinishedHand h;
  h.players = after.players;
  for (const Seat& s : after.seats) {
    h.hands.push_back(s.hand);
    h.penalties.push_back(s.penalty);
  }
  for (const PlacedMeld& m : after.table) h.table.push_back(m.cards);
  const Position& at = c.at;
  const Seat& mover = c.seat();
  bool on_other = false;
  if (c.is(MoveKind::kLayoff))
    if (const PlacedMeld* m = at.meld(c.move.meld_id)) on_other = m->owner != c.move.player;
  h.out = out;
  h.out_by_discard = c.is(MoveKind::kDiscard);
  h.out_built_on_others_this_turn = at.built_on_others || on_other;
  h.out_built_on_others_this_hand = out >= 0 && (after.seats[size_t(out)].built_on_others);
  h.out_went_down_this_turn = at.opened_now || (c.is(MoveKind::kMeld) && !mover.opened);
  h.out_actions_this_turn = at.actions + (c.is(MoveKind::kMeld) || c.is(MoveKind::kLayoff) || c.is(MoveKind::kSwap));
  h.last_round = c.game.ruleset == "liverpool" && at.round >= 7;
  h.ended_by = c.move.player;
  return hand_scores(h, c.game.ruleset, c.game.variants, c.game.options);
}

// The match: 002 "SCORING" (500, a tie plays on), 000 "Poängräkning" (500, the latest
// hand's winner breaks a tie), 001 (500, a tie shared or, option tie-at-500, played on),
// 003 (seven rounds, the lowest total), 004 "Poäng" (one round, option rounds more).
void match_end(const Context& c, const std::vector<int>& totals, int out, Decided& d) {
  const std::string& g = c.game.ruleset;
  const Position& at = c.at;
  bool over = false, lowest = false;
  if (g == "liverpool") {
    over = at.round >= 7;
    lowest = true;
  } else if (g == "rummikub") {
    const std::string rounds = c.option("rounds");
    const int n = rounds == "two" ? 2 : rounds == "three" ? 3 : rounds == "four" ? 4 : 1;
    over = at.round >= n;
  } else {
    over = std::any_of(totals.begin(), totals.end(), [](int t) { return t >= 500; });
  }
  if (!over) return;
  const int best = lowest ? *std::min_element(totals.begin(), totals.end()) : *std::max_element(totals.begin(), totals.end());
  std::vector<int> leaders;
  for (int p = 0; p < int(totals.size()); ++p)
    if (totals[size_t(p)] == best) leaders.push_back(p);
  if (leaders.size() > 1) {
    if (g == "rummy500" || (g == "femhundra-familj" && c.option("tie-at-500") == "play-on")) return;  // another hand
    const int latest = out >= 0 ? out : at.last_out;
    if (g == "femhundra-rummy" && std::find(leaders.begin(), leaders.end(), latest) != leaders.end()) leaders = {latest};
  }
  d.game_over = true;
  d.winners = leaders;
}

void ends_hand(const Context& c, const Position& after, int out, Decided& d) {
  d.hand_over = true;
  d.went_out = out;
  d.round_scores = scores_of(c, after, out);
  // The totals already hold this hand's penalties, which its scores hold too.
  std::vector<int> totals;
  for (int p = 0; p < c.at.players; ++p)
    totals.push_back(c.at.seats[size_t(p)].total + d.round_scores[size_t(p)] - c.at.seats[size_t(p)].penalty);
  match_end(c, totals, out, d);
}

// The cards the move leaves in the mover's hand: a draw adds the stock's top card (004's
// timeout three, or what is left unless option short-penalty says none), a take the
// cards taken, a buy (003, buy.others) the bought card and one from the stock; a meld, layoff,
// claim or discard takes out what it lays, a swap trades a natural for the joker.
std::optional<std::vector<Face>> mover_hand(const Context& c) {
  const Position& at = c.at;
  std::vector<Face> hand = c.hand_left();
  auto from_stock = [&](size_t n) {
    for (size_t i = 0; i < n && i < at.stock.size(); ++i) hand.push_back(at.stock[i]);
    return at.stock.size() >= n;
  };
  switch (c.move.kind) {
    case MoveKind::kNextHand:
    case MoveKind::kArrange: return std::nullopt;
    case MoveKind::kDraw:
      if (!from_stock(1)) return std::nullopt;  // the pile is reshuffled first
      break;
    case MoveKind::kTimeout:
      if (at.stock.size() >= 3 || c.option("short-penalty") != "no-penalty") from_stock(std::min<size_t>(3, at.stock.size()));
      break;
    case MoveKind::kClaim:
      if (c.game.ruleset == "liverpool" && !from_stock(1)) return std::nullopt;
      break;
    default: break;
  }
  std::sort(hand.begin(), hand.end());
  return hand;
}

}  // namespace

Decided Catalog::decide(const Position& before, const Move& move, const Position& after) const {
  const Game& game = game_;
  const Context c{game, before, move, text_};
  const Position& at = before;
  // What stays as it was unless the move changes it.
  Decided d;
  d.penalties.assign(size_t(at.players), 0);
  d.to_move = at.to_move;
  d.phase = at.phase;
  d.must_use = at.must_use;
  d.no_discard = at.no_discard;
  d.pile_meld_due = !at.pile_meld_due.empty();
  d.freed_jokers = at.freed_jokers;
  d.first_lap = at.first_lap;
  const bool tiles = game.ruleset == "rummikub";
  auto nothing_owed = [&] {
    d.must_use.reset();
    d.no_discard.reset();
    d.pile_meld_due = false;
    d.freed_jokers = 0;
  };
  // A turn passes to the next player, owing nothing; at the bound of turns the hand ends
  // as it stands.
  auto turn_passes = [&](int from) {
    d.to_move = next(at, from);
    d.phase = Phase::kDraw;
    d.first_lap = at.first_lap && d.to_move != at.first_player;
    nothing_owed();
    if (at.turns + 1 >= kTurnBound) ends_hand(c, after, -1, d);
  };
  d.mover_hand = mover_hand(c);
  switch (move.kind) {
    case MoveKind::kNextHand:
      // The deal passes on (dealer-rotates): the player after the new dealer begins.
      nothing_owed();
      d.first_lap.reset();
      d.to_move = (at.dealer + 2) % at.players;
      d.phase = game.ruleset == "femhundra-familj" ? Phase::kRow : Phase::kDraw;
      return d;
    case MoveKind::kDraw:
      if (tiles) turn_passes(at.to_move);  // 004: drawing is the whole turn
      else d.phase = Phase::kPlay;
      return d;
    case MoveKind::kTake:
      d.phase = Phase::kPlay;
      nothing_owed();
      owed_by_take(c, d);
      return d;
    case MoveKind::kTimeout: turn_passes(at.to_move); return d;
    case MoveKind::kPass:
      if (at.phase == Phase::kPlay) {  // 003's last round, nobody discarding
        turn_passes(at.to_move);
      } else if (pass_ends_hand(c, at.passes + 1)) {
        ends_hand(c, after, -1, d);
      } else {
        turn_passes(at.to_move);
      }
      return d;
    case MoveKind::kArrange:  // 004 "Vinnaren": the rack laid out to the last tile wins
      if (after.seats[size_t(move.player)].hand.empty()) ends_hand(c, after, move.player, d);
      else turn_passes(at.to_move);
      return d;
    case MoveKind::kDiscard:
      if (at.phase == Phase::kRow) {  // 001 "Raden": one card each, round to the first player
        d.to_move = next(at, at.to_move);
        d.phase = d.to_move == at.first_player ? Phase::kDraw : Phase::kRow;
        return d;
      }
      if (c.hand_left().empty()) ends_hand(c, after, move.player, d);
      else turn_passes(at.to_move);
      return d;
    case MoveKind::kMeld:
    case MoveKind::kLayoff:
    case MoveKind::kSwap:
      owed_after_laying(c, d);
      if (c.hand_left().empty()) {
        // 002 variant floating: a hand melded whole with no discard floats to the next turn.
        if (game.ruleset == "rummy500" && c.has("floating")) {
          turn_passes(at.to_move);
        } else {
          ends_hand(c, after, move.player, d);
        }
      }
      return d;
    case MoveKind::kClaim: {
      if (game.ruleset != "rummy500") return d;  // a snap or a buy leaves the turn as it was
      // 002 "Rummy": the caller finishes a turn; play goes on from them.
      d.to_move = move.player;
      d.phase = Phase::kPlay;
      d.first_lap = at.first_lap && d.to_move != at.first_player;
      nothing_owed();
      if (c.hand_left().empty()) {
        if (c.has("floating")) turn_passes(move.player);
        else ends_hand(c, after, move.player, d);
      }
      return d;
    }
  }
  return d;
}

}  // namespace meldcheck::oracle
