#include "engine/ruleset.h"

#include <algorithm>
#include <bit>

namespace meldcheck {

namespace {
const std::shared_ptr<const std::vector<Clause>>& no_clauses() {
  static const auto none = std::make_shared<const std::vector<Clause>>();
  return none;
}
}  // namespace

Catalog::Catalog() : clauses_(no_clauses()) {}
Catalog::Catalog(std::vector<Clause> clauses) : clauses_(std::make_shared<const std::vector<Clause>>(std::move(clauses))) {}

const DeckRule* RuleSet::deck_for(int players) const {
  for (const DeckRule& d : decks)
    if (d.players.contains(players)) return &d;
  return nullptr;
}

bool RuleSet::has_jokers() const {
  for (const DeckRule& d : decks)
    if (d.jokers > 0) return true;
  return false;
}

int RuleSet::deal_size(int players, int round) const {
  // Deal rules name hands up to the 255th; a longer match deals on as in its last.
  round = std::min(round, 255);
  for (const DealRule& d : deals)
    if (d.players.contains(players) && d.rounds.contains(round)) return d.cards;
  return 0;
}

const Clause* RuleSet::clause(const std::string& rule_id) const {
  for (const Clause& c : catalog)
    if (c.id == rule_id) return &c;
  return nullptr;
}

std::string RuleSet::rule_id(Refusal c) const {
  if (c == Refusal::kNone) return "";
  int idx = clause_of[int(c)];
  if (idx >= 0) return catalog[size_t(idx)].id;
  if (is_core_refusal(c)) return "core/" + std::string(refusal_name(c));
  return id + "/unmapped." + std::string(refusal_name(c));
}

bool RuleSet::names_no_clause(Refusal c) const {
  return c != Refusal::kNone && !is_core_refusal(c) && clause_of[int(c)] < 0;
}

Refusal RuleSet::first_failure(RefusalMask failed) const {
  Refusal best = Refusal::kNone;
  int best_rank = 1 << 30;
  for (uint64_t bits = failed.bits(); bits != 0; bits &= bits - 1) {
    const int c = std::countr_zero(bits);
    // Core checks come first; unmapped ones last, in their own order.
    int rank = is_core_refusal(Refusal(c)) ? -1 : clause_of[c] >= 0 ? clause_of[c] : (1 << 20) + c;
    if (rank < best_rank) best = Refusal(c), best_rank = rank;
  }
  return best;
}

RefusalMask RuleSet::reachable_checks() const {
  RefusalMask m;
  const bool jokers = has_jokers();

  // Melds, in every game.
  m.add(Refusal::kMeldSize);
  m.add(Refusal::kMeldShape);
  m.add(Refusal::kRunSequence);
  if (meld.set_max != 0) m.add(Refusal::kSetSize);
  if (meld.set_distinct_suits) m.add(Refusal::kSetSuits);
  if (!meld.ace_melding.high || !meld.ace_building.high) m.add(Refusal::kRunAceHigh);
  if (!meld.ace_melding.wrap) m.add(Refusal::kRunCornerMeld);
  if (!meld.ace_building.wrap) m.add(Refusal::kRunCornerBuild);
  if (jokers) m.add(Refusal::kJokerStandin);
  // Too few naturals: a meld with jokers, or (spec_fuzz) a meld of naturals alone, at least
  // min_size cards long and fewer than min_naturals (a shorter one is named by meld.size).
  if (meld.min_naturals > 0 && (jokers || meld.min_naturals > meld.min_size)) m.add(Refusal::kJokerNatural);
  if (jokers && meld.joker_not_on_table) m.add(Refusal::kJokerOnTable);
  m.add(Refusal::kPassNotAllowed);

  // Drawing, opening, building, swapping.
  if (draw.take_sizes == TakeSizes::kTop || draw.take_sizes == TakeSizes::kTopOrAll) m.add(Refusal::kTakeSize);
  if (draw.take_sizes == TakeSizes::kTopOrAll && draw.whole_pile.needs_opened) m.add(Refusal::kTakeNeedsOpened);
  if (draw.taken_card_use != TakenCardUse::kNever) {
    m.add(Refusal::kTakeUnusable);
    m.add(Refusal::kTakeUnused);
  }
  if (draw.take_sizes == TakeSizes::kTopOrAll && draw.whole_pile.meld_due) m.add(Refusal::kPileMeldDue);
  if (draw.lone_taken_card_no_discard) m.add(Refusal::kDiscardTakenCard);
  if (opening.first_lap_no_meld) m.add(Refusal::kFirstLap);
  if (!opening.melds_after_opening) m.add(Refusal::kMeldAfterOpening);
  if (opening.form == OpeningForm::kContract) m.add(Refusal::kContract);
  if (opening.form == OpeningForm::kContract && opening.contract_distinct) m.add(Refusal::kContractDistinct);
  if (going_out.last_round_all_cards) m.add(Refusal::kLastRoundAllCards);
  if (going_out.last_round_all_cards && !going_out.last_round_others_discard)
    m.add(Refusal::kLastRoundNoDiscard);
  m.add(Refusal::kLayoffFit);
  m.add(Refusal::kLayoffTaken);
  if (layoff.needs_opened) m.add(Refusal::kLayoffNeedsOpened);
  if (going_out.build_only_needs_discard) m.add(Refusal::kOutNeedsDiscard);
  if (going_out.dead_last_discard) m.add(Refusal::kDeadDiscard);
  if (jokers && !swap.allowed) m.add(Refusal::kSwapNotAllowed);
  if (jokers && swap.allowed) m.add(Refusal::kSwapCard);
  if (jokers && swap.allowed && swap.needs_opened) m.add(Refusal::kSwapNeedsOpened);
  if (jokers && swap.allowed && swap.joker_used_same_turn) m.add(Refusal::kJokerUnused);
  if (claim != ClaimRule::kNone) {
    m.add(Refusal::kClaimTiming);
    m.add(Refusal::kClaimByDiscarder);
    m.add(Refusal::kClaimUse);
  }
  if (claim == ClaimRule::kBuy) m.add(Refusal::kBuyPenaltyCard);
  if (table.free_rearrangement) {
    // One step a turn on a table rebuilt whole: no pile, no layoffs or swaps, no claims.
    for (Refusal c : {Refusal::kTakeSize, Refusal::kTakeNeedsOpened, Refusal::kTakeUnusable, Refusal::kTakeUnused,
                    Refusal::kPileMeldDue, Refusal::kDiscardTakenCard, Refusal::kFirstLap, Refusal::kMeldAfterOpening,
                    Refusal::kLayoffFit, Refusal::kLayoffTaken, Refusal::kLayoffNeedsOpened, Refusal::kOutNeedsDiscard,
                    Refusal::kDeadDiscard, Refusal::kSwapNotAllowed, Refusal::kSwapCard, Refusal::kSwapNeedsOpened,
                    Refusal::kJokerUnused, Refusal::kRunCornerBuild})
      m.remove(c);
    m.add(Refusal::kTableTilesStay);
    m.add(Refusal::kRackTileNeeded);
  }
  if (opening.form == OpeningForm::kPoints) {
    m.add(Refusal::kInitialPoints);
    m.add(Refusal::kInitialRackOnly);
  }
  if (draw.empty_stock == EmptyStock::kMustPlay) m.add(Refusal::kPassCanPlay);
  return m;
}

}  // namespace meldcheck
