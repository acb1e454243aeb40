// Whether a card can still be used this turn: the searches behind the take obligations
// and the dead-last-discard rule.
#include "engine/search.h"

#include "engine/engine.h"
#include "engine/internal.h"

namespace meldcheck::detail {
namespace {

bool may_meld_now(const GameState& s, const RuleSet& r, int p) {
  if (s.first_lap) return false;
  return s.players[p].opened ? r.opening.melds_after_opening : r.opening.form == OpeningForm::kFree;
}

bool valid_meld(const GameState& s, const RuleSet& r, std::span<const Token> tokens) {
  Formed f;
  return form_meld(r.meld, tokens, MeldContext::kMelding, f).empty() && !joker_declared_on_table(s, r, f.shape, tokens);
}

bool valid_layoff(const GameState& s, const RuleSet& r, const Meld& m, std::span<const Token> tokens) {
  Formed f;
  return extend_meld(r.meld, m.shape, tokens, f).empty() && !joker_declared_on_table(s, r, f.shape, tokens, &m.shape);
}

bool any_meld(const GameState& s, const RuleSet& r, const Pool& pool) {
  return !for_each_meld(r.meld, pool, [&](std::span<const Token> t) { return !valid_meld(s, r, t); });
}

// Whether the round's contract can be laid down from the `cards` of `pool` with a card of
// face f in it; in a last round that goes down with every card, from all of them.
bool contract_with(const GameState& s, const RuleSet& r, const Pool& pool, int cards, Face f) {
  const bool every_card = r.going_out.last_round_all_cards && in_last_round(s, r);
  const auto& contracts = r.opening.contracts;
  const ContractRound want = contracts[std::min<size_t>(s.round, contracts.size()) - 1];
  MeldList candidates;
  for_each_meld_with(
      r.meld, pool, Face::none(),
      [&](std::span<const Token> t) {
        Formed formed;
        if (form_meld(r.meld, t, MeldContext::kMelding, formed).empty() && !joker_declared_on_table(s, r, formed.shape, t))
          candidates.add(t, formed.shape.kind);
        return true;
      },
      searched_for(&want));
  bool found = false;
  disjoint_melds(
      candidates, pool.counts, want.sets + want.runs, true, 256,
      [&](std::span<const int> chosen) {
        if (every_card) {
          size_t laid = 0;
          for (int i : chosen) laid += candidates[size_t(i)].size();
          if (int(laid) != cards) return 1;
        }
        for (int i : chosen) found |= has_face(candidates[size_t(i)], f);
        return found ? 256 : 1;  // counts toward the limit: a find stops the search
      },
      &want, r.opening.contract_distinct);
  return found;
}

// A new meld with a card of face f (before the contract: the contract), or (when allowed)
// a layoff of one; one not yet allowed to build, after a meld of the other cards when
// `meld_first` (not where the card must go into the turn's first meld or layoff).
bool usable(const GameState& s, const RuleSet& r, int p, CardSet cards, Face f, bool layoffs, bool meld_first = true) {
  const Pool pool(cards);
  if (!s.first_lap && !s.players[p].opened && r.opening.form == OpeningForm::kContract)
    return contract_with(s, r, pool, cards.size(), f);
  const bool can_meld = may_meld_now(s, r, p);
  if (can_meld) {
    bool found = !for_each_meld_with(r.meld, pool, f, [&](std::span<const Token> t) { return !valid_meld(s, r, t); });
    if (found) return true;
  }
  if (!layoffs || s.first_lap) return false;
  const bool may_build = !r.layoff.needs_opened || s.players[p].opened;
  // A layoff of every card left goes out, which a turn of building alone may not do
  // (melding.cc: out-needs-discard).
  const bool may_empty = !(r.going_out.build_only_needs_discard && !s.turn.melded);
  for (const Meld& m : s.table.all()) {
    bool found = !for_each_layoff_with(r.meld, pool, m.shape, f, [&](std::span<const Token> t) {
      if (!valid_layoff(s, r, m, t) || (!may_empty && int(t.size()) == cards.size())) return true;
      // Not yet allowed to build: first a meld of one's own from the other cards.
      return !(may_build || (meld_first && can_meld && any_meld(s, r, pool.minus(t))));
    });
    if (found) return true;
  }
  return false;
}

// A meld or layoff of `t` by the player.
Action laying(int player, ActionKind kind, int meld_id, std::span<const Token> t) {
  Action a;
  a.player = uint8_t(player);
  a.kind = kind;
  a.meld_id = uint8_t(meld_id);
  a.cards.open_group();
  for (const Token& tok : t) a.cards.add(tok);
  return a;
}

}  // namespace

bool card_usable(const GameState& s, const RuleSet& r, int player, CardSet pool, Card card) {
  return usable(s, r, player, pool, face_of(card), r.draw.taken_use_layoff_counts,
                r.draw.taken_use_when == TakenUseWhen::kThisTurn);
}

bool can_play_out(const GameState& s, const RuleSet& r, int player, int depth) {
  if (s.hand(player).empty() || s.hand_over || s.to_move != player) return true;
  if (depth == 0) return false;
  const Pool hand(s.hand(player));
  auto tries = [&](ActionKind kind, int meld_id, std::span<const Token> t) {
    GameState next = s;
    return check_and_play(next, r, laying(player, kind, meld_id, t)) == Refusal::kNone &&
           can_play_out(next, r, player, depth - 1);
  };
  if (!for_each_meld(r.meld, hand, [&](std::span<const Token> t) { return !tries(ActionKind::kMeld, 0, t); }))
    return true;
  for (const Meld& m : s.table.all())
    if (!for_each_layoff(r.meld, hand, m.shape, [&](std::span<const Token> t) { return !tries(ActionKind::kLayoff, m.id, t); }))
      return true;
  return false;
}

bool meld_possible_with(const GameState& s, const RuleSet& r, int player, CardSet pool, CardSet needed,
                        bool layoff_counts) {
  for (Card c : needed)
    if (usable(s, r, player, pool, face_of(c), layoff_counts)) return true;
  return false;
}

bool freed_jokers_playable(const GameState& s, const RuleSet& r, int player) {
  // One freed joker and nothing else owed, or a player still without the contract (the
  // jokers go into it): a meld or layoff with a joker.
  const bool else_owed = s.turn.no_discard != kNoCard || s.turn.must_use != kNoCard || !s.turn.pile_meld_due.empty();
  if ((s.turn.freed_jokers.size() <= 1 && !else_owed) ||
      (r.opening.form == OpeningForm::kContract && !s.players[player].opened))
    return usable(s, r, player, s.hand(player), Face::joker(), true);
  // Two freed jokers may have one place left between them (spec_fuzz: Liverpool, two jokers
  // swapped off runs grown to full length), and a joker laid may leave the lone taken card
  // alone in hand with nowhere to go (spec_fuzz: Liverpool with Rummy 500's lone card that
  // may not be discarded): a step that lays one is accepted only where it leaves the turn
  // a way to end.
  const Pool hand(s.hand(player));
  auto refused = [&](ActionKind kind, int meld_id, std::span<const Token> t) {
    GameState next = s;
    // apply, not check_and_play: the turn's obligations are judged too, the other jokers'.
    return apply(next, r, laying(player, kind, meld_id, t)) != Refusal::kNone;
  };
  if (!for_each_meld_with(r.meld, hand, Face::joker(), [&](std::span<const Token> t) { return refused(ActionKind::kMeld, 0, t); }))
    return true;
  for (const Meld& m : s.table.all())
    if (!for_each_layoff_with(r.meld, hand, m.shape, Face::joker(),
                              [&](std::span<const Token> t) { return refused(ActionKind::kLayoff, m.id, t); }))
      return true;
  return false;
}

bool fits_table(const GameState& s, const RuleSet& r, int player, Face face) {
  if (r.layoff.needs_opened && !s.players[player].opened) return false;
  Pool one;
  one.add(face);
  for (const Meld& m : s.table.all()) {
    bool found = !for_each_layoff(r.meld, one, m.shape, [&](std::span<const Token> t) {
      return !(t.size() == 1 && valid_layoff(s, r, m, t));
    });
    if (found) return true;
  }
  return false;
}

}  // namespace meldcheck::detail
