#include "harness/coverage.h"

#include <algorithm>
#include <bit>

#include "files/play_events.h"

namespace meldcheck::hunt {
namespace {

uint64_t bit(PlayEvent e) { return uint64_t{1} << int(e); }

int take_size(const GameState& before, const GameState& after) { return before.discard.size() - after.discard.size(); }

bool has_joker(const Meld& m) { return m.shape.joker_mask != 0; }

bool has_ace(const Meld& m) {
  for (int i = 0; i < m.shape.size; ++i)
    if (m.shape.faces[i].rank() == 1) return true;
  return false;
}

bool leaders_tied_at_target(const GameState& s, const RuleSet& r) {
  if (r.match.goal != MatchGoal::kTarget) return false;
  int32_t best = s.players[0].total;
  for (int p = 1; p < s.num_players; ++p) best = std::max(best, s.players[p].total);
  int at_best = 0;
  for (int p = 0; p < s.num_players; ++p) at_best += s.players[p].total == best;
  return best >= r.match.target && at_best > 1;
}

}  // namespace

uint64_t step_events(const GameState& before, const Action& a, Refusal verdict, const GameState& after, const RuleSet& r) {
  if (verdict != Refusal::kNone) return 0;
  uint64_t e = 0;
  switch (a.kind) {
    case ActionKind::kDraw: e |= bit(PlayEvent::kDraw); break;
    case ActionKind::kTake: {
      const int n = take_size(before, after);
      e |= bit(PlayEvent::kTake);
      if (n > 1) e |= bit(PlayEvent::kTakeSeveral);
      if (after.discard.empty() && n > 1) e |= bit(PlayEvent::kTakeWhole);
      break;
    }
    case ActionKind::kMeld:
      e |= bit(PlayEvent::kMeld);
      // Several melds in a turn: in one step, or after one already laid this turn.
      if (a.cards.groups() > 1 || before.turn.melded) e |= bit(PlayEvent::kMeldSeveral);
      break;
    case ActionKind::kLayoff: {
      e |= bit(PlayEvent::kLayoff);
      const int idx = before.table.index_of(a.meld_id);
      if (idx >= 0 && before.table.melds[idx].owner != a.player) e |= bit(PlayEvent::kLayoffOnOther);
      break;
    }
    case ActionKind::kSwap: e |= bit(PlayEvent::kSwap); break;
    case ActionKind::kDiscard: e |= bit(before.phase == Phase::kRow ? PlayEvent::kRow : PlayEvent::kDiscard); break;
    case ActionKind::kClaim: e |= bit(PlayEvent::kClaim); break;
    case ActionKind::kArrange: e |= bit(PlayEvent::kArrange); break;
    case ActionKind::kPass: e |= bit(PlayEvent::kPass); break;
    case ActionKind::kTimeout: e |= bit(PlayEvent::kTimeout); break;
    case ActionKind::kNextHand: e |= bit(PlayEvent::kNextHand); break;  // its deal: Coverage::game_starts
  }
  // What the step laid: new melds and melds built on.
  for (const Meld& m : after.table.all()) {
    const int was = before.table.index_of(m.id);
    const bool laid = was < 0, grown = was >= 0 && before.table.melds[was].shape.size != m.shape.size;
    if (!laid && !grown && !(was >= 0 && before.table.melds[was].shape.joker_mask != m.shape.joker_mask)) continue;
    if (laid) e |= bit(m.shape.kind == MeldKind::kSet ? PlayEvent::kMeldSet : PlayEvent::kMeldRun);
    if (m.shape.kind == MeldKind::kRun && has_ace(m)) e |= bit(PlayEvent::kAceInRun);
    if (m.shape.kind == MeldKind::kRun && m.shape.end() > kRanks + 1) e |= bit(PlayEvent::kCorner);
    if (has_joker(m) && (laid || grown)) e |= bit(PlayEvent::kJokerLaid);
  }
  if (after.to_move != before.to_move && a.kind != ActionKind::kNextHand && !after.hand_over) e |= bit(PlayEvent::kTurn);
  if (after.stock.size() > before.stock.size() && a.kind != ActionKind::kNextHand) e |= bit(PlayEvent::kReshuffle);
  for (int p = 0; p < after.num_players; ++p)
    if (after.players[p].penalty != before.players[p].penalty && a.kind != ActionKind::kNextHand) e |= bit(PlayEvent::kPenalty);
  if (!before.hand_over && after.hand_over) {
    e |= bit(PlayEvent::kHandEnd);
    if (after.last_out != kNoPlayer) e |= bit(PlayEvent::kWentOut);
    else e |= bit(after.turns >= r.max_turns ? PlayEvent::kTurnBound : PlayEvent::kStuck);
  }
  if (!before.game_over && after.game_over) {
    e |= bit(PlayEvent::kMatchEnd);
    if (std::popcount(unsigned(after.winners)) > 1) e |= bit(PlayEvent::kMatchTie);
  }
  if (!before.hand_over && after.hand_over && !after.game_over && leaders_tied_at_target(after, r))
    e |= bit(PlayEvent::kMatchTie);  // the tie is played off in another hand
  return e;
}

RefusalMask examined_checks(const GameState& before, const Action& a, const RuleSet& r) {
  RefusalMask m;
  auto add = [&](std::initializer_list<Refusal> checks) {
    for (Refusal c : checks) m.add(c);
  };
  const TurnFacts& t = before.turn;
  const bool lays = a.kind == ActionKind::kMeld || a.kind == ActionKind::kLayoff || a.kind == ActionKind::kClaim ||
                    a.kind == ActionKind::kArrange;
  if (a.kind == ActionKind::kClaim) add({Refusal::kClaimNotAllowed, Refusal::kClaimTiming, Refusal::kClaimByDiscarder, Refusal::kClaimUse});
  if (a.kind == ActionKind::kClaim && r.claim == ClaimRule::kBuy) add({Refusal::kBuyPenaltyCard});
  if (lays && before.first_lap) add({Refusal::kFirstLap});
  if (lays && a.cards.tokens() > 0) {
    add({Refusal::kMeldSize, Refusal::kMeldShape, Refusal::kRunSequence, Refusal::kSetSize, Refusal::kSetSuits});
    bool jokers = false, ace = false;
    for (int g = 0; g < a.cards.groups(); ++g)
      for (const Token& tok : a.cards.group(g)) jokers |= tok.face.is_joker(), ace |= tok.face.rank() == 1 || tok.standin.rank() == 1;
    if (jokers) add({Refusal::kJokerNatural, Refusal::kJokerStandin, Refusal::kJokerOnTable});
    if (ace) add({Refusal::kRunAceHigh, Refusal::kRunCornerMeld, Refusal::kRunCornerBuild});
  }
  // A step that lays cards while a freed joker is owed is held to the obligation.
  if (lays && !t.freed_jokers.empty()) add({Refusal::kJokerUnused});
  const bool opened = before.players[a.player].opened;
  switch (a.kind) {
    case ActionKind::kDraw: add({Refusal::kEmptyStock}); break;
    case ActionKind::kTake: {
      add({Refusal::kBadTake, Refusal::kTakeSize});
      const int n = take_count(before.discard, a.take);
      if (n == before.discard.size() && n > 1) add({Refusal::kTakeNeedsOpened, Refusal::kPileMeldDue});
      if (r.draw.taken_card_use == TakenCardUse::kDeepestAlways || (r.draw.taken_card_use == TakenCardUse::kDeepestIfSeveral && n > 1))
        add({Refusal::kTakeUnusable});
      break;
    }
    case ActionKind::kMeld:
      add({Refusal::kMeldAfterOpening});
      if (!opened && r.opening.form == OpeningForm::kContract)
        add({Refusal::kContract, Refusal::kContractDistinct, Refusal::kLastRoundAllCards});
      break;
    case ActionKind::kLayoff: add({Refusal::kLayoffNeedsOpened, Refusal::kLayoffFit, Refusal::kLayoffTaken, Refusal::kOutNeedsDiscard}); break;
    case ActionKind::kSwap: add({Refusal::kSwapNotAllowed, Refusal::kSwapCard, Refusal::kSwapNeedsOpened}); break;
    case ActionKind::kDiscard:
      if (t.must_use != kNoCard) add({Refusal::kTakeUnused});
      if (!t.pile_meld_due.empty()) add({Refusal::kPileMeldDue});
      if (!t.freed_jokers.empty()) add({Refusal::kJokerUnused});
      if (t.no_discard != kNoCard) add({Refusal::kDiscardTakenCard});
      add({Refusal::kLastRoundNoDiscard, Refusal::kDeadDiscard});
      break;
    case ActionKind::kArrange:
      add({Refusal::kTableTilesStay, Refusal::kRackTileNeeded});
      if (!opened) add({Refusal::kInitialPoints, Refusal::kInitialRackOnly});
      break;
    case ActionKind::kPass: add({Refusal::kPassNotAllowed, Refusal::kPassCanPlay}); break;
    case ActionKind::kTimeout:
    case ActionKind::kClaim:
    case ActionKind::kNextHand: break;
  }
  return m;
}

namespace {

uint64_t check_bits(const Clause& c) {
  uint64_t checks = 0;
  for (Refusal ch : c.checks) checks |= uint64_t{1} << int(ch);
  return checks;
}

uint64_t event_bits(const Clause& c) {
  uint64_t events = 0;
  for (const std::string& e : c.events)
    if (auto ev = play_event_from_name(e)) events |= bit(*ev);
  return events;
}

}  // namespace

std::vector<size_t> clauses_passed(const GameState& before, const Action& a, const GameState& after, const RuleSet& r) {
  // A next hand is dealt by the deal's clauses (the coverage map counts them at game_starts).
  const uint64_t events =
      step_events(before, a, Refusal::kNone, after, r) | (a.kind == ActionKind::kNextHand ? bit(PlayEvent::kDeal) : 0);
  const uint64_t checks = examined_checks(before, a, r).bits();
  std::vector<size_t> out;
  for (size_t i = 0; i < r.catalog.size(); ++i)
    if ((check_bits(r.catalog[i]) & checks) || (event_bits(r.catalog[i]) & events)) out.push_back(i);
  return out;
}

Coverage::Coverage(const Config& config) : rules_(&config.rules) {
  for (const Clause& c : config.rules.catalog) {
    bool variant_on = false;
    for (const std::string& e : c.events)
      if (e.rfind("variant:", 0) == 0)
        variant_on |= std::find(config.variants.begin(), config.variants.end(), e.substr(8)) != config.variants.end();
    checks_.push_back(check_bits(c));
    events_.push_back(event_bits(c));
    by_variant_.push_back(variant_on);
  }
}

void Coverage::game_starts(std::vector<ClauseTally>& tally) const {
  for (size_t i = 0; i < checks_.size(); ++i) {
    if (by_variant_[i]) ++tally[i].passed;
    if (events_[i] & bit(PlayEvent::kDeal)) ++tally[i].passed;
  }
}

void Coverage::step(const GameState& before, const Action& a, Refusal verdict, const GameState& after,
                    std::vector<ClauseTally>& tally) const {
  if (verdict != Refusal::kNone) return refused(verdict, tally);
  const uint64_t events = step_events(before, a, verdict, after, *rules_);
  const uint64_t checks = examined_checks(before, a, *rules_).bits();
  for (size_t i = 0; i < checks_.size(); ++i)
    if ((checks_[i] & checks) || (events_[i] & events)) ++tally[i].passed;
}

void Coverage::refused(Refusal verdict, std::vector<ClauseTally>& tally) const {
  const int clause = rules_->clause_of[int(verdict)];
  if (clause >= 0) ++tally[size_t(clause)].refused;
}

void Coverage::refusals(const CheckTally& refused, std::vector<ClauseTally>& tally) const {
  for (int c = 0; c < kNumRefusals; ++c) {
    if (refused[size_t(c)] == 0) continue;
    const int clause = rules_->clause_of[c];
    if (clause >= 0) tally[size_t(clause)].refused += refused[size_t(c)];
  }
}

}  // namespace meldcheck::hunt
