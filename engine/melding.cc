// Laying cards on the table: new melds (and contracts), layoffs onto melds, joker swaps.
#include "engine/internal.h"

namespace meldcheck::detail {
namespace {

// The copies laid first when the hand holds two of a card: those the turn's obligations
// are owed by, and the taken card that may not be discarded. Copies are alike to the
// player, so which is laid must not depend on their physical ids.
CardSet lay_first(const GameState& s) {
  CardSet first = s.turn.pile_meld_due;
  if (s.turn.must_use != kNoCard) first.insert(s.turn.must_use);
  if (s.turn.no_discard != kNoCard) first.insert(s.turn.no_discard);
  return first;
}

// The round's contract: exactly its sets and runs, each kind of meld distinct if asked.
RefusalMask check_contract(const GameState& s, const RuleSet& r, std::span<const Formed> melds) {
  RefusalMask fails;
  const auto& contracts = r.opening.contracts;
  const ContractRound want = contracts[std::min<size_t>(s.round, contracts.size()) - 1];
  int sets = 0, runs = 0;
  for (const Formed& f : melds) (f.shape.kind == MeldKind::kSet ? sets : runs)++;
  if (sets != want.sets || runs != want.runs) fails.add(Refusal::kContract);
  if (r.opening.contract_distinct) {
    for (size_t i = 0; i < melds.size(); ++i)
      for (size_t j = 0; j < i; ++j) {
        const Shape &x = melds[i].shape, &y = melds[j].shape;
        if (x.kind != y.kind) continue;
        if (x.kind == MeldKind::kSet ? x.rank() == y.rank() : x.suit() == y.suit()) fails.add(Refusal::kContractDistinct);
      }
  }
  return fails;
}

std::span<const Token> all_tokens(const TokenGroups& g) {
  return g.groups() ? std::span<const Token>(g.group(0).data(), size_t(g.tokens())) : std::span<const Token>();
}

}  // namespace

Refusal check_meld(const GameState& s, const RuleSet& r, const Action& a, Plan& plan) {
  const int p = s.to_move;
  const int groups = a.cards.groups();
  const std::span<const Token> tokens = all_tokens(a.cards);
  if (!holds(s.hand(p), tokens)) return Refusal::kCardNotHeld;

  RefusalMask fails;
  if (passes_over_owed_card(s, r, a)) fails.add(Refusal::kTakeUnused);
  if (groups == 0) fails.add(Refusal::kMeldSize);
  if (s.first_lap) fails.add(Refusal::kFirstLap);
  const bool opened = s.players[p].opened;
  if (opened && !r.opening.melds_after_opening) fails.add(Refusal::kMeldAfterOpening);
  std::array<Formed, TokenGroups::kMaxGroups>& formed = plan.formed;
  plan.groups = groups;
  for (int g = 0; g < groups; ++g) fails |= form_meld(r.meld, a.cards.group(g), MeldContext::kMelding, formed[g]);
  if (fails.empty()) {
    for (int g = 0; g < groups; ++g)
      if (joker_declared_on_table(s, r, formed[g].shape, tokens)) fails.add(Refusal::kJokerOnTable);
    if (!opened && r.opening.form == OpeningForm::kContract) {
      fails |= check_contract(s, r, std::span<const Formed>(formed.data(), groups));
      if (r.going_out.last_round_all_cards && in_last_round(s, r) && int(tokens.size()) != s.hand(p).size())
        fails.add(Refusal::kLastRoundAllCards);
    }
  }
  return r.first_failure(fails);
}

void play_meld(GameState& s, const RuleSet& r, const Action& a, const Plan& plan) {
  const int p = s.to_move;
  const std::span<const Token> tokens = all_tokens(a.cards);
  const bool opened = s.players[p].opened;
  std::array<Card, TokenGroups::kMaxTokens> cards;
  pick_cards(s.hand(p), tokens, lay_first(s), cards);
  for (size_t i = 0; i < tokens.size(); ++i) s.hand(p).erase(cards[i]);
  size_t offset = 0;
  for (int g = 0; g < plan.groups; ++g) {
    const size_t n = a.cards.group(g).size();
    add_meld(s, plan.formed[g], std::span<const Card>(cards.data() + offset, n), p);
    offset += n;
  }
  s.turn.melded = true;
  ++s.turn.actions;
  if (!opened) {
    s.players[p].opened = true;
    s.turn.opened_now = true;
  }
  note_cards_laid(s, r, std::span<const Card>(cards.data(), tokens.size()), true);
  if (s.hand(p).empty()) hand_emptied(s, r, false);
}

Refusal check_layoff(const GameState& s, const RuleSet& r, const Action& a, Formed& f) {
  const int p = s.to_move;
  const std::span<const Token> tokens = all_tokens(a.cards);
  if (!holds(s.hand(p), tokens)) return Refusal::kCardNotHeld;
  const int idx = s.table.index_of(a.meld_id);
  if (idx < 0) return Refusal::kNoSuchMeld;
  const Meld& meld = s.table.melds[idx];

  RefusalMask fails;
  if (passes_over_owed_card(s, r, a)) fails.add(Refusal::kTakeUnused);
  if (s.first_lap) fails.add(Refusal::kFirstLap);
  if (r.layoff.needs_opened && !s.players[p].opened) fails.add(Refusal::kLayoffNeedsOpened);
  if (a.cards.groups() != 1) {
    fails.add(Refusal::kLayoffFit);
  } else {
    RefusalMask fit = extend_meld(r.meld, meld.shape, tokens, f);
    fails |= fit;
    if (fit.empty() && joker_declared_on_table(s, r, f.shape, tokens, &meld.shape)) fails.add(Refusal::kJokerOnTable);
  }
  if (int(tokens.size()) == s.hand(p).size() && r.going_out.build_only_needs_discard && !s.turn.melded)
    fails.add(Refusal::kOutNeedsDiscard);
  return r.first_failure(fails);
}

void play_layoff(GameState& s, const RuleSet& r, const Action& a, const Formed& grown) {
  const int p = s.to_move;
  const std::span<const Token> tokens = all_tokens(a.cards);
  Meld& meld = s.table.melds[s.table.index_of(a.meld_id)];
  std::array<Card, TokenGroups::kMaxTokens> cards;
  pick_cards(s.hand(p), tokens, lay_first(s), cards);
  for (size_t i = 0; i < tokens.size(); ++i) s.hand(p).erase(cards[i]);
  grow_meld(meld, grown, std::span<const Card>(cards.data(), tokens.size()), p);
  s.turn.built = true;
  ++s.turn.actions;
  if (meld.owner != p) {
    s.turn.built_on_others = true;
    s.players[p].built_on_others = true;
  }
  note_cards_laid(s, r, std::span<const Card>(cards.data(), tokens.size()), false);
  if (s.hand(p).empty()) hand_emptied(s, r, false);
}

namespace {

// The physical card a swap gives for its face: a copy owed this turn first.
Card swapped_in(const GameState& s, Face face) {
  if (!face.is_natural()) return kNoCard;
  const Card owed = (s.hand(s.to_move) & lay_first(s)).find(face);
  return owed != kNoCard ? owed : s.hand(s.to_move).find(face);
}

}  // namespace

Refusal check_swap(const GameState& s, const RuleSet& r, const Action& a) {
  const int p = s.to_move;
  const Card natural = swapped_in(s, a.card);
  if (a.card.is_natural() && natural == kNoCard) return Refusal::kCardNotHeld;
  const int idx = s.table.index_of(a.meld_id);
  if (idx < 0) return Refusal::kNoSuchMeld;
  RefusalMask fails;
  if (passes_over_owed_card(s, r, a)) fails.add(Refusal::kTakeUnused);
  if (!r.swap.allowed) {
    fails.add(Refusal::kSwapNotAllowed);
    return r.first_failure(fails);
  }
  const Meld& meld = s.table.melds[idx];
  if (r.swap.needs_opened && !s.players[p].opened) fails.add(Refusal::kSwapNeedsOpened);
  const int slot = natural == kNoCard ? -1 : swap_slot(r.meld, meld.shape, a.card);
  if (slot < 0) fails.add(Refusal::kSwapCard);
  return r.first_failure(fails);
}

void play_swap(GameState& s, const RuleSet& r, const Action& a) {
  const int p = s.to_move;
  const Card natural = swapped_in(s, a.card);
  Meld& meld = s.table.melds[s.table.index_of(a.meld_id)];
  const int slot = swap_slot(r.meld, meld.shape, a.card);
  const Card joker = meld.cards[slot];
  s.hand(p).erase(natural);
  s.hand(p).insert(joker);
  meld.cards[slot] = natural;
  meld.shape.faces[slot] = a.card;
  meld.shape.set_joker(slot, false);
  if (r.swap.natural_scores_for == SwapScorer::kSwapper) meld.builders[slot] = uint8_t(p);
  if (meld.shape.kind == MeldKind::kSet) canonicalize_set(meld);
  ++s.turn.actions;
  if (r.swap.joker_used_same_turn) s.turn.freed_jokers.insert(joker);
  forget_cards_played(s);
}

}  // namespace meldcheck::detail
