// Femhundra's family rules (../shared/rules/001_7ec912a665923c50.txt,
// spec/femhundra-familj.yaml), one predicate a clause: whether it forbids the move.
#include <algorithm>

#include "oracles/catalog_rules.h"

namespace meldcheck::oracle::rules {
namespace {

// row.use-at-once: the row card taken is used this turn, in a new meld or built on one (a
// player with no meld of their own first melds the other cards): a take whose card cannot
// be is refused, and the turn does not end before it has.
bool use_at_once(const Context& c) {
  if (c.is(MoveKind::kTake))
    return !can_use(c.text, c.pool(), c.taken().front(),
                    {.new_meld = true, .layoff = true, .meld_before_layoff = !c.seat().opened}, c.at);
  return c.ends_turn() && c.at.must_use.has_value();
}

// stock.empty: a pass only with nothing to draw; with option empty-stock, nothing to draw
// (no stock, a row of fewer than two cards to make one) and no row card that could be taken
// and used.
bool pass_not_allowed(const Context& c) {
  if (!c.is(MoveKind::kPass)) return false;
  if (!c.at.stock.empty()) return true;
  if (c.option("empty-stock") != "reshuffle-row") return false;
  if (c.at.pile.size() >= 2) return true;
  for (size_t n = 1; n <= c.at.pile.size(); ++n) {
    std::vector<Face> pool = c.seat().hand;
    pool.insert(pool.end(), c.at.pile.end() - long(n), c.at.pile.end());
    const CardUse use{.new_meld = true, .layoff = true, .meld_before_layoff = !c.seat().opened};
    if (can_use(c.text, pool, c.at.pile[c.at.pile.size() - n], use, c.at)) return true;
  }
  return false;
}

// ---- outcomes --------------------------------------------------------------------------

// 001 "Utgång och avslutning": at 500 or more after a hand the most points win; a tie is
// shared (option tie-at-500 deals another hand).
void match_at_500(const Context& c, Position& p) {
  if (std::none_of(p.seats.begin(), p.seats.end(), [](const Seat& s) { return s.total >= 500; })) return;
  const std::vector<int> best = leaders(p, false);
  if (best.size() > 1 && c.option("tie-at-500") == "play-on") return;
  p.game_over = true;
  p.winners = best;
}

}  // namespace

const RulesetRules& femhundra_familj() {
  static const RulesetRules r{
      {
          {"row.use-at-once", use_at_once, [](const Context& c) { return unmet_after(c, {.taken_use_layoffs = true}) == Owed::kTakenCard; }},
          {"stock.empty", pass_not_allowed},
          {"meld.size", [](const Context& c) { return c.laid_faults().size; }},
          {"meld.shape", [](const Context& c) { return c.laid_faults().shape; }},
          {"meld.run", [](const Context& c) { return c.laid_faults().run; }},
          {"build.needs-own-meld", [](const Context& c) { return c.is(MoveKind::kLayoff) && !c.seat().opened; }},
          {"build.extends", [](const Context& c) { return c.laid_faults().fit; }},
          {"build.highest-card", [](const Context& c) { return c.laid_faults().taken; }},
      },
      {},
      {.refill = [](const Context& c) { return c.option("empty-stock") == "reshuffle-row" ? Refill::kWholePile : Refill::kNone; },
       .take = [](const Context& c, Position& p) { p.must_use = c.taken().front(); },  // row.use-at-once
       .match = match_at_500,
       .first_phase = Phase::kRow}};
  return r;
}

}  // namespace meldcheck::oracle::rules
