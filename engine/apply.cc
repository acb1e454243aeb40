// apply(): the order of the checks every action goes through, then the action's own.
#include "engine/fault.h"
#include "engine/internal.h"

namespace meldcheck {
namespace {

// A game with free rearrangement plays its turn in one step: draw, arrange, timeout, pass.
bool kind_in_game(ActionKind kind, const RuleSet& r) {
  const bool free_table = r.table.free_rearrangement;
  switch (kind) {
    case ActionKind::kDraw:
    case ActionKind::kPass:
    case ActionKind::kNextHand: return true;
    case ActionKind::kMeld:
    case ActionKind::kLayoff:
    case ActionKind::kDiscard: return !free_table;
    case ActionKind::kSwap: return !free_table && r.has_jokers();
    case ActionKind::kTake: return !free_table && r.draw.take_sizes != TakeSizes::kNone;
    case ActionKind::kArrange: return free_table;
    case ActionKind::kTimeout: return free_table && r.draw.timeout_penalty > 0;
    case ActionKind::kClaim: return !free_table && r.claim != ClaimRule::kNone;
  }
  return false;
}

// The phases in which an action of this kind may be taken by the player to move.
bool phase_allows(ActionKind kind, Phase phase) {
  switch (kind) {
    case ActionKind::kDraw:
    case ActionKind::kTake:
    case ActionKind::kArrange:
    case ActionKind::kTimeout: return phase == Phase::kDraw;
    case ActionKind::kPass: return phase == Phase::kDraw || phase == Phase::kPlay;
    case ActionKind::kMeld:
    case ActionKind::kLayoff:
    case ActionKind::kSwap: return phase == Phase::kPlay;
    case ActionKind::kDiscard: return phase == Phase::kPlay || phase == Phase::kRow;
    case ActionKind::kClaim:
    case ActionKind::kNextHand: return true;
  }
  return false;
}

bool owes_cards(const TurnFacts& t) {
  return t.must_use != kNoCard || !t.pile_meld_due.empty() || t.no_discard != kNoCard || !t.freed_jokers.empty();
}

// Whether the only card left in the hand is the lone taken card that may not be discarded.
bool only_undiscardable_left(const GameState& s, int p) {
  return s.turn.no_discard != kNoCard && s.hand(p).size() == 1 && s.hand(p).contains(s.turn.no_discard);
}

// A meld, layoff or swap that leaves a card owed this turn with no way to be used, or
// only the lone taken card in hand with nowhere to go, is refused under the rule that
// would otherwise keep the turn from ever ending.
Refusal keeps_obligations(const GameState& s, const RuleSet& r, const Action& a) {
  GameState after = s;
  const Refusal c = detail::check_and_play(after, r, a);
  if (c != Refusal::kNone || after.hand_over || after.to_move != s.to_move) return c;
  const int p = s.to_move;
  const TurnFacts& t = after.turn;
  if (t.must_use != kNoCard && !detail::card_usable(after, r, p, after.hand(p), t.must_use)) return Refusal::kTakeUnused;
  if (!t.pile_meld_due.empty() &&
      !detail::meld_possible_with(after, r, p, after.hand(p), t.pile_meld_due, r.draw.whole_pile.layoff_counts))
    return Refusal::kPileMeldDue;
  if (only_undiscardable_left(after, p) && !detail::can_play_out(after, r, p, 1))
    return Refusal::kDiscardTakenCard;
  if (!t.freed_jokers.empty() && !detail::freed_jokers_playable(after, r, p)) return Refusal::kJokerUnused;
  return Refusal::kNone;
}

// Whether an obligation of the turn could be left unmet by this action, so that
// keeps_obligations must look ahead. Not when a meld or layoff meets the card owed (or
// nothing is owed but the lone taken card) and leaves more than one card in hand; nor when
// it goes down before the card owed where that comes first: its own check refuses it.
bool obligation_at_stake(const GameState& s, const RuleSet& r, const Action& a) {
  const TurnFacts& t = s.turn;
  if (detail::passes_over_owed_card(s, r, a)) return false;
  if (a.kind != ActionKind::kMeld && a.kind != ActionKind::kLayoff) return true;
  if (!t.freed_jokers.empty() || !t.pile_meld_due.empty()) return true;
  const int laid = a.cards.tokens();
  if (t.must_use != kNoCard) {
    const bool meets = a.kind == ActionKind::kMeld || r.draw.taken_use_layoff_counts;
    bool lays_it = false;
    for (int g = 0; g < a.cards.groups(); ++g)
      for (const Token& tok : a.cards.group(g)) lays_it |= tok.face == face_of(t.must_use);
    if (!meets || !lays_it) return true;
  }
  return t.no_discard != kNoCard && laid + 1 >= s.hand(s.to_move).size();
}

// The checks every action goes through before its kind's own, in the contract's order:
// the turn before any clause of the ruleset, a step of another game (Rummikub's
// turn.one-step) included; a claim is made out of turn by nature. `final` is set when the
// verdict is whole already (a look-ahead on a copy judged the kind's own clauses too).
Refusal check_common(const GameState& s, const RuleSet& r, const Action& a, bool& final) {
  final = false;
  if (a.kind == ActionKind::kNextHand) return Refusal::kNone;
  if (s.hand_over) return Refusal::kHandOver;
  if (a.player >= s.num_players) return Refusal::kNotYourTurn;
  if (a.kind == ActionKind::kClaim) return kind_in_game(a.kind, r) ? Refusal::kNone : Refusal::kNotInGame;
  if (a.player != s.to_move) return Refusal::kNotYourTurn;
  if (!kind_in_game(a.kind, r)) return Refusal::kNotInGame;
  if (!phase_allows(a.kind, s.phase)) return Refusal::kWrongPhase;
  const bool lays_cards = a.kind == ActionKind::kMeld || a.kind == ActionKind::kLayoff || a.kind == ActionKind::kSwap;
  // A swap may oblige the freed joker to go down again: it counts as owed from the start.
  const bool frees_joker = a.kind == ActionKind::kSwap && r.swap.joker_used_same_turn;
  // A player with no cards (floating) who takes a lone card may be unable to part with it.
  const bool empty_handed_take = a.kind == ActionKind::kTake && s.hand(s.to_move).empty();
  if ((lays_cards && (owes_cards(s.turn) || frees_joker) && obligation_at_stake(s, r, a)) || empty_handed_take) {
    final = true;
    return keeps_obligations(s, r, a);
  }
  return Refusal::kNone;
}

// The kind's own clauses, judged on `s`; when they pass and `changed` is given (the same
// state, to change), the kind's change too, with what the check worked out.
Refusal own_step(const GameState& s, const RuleSet& r, const Action& a, GameState* changed) {
  using namespace detail;
  auto then = [changed](Refusal verdict, auto play) {
    if (verdict == Refusal::kNone && changed) play(*changed);
    return verdict;
  };
  switch (a.kind) {
    case ActionKind::kDraw: return then(check_draw(s, r), [&](GameState& t) { play_draw(t, r); });
    case ActionKind::kTake: return then(check_take(s, r, a), [&](GameState& t) { play_take(t, r, a); });
    case ActionKind::kPass: return then(check_pass(s, r, a), [&](GameState& t) { play_pass(t, r); });
    case ActionKind::kSwap: return then(check_swap(s, r, a), [&](GameState& t) { play_swap(t, r, a); });
    case ActionKind::kDiscard: return then(check_discard(s, r, a), [&](GameState& t) { play_discard(t, r, a); });
    case ActionKind::kNextHand: return then(check_next_hand(s), [&](GameState& t) { play_next_hand(t, r, a); });
    case ActionKind::kTimeout: return then(Refusal::kNone, [&](GameState& t) { play_timeout(t, r); });
    case ActionKind::kLayoff: {
      Formed grown;
      return then(check_layoff(s, r, a, grown), [&](GameState& t) { play_layoff(t, r, a, grown); });
    }
    case ActionKind::kMeld: {
      Plan plan;
      return then(check_meld(s, r, a, plan), [&](GameState& t) { play_meld(t, r, a, plan); });
    }
    case ActionKind::kClaim: {
      Plan plan;
      return then(check_claim(s, r, a, plan), [&](GameState& t) { play_claim(t, r, a, plan); });
    }
    case ActionKind::kArrange: {
      Plan plan;
      return then(check_arrange(s, r, a, plan), [&](GameState& t) { play_arrange(t, r, a, plan); });
    }
  }
  return Refusal::kNotInGame;
}

}  // namespace

namespace detail {

Refusal check_and_play(GameState& s, const RuleSet& r, const Action& a) { return own_step(s, r, a, &s); }

}  // namespace detail

Refusal check_action(const GameState& state, const RuleSet& rules, const Action& action) {
  bool final = false;
  const Refusal c = check_common(state, rules, action, final);
  return c != Refusal::kNone || final ? c : own_step(state, rules, action, nullptr);
}

Refusal apply(GameState& state, const RuleSet& rules, const Action& action) {
  bool final = false;
  Refusal c = check_common(state, rules, action, final);
  if (c == Refusal::kNone) c = detail::check_and_play(state, rules, action);
  if (c != Refusal::kNone && fault("dirty-refusal")) ++state.turns;
  return c;
}

}  // namespace meldcheck
