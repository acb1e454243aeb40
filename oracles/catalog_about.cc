// What a legal move passes through: the events of play it makes (by the names of
// files/play_events.h, which the catalog's clauses list under `events:`), read from the
// reference model's positions before and after it; and the clauses that judge it, those
// that forbid a move one small change away from it.
#include <algorithm>

#include "oracles/catalog.h"
#include "oracles/catalog_rules.h"

namespace meldcheck::oracle {
namespace {

int penalties(const Position& p) {
  int sum = 0;
  for (const Seat& s : p.seats) sum += s.penalty;
  return sum;
}

bool has_ace_in_run(const TableMeld& m) {
  return !is_set(m) && std::any_of(m.begin(), m.end(), [](const TableCard& c) { return c.face.rank() == 1; });
}

// Round the corner: a king and a two in one run.
bool round_the_corner(const TableMeld& m) {
  for (size_t i = 0; i + 1 < m.size(); ++i)
    if (m[i].face.rank() == kRanks && m[i + 1].face.rank() == 1 && i + 2 < m.size() && m[i + 2].face.rank() == 2) return true;
  return false;
}

}  // namespace

std::vector<std::string> Catalog::events(const Position& before, const Move& move, const Position& after) const {
  std::vector<std::string> out;
  auto add = [&](const char* e) { out.push_back(e); };
  const bool card_game = game_.ruleset != "rummikub";
  switch (move.kind) {
    case MoveKind::kNextHand: add("next-hand"), add("deal"); return out;
    case MoveKind::kDraw: add("draw"); break;
    case MoveKind::kTake: {
      add("take");
      const int n = move.take_size(before.pile);
      if (n > 1) add("take-several");
      if (n > 1 && n == int(before.pile.size())) add("take-whole");
      break;
    }
    case MoveKind::kMeld:
      add("meld");
      // Several melds in a turn: in one step, or a meld after one already laid this turn.
      if (move.groups.size() > 1 || before.melded) add("meld-several");
      break;
    case MoveKind::kLayoff:
      add("layoff");
      if (const PlacedMeld* m = before.meld(move.meld_id); m && m->owner != move.player) add("layoff-on-other");
      break;
    case MoveKind::kSwap: add("swap"); break;
    case MoveKind::kDiscard: add(before.phase == Phase::kRow ? "row" : "discard"); break;
    case MoveKind::kArrange: add("arrange"); break;
    case MoveKind::kPass: add("pass"); break;
    case MoveKind::kTimeout: add("timeout"); break;
    case MoveKind::kClaim: add("claim"); break;
  }
  for (const Token& t : move.tokens())
    if (t.face.is_joker()) {
      add("joker-laid");
      break;
    }
  // The melds the move laid or built on, as the model has them after it.
  for (const PlacedMeld& m : after.table) {
    const PlacedMeld* was = before.meld(m.id);
    if (was && was->cards == m.cards && move.kind != MoveKind::kArrange) continue;
    if (!was && card_game) add(is_set(m.cards) ? "meld-set" : "meld-run");
    if (has_ace_in_run(m.cards)) add("ace-in-run");
    if (round_the_corner(m.cards)) add("corner");
  }
  if (after.stock.size() > before.stock.size() && move.kind != MoveKind::kArrange) add("reshuffle");
  if (penalties(after) != penalties(before)) add("penalty");
  if (after.to_move != before.to_move || after.turns != before.turns) add("turn");
  if (after.hand_over && !before.hand_over) {
    add("hand-end");
    if (after.last_out >= 0) add("went-out");
    else if (after.turns >= 1000) add("turn-bound");
    else add("stuck");
    if (after.game_over) add("match-end");
    if (after.game_over && after.winners.size() > 1) add("match-tie");
    // Leaders tied over the target playing on: the tie decided another hand.
    if (!after.game_over) {
      int best = after.seats[0].total, at_best = 0;
      for (const Seat& s : after.seats) best = std::max(best, s.total);
      for (const Seat& s : after.seats) at_best += s.total == best;
      if (at_best > 1 && best >= 500) add("match-tie");
    }
  }
  return out;
}

namespace {

// Moves one small change away from `m`: a card of it left out, another card in its place
// (another suit, the next rank up or down, a joker), another depth, meld or player.
std::vector<Move> near_moves(const Move& m, const Position& at) {
  std::vector<Move> out;
  auto changed_card = [](Face f, int how) {
    if (!f.is_natural()) return Face::natural(0, 1);
    switch (how) {
      case 0: return Face::natural((f.suit() + 1) % kSuits, f.rank());
      case 1: return Face::natural(f.suit(), f.rank() % kRanks + 1);
      default: return Face::natural(f.suit(), (f.rank() + kRanks - 2) % kRanks + 1);
    }
  };
  for (size_t g = 0; g < m.groups.size(); ++g)
    for (size_t i = 0; i < m.groups[g].size(); ++i) {
      Move less = m;
      less.groups[g].erase(less.groups[g].begin() + long(i));
      out.push_back(less);
      for (int how = 0; how < 3; ++how) {
        Move other = m;
        other.groups[g][i] = Token{changed_card(m.groups[g][i].face, how)};
        out.push_back(other);
      }
      Move joker = m;
      joker.groups[g][i] = Token{Face::joker(), m.groups[g][i].face};
      out.push_back(joker);
      Move bare = m;
      if (m.groups[g][i].face.is_joker()) bare.groups[g][i].standin = Face::none(), out.push_back(bare);
    }
  if (!m.groups.empty()) {  // every card a joker
    Move jokers = m;
    for (auto& g : jokers.groups)
      for (Token& t : g) t = Token{Face::joker(), t.face};
    out.push_back(jokers);
  }
  for (const Token& t : m.tokens()) {  // one card more: of its rank, of its suit next above
    if (!t.face.is_natural()) continue;
    for (int how = 0; how < 2; ++how) {
      Move more = m;
      more.groups.back().push_back(Token{changed_card(t.face, how)});
      out.push_back(more);
    }
    break;
  }
  for (int how = 0; how < 3; ++how) {
    Move card = m;
    card.card = changed_card(m.card, how);
    out.push_back(card);
  }
  for (int d : {-1, 1}) {
    Move depth = m;
    depth.take_count = m.take_size(at.pile) + d;
    depth.take_all = false;
    depth.take_down_to.reset();
    out.push_back(depth);
    Move meld = m;
    meld.meld_id += d;
    out.push_back(meld);
    Move player = m;
    player.player = (m.player + d + at.players) % at.players;
    out.push_back(player);
  }
  return out;
}


std::vector<Face> faces_of_move(const Move& m) {
  std::vector<Face> out;
  if (m.kind == MoveKind::kDiscard || m.kind == MoveKind::kSwap) out.push_back(m.card);
  for (const Token& t : m.tokens()) out.push_back(t.face);
  return out;
}

// Positions one small change away from `at`, in which the rules may judge the same move
// otherwise: a card on the stock or none, an empty pile, the mover opened or not, the turn
// owing nothing, the first lap on or off, the last round.
std::vector<Position> near_positions(const Position& at, const Move& move) {
  const int mover = move.player;
  std::vector<Position> out;
  Position p = at;
  // The turn owing a card the move plays: laid, or the lone taken card discarded.
  std::vector<Face> played = faces_of_move(move);
  for (const Face& f : played) {
    p = at;
    p.no_discard = f;
    out.push_back(p);
    p = at;
    p.must_use = f;
    out.push_back(p);
  }
  p = at;
  if (p.stock.empty()) p.stock.push_back(Face::natural(0, 1));
  else p.stock.clear();
  out.push_back(p);
  p = at;
  p.pile.clear();
  p.offer_from = -1;
  out.push_back(p);
  p = at;  // a deeper pile, two cards under it
  p.pile.insert(p.pile.begin(), {Face::natural(1, 2), Face::natural(2, 9)});
  out.push_back(p);
  p = at;  // the mover holding nothing but what the move names
  p.seats[size_t(mover)].hand = faces_of_move(move);
  out.push_back(p);
  p = at;
  p.seats[size_t(mover)].opened = !p.seats[size_t(mover)].opened;
  out.push_back(p);
  p = at;
  p.must_use.reset(), p.no_discard.reset(), p.pile_meld_due.clear(), p.freed_jokers = 0;
  p.melded = !at.melded;
  out.push_back(p);
  p = at;
  p.first_lap = !p.first_lap;
  out.push_back(p);
  p = at;
  p.round = at.round >= 7 ? 1 : 7;
  out.push_back(p);
  return out;
}

// The probes that show what a position owes: each card of the mover's hand discarded, a
// pass, a draw.
std::vector<Move> probes(const Position& at, int mover) {
  std::vector<Move> out;
  Move m;
  m.player = mover;
  for (const Face& f : at.seats[size_t(mover)].hand) {
    m.kind = MoveKind::kDiscard;
    m.card = f;
    out.push_back(m);
  }
  m.kind = MoveKind::kPass;
  out.push_back(m);
  m.kind = MoveKind::kDraw;
  out.push_back(m);
  return out;
}

}  // namespace

std::vector<std::string> Catalog::judging(const Position& before, const Move& move) const {
  std::vector<std::string> out;
  auto add = [&](const std::vector<std::string>& ids) {
    for (const std::string& id : ids)
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  };
  // The clauses whose events a legal move makes there.
  auto by_events = [&](const Position& at, const Move& m) {
    if (!rules_ || !forbidding(at, m).empty()) return;
    const std::vector<std::string> made = events(at, m, next(at, m));
    for (const auto& [id, listed] : game_.clause_events)
      for (const std::string& e : listed)
        if (std::find(made.begin(), made.end(), e) != made.end()) add({id});
  };
  // A changed move is judged with the cards it names in the mover's hand, so that the
  // clauses speak rather than the core rule of the cards held.
  auto judge = [&](const Position& at, const Move& near) {
    Position holding = at;
    if (near.player >= 0 && near.player < at.players) {
      std::vector<Face>& hand = holding.seats[size_t(near.player)].hand;
      const std::vector<Face> named = faces_of_move(near);
      for (const Face& f : named)
        if (std::count(hand.begin(), hand.end(), f) < std::count(named.begin(), named.end(), f)) hand.push_back(f);
    }
    add(forbidding(holding, near));
    by_events(holding, near);
  };
  by_events(before, move);
  for (const Move& near : near_moves(move, before)) judge(before, near);
  for (const Position& near : near_positions(before, move)) {
    judge(near, move);
    for (const Move& m : near_moves(move, near)) judge(near, m);
  }
  // What the move leaves owed: clauses that forbid a probe after it and did not before.
  if (rules_ && !before.hand_over) {
    const Position after = next(before, move);
    if (!after.hand_over && after.to_move == move.player) {
      std::vector<std::string> was;
      for (const Move& p : probes(before, move.player))
        for (const std::string& id : forbidding(before, p)) was.push_back(id);
      for (const Move& p : probes(after, move.player))
        for (const std::string& id : forbidding(after, p))
          if (std::find(was.begin(), was.end(), id) == was.end() && id.rfind("core/", 0) != 0) add({id});
    }
  }
  return out;
}


}  // namespace meldcheck::oracle
