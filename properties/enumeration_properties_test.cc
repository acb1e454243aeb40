// 9. The legal-action enumeration: every action it lists is accepted; it is empty only when
// nothing is legal (the match is over); and for the kinds it lists in full (draws, takes,
// discards, single melds from the hand) every accepted action of that kind is listed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/random_play.h"
#include "properties/support.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck::props {
namespace {

// Melds a player might try from the hand: cards of one rank, or of one suit in a row, with
// the hand's jokers in the gaps; chosen by `bits`.
std::vector<Action> meld_tries(const GameState& s, int p, uint64_t bits) {
  std::vector<Action> out;
  const CardSet hand = s.hand(p);
  SplitMix64 rng{bits};
  for (int k = 0; k < 12; ++k) {
    Action a;
    a.kind = ActionKind::kMeld;
    a.player = uint8_t(p);
    a.cards.open_group();
    const int suit = int(rng.next() % kSuits), rank = 1 + int(rng.next() % kRanks), len = 3 + int(rng.next() % 3);
    const bool run = rng.next() % 2;
    int jokers = hand.jokers();
    for (int i = 0; i < len; ++i) {
      const Face f = run ? Face::natural(suit, (rank + i - 1) % kRanks + 1) : Face::natural((suit + i) % kSuits, rank);
      if (hand.count(f) > 0) a.cards.add({f});
      else if (jokers-- > 0) a.cards.add({Face::joker(), run ? f : Face::rank_only(rank)});
    }
    out.push_back(a);
  }
  return out;
}

// At an empty stock that the pile cannot refill, a pass ends the hand unless a take is
// allowed - the take judged whole: a floating player's take of a lone card that no meld
// takes is refused by the turn (the card could be neither used nor discarded), so the pass
// is the step left, and the enumeration lists it. spec_fuzz found a hand stuck there (Rummy
// 500 floating, its stock policy changed to the reshuffle of femhundra-rummy).
TEST(Enumeration, AFloatingPlayerWhoCannotTakeMayPassAtADryStock) {
  Scenario sc = parse_scenarios(R"(name: a dry stock
ruleset: rummy500
variants: [floating]
setup:
  players:
    A: { hand: [], opened: true }
    B: { hand: [4H], opened: true }
  stock: []
  rest: out
  discard: [8C]
  table:
    - { id: m1, owner: A, cards: [8S, 8H, JK=8, JK=8] }
    - { id: m2, owner: B, cards: [10S, 10H, 10D, 10C] }
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  sc.rules.draw.empty_stock = EmptyStock::kReshufflePile;
  Action take, pass;
  take.kind = ActionKind::kTake, take.player = 0, take.take.kind = TakeSpec::Kind::kCount, take.take.count = 1;
  pass.kind = ActionKind::kPass, pass.player = 0;
  EXPECT_NE(check_action(sc.start, sc.rules, take), Refusal::kNone);
  EXPECT_EQ(check_action(sc.start, sc.rules, pass), Refusal::kNone);
  std::vector<Action> legal;
  quick_legal_actions(sc.start, sc.rules, legal);
  EXPECT_FALSE(legal.empty());
}

// Where a set's suits may repeat, a joker laid with it may be any card of the rank, one the
// set holds already too: whole-card stand-ins list every suit (the enumeration had offered
// only the suits the set lacked, none for a set of all four), and settled ones the rank
// alone, since no suit is left to the joker. spec_fuzz found a hand stuck with a freed
// joker to lay (Liverpool, its stand-ins changed to whole cards).
TEST(Enumeration, AJokerLaidWithASetWhoseSuitsRepeatMayBeAnyCardOfItsRank) {
  Scenario sc = parse_scenarios(R"(name: a set of all four suits
ruleset: liverpool
setup:
  players:
    A: { hand: [JK, 5C], opened: true }
    B: { hand: [4H], opened: true }
    C: { hand: [4S], opened: true }
  table:
    - { id: m1, owner: B, cards: [10S, 10H, 10D, 10C] }
  phase: play
)", "t.yaml", RulesetLibrary::embedded()).at(0);
  Action layoff;
  layoff.kind = ActionKind::kLayoff, layoff.player = 0, layoff.meld_id = 1;
  layoff.cards.open_group();
  layoff.cards.add(*parse_token("JK=10S", Notation::kCards));
  for (const SetStandin standin : {SetStandin::kCard, SetStandin::kDetermined}) {
    sc.rules.meld.set_standin = standin;
    EXPECT_EQ(check_action(sc.start, sc.rules, layoff), Refusal::kNone) << int(standin);
    EXPECT_TRUE(is_listed(sc.start, sc.rules, layoff)) << int(standin);
  }
}

RC_GTEST_PROP(Properties, TheEnumerationIsSoundAndComplete, ()) {
  const Game g = *games({}, 150, false, true);
  RC_CLASSIFY(g.boundary, "from a boundary position");
  const RuleSet& r = g.config.rules;
  std::string broken;
  std::vector<Action> legal;
  std::optional<Step> culprit;  // the action to show, as the scenario's last step
  LastStep should;
  const Trace t = play(g, [&](const GameState&, const Step&, const GameState& s) {
    legal_actions(s, r, legal);
    if (legal.empty() && !s.game_over) broken = "nothing listed, yet the match goes on";
    for (const Action& a : legal) {
      GameState copy = s;
      if (const Refusal c = apply(copy, r, a); c != Refusal::kNone) {
        broken = "a listed action is refused: " + r.rule_id(c);
        culprit = Step{a, c, true};
        should = {verdict_text(r, c), "\n    listed: false"};
        return false;
      }
    }
    if (s.hand_over) return broken.empty();
    const int p = s.to_move;
    std::vector<Action> tries;
    Action draw;
    draw.kind = ActionKind::kDraw;
    draw.player = uint8_t(p);
    tries.push_back(draw);
    for (int n = 1; n <= s.discard.size(); ++n) {
      Action take;
      take.kind = ActionKind::kTake;
      take.player = uint8_t(p);
      take.take.kind = TakeSpec::Kind::kCount;
      take.take.count = uint8_t(n);
      tries.push_back(take);
    }
    for (int code = 0; code <= kFaces; ++code) {
      Action discard;
      discard.kind = ActionKind::kDiscard;
      discard.player = uint8_t(p);
      discard.card = Face::from_code(uint8_t(code));
      tries.push_back(discard);
    }
    for (const Action& m : meld_tries(s, p, hash_state(s))) tries.push_back(m);
    for (const Action& a : tries)
      if (check_action(s, r, a) == Refusal::kNone && !is_listed(s, r, a)) {
        broken = "an accepted action is not listed: " + write_step(a, r, p);
        culprit = Step{a, Refusal::kNone, false};
        should = {"", "\n    listed: true"};
        return false;
      }
    return broken.empty();
  });
  if (!broken.empty()) {
    Trace shown = t;
    if (culprit) shown.steps.push_back(*culprit);
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("enumeration", g, shown, "", broken, should));
  }
}

// is_listed checks only the candidates that lay the action's cards (a meld or layoff laying
// others is never the same move): it answers as a scan of the whole list does, for the
// listed melds and layoffs, the same written another way, and arbitrary ones.
RC_GTEST_PROP(Properties, IsListedAnswersAsTheWholeListDoes, ()) {
  const Game g = *games({}, 150, false, true);
  const RuleSet& r = g.config.rules;
  std::string broken;
  std::vector<Action> legal;
  play(g, [&](const GameState&, const Step&, const GameState& s) {
    if (s.hand_over) return true;
    legal_actions(s, r, legal);
    std::vector<Action> tries = meld_tries(s, s.to_move, hash_state(s));
    RandomPlayer random(hash_state(s));
    for (int k = 0; k < 8; ++k) tries.push_back(random.arbitrary(s, r));
    for (const Action& l : legal) {
      if (l.kind != ActionKind::kMeld && l.kind != ActionKind::kLayoff) continue;
      tries.push_back(l);
      Action reversed = l, bare = l;  // each group's cards in the other order; the jokers written bare
      reversed.cards.clear(), bare.cards.clear();
      for (int grp = 0; grp < l.cards.groups(); ++grp) {
        reversed.cards.open_group(), bare.cards.open_group();
        const auto cards = l.cards.group(grp);
        for (size_t i = cards.size(); i-- > 0;) reversed.cards.add(cards[i]);
        for (const Token& t : cards) bare.cards.add(Token{t.face});
      }
      tries.push_back(reversed);
      tries.push_back(bare);
    }
    for (const Action& a : tries) {
      if (a.kind != ActionKind::kMeld && a.kind != ActionKind::kLayoff) continue;
      const bool scanned = std::any_of(legal.begin(), legal.end(), [&](const Action& l) { return same_move(s, r, l, a); });
      if (is_listed(s, r, a) != scanned) {
        broken = std::string("is_listed says ") + (scanned ? "no" : "yes") + " to " + write_step(a, r, a.player);
        return false;
      }
    }
    return true;
  });
  if (!broken.empty()) RC_FAIL(describe(g) + ": " + broken);
}

}  // namespace
}  // namespace meldcheck::props
