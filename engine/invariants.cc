#include "engine/invariants.h"

#include <vector>

namespace meldcheck {
namespace {

// A meld on the table reads back to the same shape from its own faces and stand-ins.
bool meld_reads_back(const Meld& m, const RuleSet& r) {
  std::vector<Token> tokens;
  for (int i = 0; i < m.shape.size; ++i)
    tokens.push_back(m.shape.joker(i) ? Token{Face::joker(), m.shape.faces[i]} : Token{m.shape.faces[i]});
  for (MeldContext ctx : {MeldContext::kMelding, MeldContext::kBuilding}) {
    Formed f;
    if (form_meld(r.meld, tokens, ctx, f).empty() && f.shape.size == m.shape.size) {
      if (m.shape.kind == MeldKind::kSet) return f.shape.kind == MeldKind::kSet;
      // A run's reading may differ only for a thirteen-card run (ace low or high).
      if (f.shape.kind == MeldKind::kRun && (f.shape.start == m.shape.start || m.shape.size >= kRanks)) return true;
    }
  }
  return false;
}

}  // namespace

std::string invariant_violation(const GameState& s, const RuleSet& r) {
  Card bad = 0;
  if (!cards_conserved(s, r, &bad)) return "card " + format_face(face_of(bad), r.notation) + " is missing or in two places";
  if (s.num_players < r.players.min || s.num_players > r.players.max) return "player count out of range";
  if (s.to_move >= s.num_players) return "to_move out of range";
  for (const Meld& m : s.table.all()) {
    if (m.owner >= s.num_players && !(r.table.free_rearrangement && m.owner == kNoPlayer))
      return "meld m" + std::to_string(m.id) + " has no owner";
    for (int i = 0; i < m.shape.size; ++i) {
      if (is_joker(m.cards[i]) != m.shape.joker(i)) return "meld m" + std::to_string(m.id) + ": joker flags disagree";
      if (!m.shape.joker(i) && face_of(m.cards[i]) != m.shape.faces[i])
        return "meld m" + std::to_string(m.id) + ": a card is not what the meld says";
      if (m.builders[i] >= s.num_players && m.builders[i] != m.owner)
        return "meld m" + std::to_string(m.id) + ": a card has no builder";
    }
    if (!meld_reads_back(m, r)) return "meld m" + std::to_string(m.id) + " is not a valid meld";
    if (m.id >= s.next_meld && m.id < kFirstNamedMeld) return "meld id m" + std::to_string(m.id) + " not below next_meld";
  }
  if (s.game_over && !s.hand_over) return "game over during a hand";
  if (s.game_over && s.winners == 0) return "game over without a winner";
  if (const Reachability u = unreachable(s, r)) return std::string("unreachable: ") + reachability_text(u.broken);
  return "";
}

Reachability unreachable(const GameState& s, const RuleSet& r) {
  if (s.hand_over) return {};
  for (int p = 0; p < s.num_players; ++p)
    if (s.hand(p).empty() && !r.going_out.empty_hand_floats) return {Unreachable::kEmptyHand, p};
  if (s.phase != Phase::kPlay && !(s.turn == TurnFacts{})) return {Unreachable::kTurnFactsAtRest, s.to_move};
  if (s.first_lap) {
    if (s.table.count > 0) return {Unreachable::kMeldInFirstLap, s.table.melds[0].owner};
    for (int p = 0; p < s.num_players; ++p)
      if (s.players[p].opened) return {Unreachable::kMeldInFirstLap, p};
  }
  return {};
}

const char* reachability_text(Unreachable u) {
  switch (u) {
    case Unreachable::kNone: return "";
    case Unreachable::kEmptyHand: return "while the hand goes on every player holds a card";
    case Unreachable::kTurnFactsAtRest: return "the facts of a turn in progress belong to its play phase, none at draw";
    case Unreachable::kMeldInFirstLap: return "nobody melds or opens in the first lap";
  }
  return "";
}

}  // namespace meldcheck
