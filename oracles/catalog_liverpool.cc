// Liverpool rummy's clauses (../shared/rules/003_ac8877157bd9cd53.txt, spec/liverpool.yaml),
// one predicate each: whether the clause forbids the move.
#include <algorithm>

#include "oracles/catalog_rules.h"

namespace meldcheck::oracle::rules {
namespace {

constexpr int kLastRound = 7;

// 003 "Spelomgångar": the rounds' contracts, sets and runs.
std::pair<int, int> contract_of(int round) {
  static const std::pair<int, int> contracts[kLastRound] = {{2, 0}, {1, 1}, {0, 2}, {2, 1}, {1, 2}, {3, 0}, {0, 3}};
  return contracts[std::clamp(round, 1, kLastRound) - 1];
}

bool lays_contract(const Context& c) { return c.is(MoveKind::kMeld) && !c.seat().opened; }

// contract.whole: the contract goes down whole, and no more melds than it asks for.
bool not_the_contract(const Context& c) {
  if (!lays_contract(c) || c.laid_faults().any()) return false;
  int sets = 0, runs = 0;
  for (const Reading& r : c.readings()) (r.run ? runs : sets)++;
  return std::make_pair(sets, runs) != contract_of(c.at.round);
}

// contract.distinct: within one contract no two sets of a rank, no two runs of a suit.
bool contract_twice(const Context& c) {
  if (!lays_contract(c) || c.laid_faults().any()) return false;
  const std::vector<Reading> melds = c.readings();
  for (size_t i = 0; i < melds.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      if (melds[i].run != melds[j].run) continue;
      const Face a = melds[i].cards[0].face, b = melds[j].cards[0].face;
      if (melds[i].run ? a.suit() == b.suit() : a.rank() == b.rank()) return true;
    }
  return false;
}

// joker.swap: the natural card a joker stands for frees it: in a set one of its rank, in
// a run the very card.
bool swap_card(const Context& c) {
  if (!c.is(MoveKind::kSwap) || !c.move.card.is_natural()) return c.is(MoveKind::kSwap);
  for (const TableCard& card : c.at.meld(c.move.meld_id)->cards)
    if (card.joker && (card.face.is_natural() ? card.face == c.move.card : card.face.rank() == c.move.card.rank())) return false;
  return true;
}

// buy.*: after the next player declined the discard (drew from the stock), before they
// discard; not the discarder, not the player to move; a penalty card from the stock.
bool buy_timing(const Context& c) {
  return c.is(MoveKind::kClaim) && !(c.at.offer_from >= 0 && c.at.offer_declined && c.at.phase == Phase::kPlay);
}
bool buy_by_discarder(const Context& c) {
  return c.is(MoveKind::kClaim) && ((c.move.player == c.at.offer_from && c.at.offer_from >= 0) || c.move.player == c.at.to_move);
}
bool no_penalty_card(const Context& c) {
  if (!c.is(MoveKind::kClaim)) return false;
  if (!c.at.stock.empty()) return false;
  // The stock is made again from the pile below the bought card and the new top (stock.empty).
  return c.option("empty-stock") == "round-ends" || c.at.pile.size() < 3;
}

bool last_round(const Context& c) { return c.at.round >= kLastRound; }

// joker.freed-use with option freed-joker: the joker a swap frees must go down again this
// turn. A player still without the contract uses it only in the contract (in the last round
// with every card); one with it builds it onto the table.
bool freed_joker_stranded(const Context& c) {
  if (!c.is(MoveKind::kMeld) && !c.is(MoveKind::kLayoff) && !c.is(MoveKind::kSwap)) return false;
  if (c.seat().opened || lays_contract(c)) return unmet_after(c, {.taken_use_layoffs = true}) == Owed::kFreedJoker;
  const int owed = c.at.freed_jokers + (c.is(MoveKind::kSwap) && c.option("freed-joker") == "same-turn");
  if (owed == 0 || c.at.first_lap) return owed > 0;
  const auto [sets, runs] = contract_of(c.at.round);
  return !contract_with(c.text, c.hand_left(), Face::joker(), sets, runs, true, last_round(c), c.at);
}

// ---- outcomes --------------------------------------------------------------------------

// buy.others: the buyer takes the discard and a penalty card from the stock, and the turn
// stays with the player to move.
void bought(const Context& c, Position& p) {
  const int q = c.move.player;
  p.seats[size_t(q)].hand.push_back(p.pile.back());
  p.pile.pop_back();
  draw_from_stock(c, p, q);
  p.offer_from = -1;
  p.offer_declined = false;
}

// 003 "Om spelet": after the seventh round the lowest total wins (match.lowest: a tie is shared).
void after_seven_rounds(const Context& c, Position& p) {
  if (!last_round(c)) return;
  p.game_over = true;
  p.winners = leaders(p, true);
}

}  // namespace

const RulesetRules& liverpool() {
  static const RulesetRules r{
      {
          {"draw.top-only", [](const Context& c) { return c.is(MoveKind::kTake) && c.taken().size() != 1; }},
          {"stock.empty",
           [](const Context& c) {
             if (!c.is(MoveKind::kPass) || c.at.phase != Phase::kDraw) return false;
             return c.option("empty-stock") == "round-ends" ? !c.at.stock.empty() : !c.at.stock.empty() || !c.at.pile.empty();
           }},
          {"meld.size", [](const Context& c) { return c.laid_faults().size; }},
          {"meld.shape", [](const Context& c) { return c.laid_faults().shape; }},
          {"meld.run", [](const Context& c) { return c.laid_faults().run; }},
          {"meld.ace", [](const Context& c) { return c.laid_faults().corner; }},
          {"joker.declared", [](const Context& c) { return c.laid_faults().standin; }},
          {"joker.natural", [](const Context& c) { return c.laid_faults().natural; }},
          {"contract.whole", not_the_contract},
          {"contract.distinct", contract_twice},
          {"contract.no-more-melds", [](const Context& c) { return c.is(MoveKind::kMeld) && c.seat().opened; }},
          {"layoff.after-contract", [](const Context& c) { return c.is(MoveKind::kLayoff) && !c.seat().opened; }},
          {"layoff.extends", [](const Context& c) { const MeldFaults f = c.laid_faults(); return f.fit || f.taken; }},
          {"joker.swap", swap_card},
          {"joker.swap-after-contract",
           [](const Context& c) { return c.is(MoveKind::kSwap) && !c.seat().opened && c.option("swap-before-contract") != "any-time"; }},
          {"joker.freed-use", [](const Context& c) { return c.ends_turn() && c.at.freed_jokers > 0; },
           freed_joker_stranded},
          {"buy.others", [](const Context& c) { return c.is(MoveKind::kClaim) && (c.taken().size() != 1 || !c.move.groups.empty()); }, nullptr, Slot::kClaimCards},
          {"buy.timing", buy_timing, nullptr, Slot::kClaimTurn},
          {"buy.not-discarder", buy_by_discarder, nullptr, Slot::kClaimTurn},
          {"buy.penalty-card", no_penalty_card},
          {"last-round.all-cards",
           [](const Context& c) {
             return last_round(c) && lays_contract(c) && !c.laid_faults().any() && !not_the_contract(c) &&
                    c.tokens().size() != c.seat().hand.size();
           }},
          {"last-round.others-discard",
           [](const Context& c) { return last_round(c) && c.is(MoveKind::kDiscard) && c.option("last-round-discards") == "no-one-discards"; }},
      },
      {},
      {.refill = [](const Context& c) { return c.option("empty-stock") == "round-ends" ? Refill::kNone : Refill::kBelowTop; },
       .freed_joker_owed = [](const Context& c) { return c.option("freed-joker") == "same-turn"; },
       .claim = bought,
       .claim_depth = 1,  // buy.others: the discard alone, for nothing else
       .claim_lays = false,
       .last_round = last_round,
       .match = after_seven_rounds}};
  return r;
}

}  // namespace meldcheck::oracle::rules
