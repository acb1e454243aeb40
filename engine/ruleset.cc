#include "engine/ruleset.h"

#include <algorithm>
#include <bit>

namespace meldcheck {

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

std::string RuleSet::rule_id(Check c) const {
  if (c == Check::kNone) return "";
  int idx = clause_of[int(c)];
  if (idx >= 0) return catalog[idx].id;
  if (is_core_check(c)) return "core/" + std::string(check_name(c));
  return id + "/unmapped." + std::string(check_name(c));
}

Check RuleSet::first_failure(CheckMask failed) const {
  Check best = Check::kNone;
  int best_rank = 1 << 30;
  for (uint64_t bits = failed.bits(); bits != 0; bits &= bits - 1) {
    const int c = std::countr_zero(bits);
    // Core checks come first; unmapped ones last, in their own order.
    int rank = is_core_check(Check(c)) ? -1 : clause_of[c] >= 0 ? clause_of[c] : (1 << 20) + c;
    if (rank < best_rank) best = Check(c), best_rank = rank;
  }
  return best;
}

CheckMask RuleSet::reachable_checks() const {
  CheckMask m;
  const bool jokers = has_jokers();

  // Melds, in every game.
  m.add(Check::kMeldSize);
  m.add(Check::kMeldShape);
  m.add(Check::kRunSequence);
  if (meld.set_max != 0) m.add(Check::kSetSize);
  if (meld.set_distinct_suits) m.add(Check::kSetSuits);
  if (!meld.ace_melding.high || !meld.ace_building.high) m.add(Check::kRunAceHigh);
  if (!meld.ace_melding.wrap) m.add(Check::kRunCornerMeld);
  if (!meld.ace_building.wrap) m.add(Check::kRunCornerBuild);
  if (jokers) m.add(Check::kJokerStandin);
  if (jokers && meld.min_naturals > 0) m.add(Check::kJokerNatural);
  if (jokers && meld.joker_not_on_table) m.add(Check::kJokerOnTable);
  m.add(Check::kPassNotAllowed);

  // Drawing, opening, building, swapping.
  if (draw.take_sizes == TakeSizes::kTop || draw.take_sizes == TakeSizes::kTopOrAll) m.add(Check::kTakeSize);
  if (draw.take_sizes == TakeSizes::kTopOrAll && draw.whole_pile.needs_opened) m.add(Check::kTakeNeedsOpened);
  if (draw.taken_card_use != TakenCardUse::kNever) {
    m.add(Check::kTakeUnusable);
    m.add(Check::kTakeUnused);
  }
  if (draw.take_sizes == TakeSizes::kTopOrAll && draw.whole_pile.meld_due) m.add(Check::kPileMeldDue);
  if (draw.lone_taken_card_no_discard) m.add(Check::kDiscardTakenCard);
  if (opening.first_lap_no_meld) m.add(Check::kFirstLap);
  if (!opening.melds_after_opening) m.add(Check::kMeldAfterOpening);
  if (opening.form == OpeningForm::kContract) m.add(Check::kContract);
  if (opening.form == OpeningForm::kContract && opening.contract_distinct) m.add(Check::kContractDistinct);
  if (going_out.last_round_all_cards) m.add(Check::kLastRoundAllCards);
  if (going_out.last_round_all_cards && !going_out.last_round_others_discard)
    m.add(Check::kLastRoundNoDiscard);
  m.add(Check::kLayoffFit);
  m.add(Check::kLayoffTaken);
  if (layoff.needs_opened) m.add(Check::kLayoffNeedsOpened);
  if (going_out.build_only_needs_discard) m.add(Check::kOutNeedsDiscard);
  if (going_out.dead_last_discard) m.add(Check::kDeadDiscard);
  if (jokers && !swap.allowed) m.add(Check::kSwapNotAllowed);
  if (jokers && swap.allowed) m.add(Check::kSwapCard);
  if (jokers && swap.allowed && swap.needs_opened) m.add(Check::kSwapNeedsOpened);
  if (jokers && swap.allowed && swap.joker_used_same_turn) m.add(Check::kJokerUnused);
  if (claim != ClaimRule::kNone) {
    m.add(Check::kClaimTiming);
    m.add(Check::kClaimByDiscarder);
    m.add(Check::kClaimUse);
  }
  if (claim == ClaimRule::kBuy) m.add(Check::kBuyPenaltyCard);
  if (table.free_rearrangement) {
    // One step a turn on a table rebuilt whole: no pile, no layoffs or swaps, no claims.
    for (Check c : {Check::kTakeSize, Check::kTakeNeedsOpened, Check::kTakeUnusable, Check::kTakeUnused,
                    Check::kPileMeldDue, Check::kDiscardTakenCard, Check::kFirstLap, Check::kMeldAfterOpening,
                    Check::kLayoffFit, Check::kLayoffTaken, Check::kLayoffNeedsOpened, Check::kOutNeedsDiscard,
                    Check::kDeadDiscard, Check::kSwapNotAllowed, Check::kSwapCard, Check::kSwapNeedsOpened,
                    Check::kJokerUnused, Check::kRunCornerBuild})
      m.remove(c);
    m.add(Check::kTableTilesStay);
    m.add(Check::kRackTileNeeded);
  }
  if (opening.form == OpeningForm::kPoints) {
    m.add(Check::kInitialPoints);
    m.add(Check::kInitialRackOnly);
  }
  if (draw.empty_stock == EmptyStock::kMustPlay) m.add(Check::kPassCanPlay);
  return m;
}

}  // namespace meldcheck
