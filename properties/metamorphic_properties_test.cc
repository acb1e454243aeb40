// 11. Metamorphic: renaming the suits (colours) and rotating the seats changes no verdict
// and no score. A game is played, then played again from the renamed and rotated start
// with the renamed and rotated actions.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "properties/support.h"
#include "files/scenario.h"

namespace meldcheck::props {
namespace {

struct Renaming {
  std::array<int, kSuits> suit{};  // a permutation
  int seats = 0;                   // rotation
  int players = 2;

  Face face(Face f) const { return f.is_natural() ? Face::natural(suit[f.suit()], f.rank()) : f; }
  Card card(Card c) const { return is_joker(c) ? c : natural_card(face(face_of(c)), c / kFaces); }
  uint8_t seat(int p) const { return p == kNoPlayer ? kNoPlayer : uint8_t((p + seats) % players); }
  CardSet cards(CardSet s) const {
    CardSet out;
    for (Card c : s) out.insert(card(c));
    return out;
  }
  void pile(Pile& p) const {
    for (Card& c : p.cards()) c = card(c);
  }

  GameState state(const GameState& s) const {
    GameState t = s;
    for (int p = 0; p < s.num_players; ++p) {
      t.players[seat(p)] = s.players[p];
      t.players[seat(p)].hand = cards(s.players[p].hand);
      t.round_scores[seat(p)] = s.round_scores[p];
    }
    pile(t.stock);
    pile(t.discard);
    t.out = cards(s.out);
    for (Meld& m : t.table.all()) {
      m.owner = seat(m.owner);
      for (int i = 0; i < m.shape.size; ++i) {
        m.cards[i] = card(m.cards[i]);
        m.shape.faces[i] = face(m.shape.faces[i]);
        m.builders[i] = seat(m.builders[i]);
      }
      if (m.shape.kind == MeldKind::kSet) canonicalize_set(m);
    }
    t.to_move = seat(s.to_move);
    t.first_player = seat(s.first_player);
    t.dealer = seat(s.dealer);
    t.last_out = seat(s.last_out);
    t.offer.from = seat(s.offer.from);
    t.winners = 0;
    for (int p = 0; p < s.num_players; ++p)
      if ((s.winners >> p) & 1) t.winners |= uint8_t(1u << seat(p));
    if (s.turn.must_use != kNoCard) t.turn.must_use = card(s.turn.must_use);
    if (s.turn.no_discard != kNoCard) t.turn.no_discard = card(s.turn.no_discard);
    t.turn.pile_meld_due = cards(s.turn.pile_meld_due);
    return t;
  }

  Action action(const Action& a) const {
    Action t = a;
    t.player = a.player < players ? seat(a.player) : a.player;
    t.card = face(a.card);
    t.take.face = face(a.take.face);
    t.cards.clear();
    for (int g = 0; g < a.cards.groups(); ++g) {
      t.cards.open_group();
      for (const Token& tok : a.cards.group(g)) t.cards.add({face(tok.face), face(tok.standin)});
    }
    return t;
  }
};

RC_GTEST_PROP(Properties, RenamingSuitsAndSeatsChangesNoVerdictOrScore, ()) {
  const Game g = *games({}, 250);
  Renaming rn;
  rn.players = g.players;
  std::array<int, kSuits> perm = {0, 1, 2, 3};
  const auto order = *uniform(0, 24);
  for (int k = 0; k < order; ++k) std::next_permutation(perm.begin(), perm.end());
  rn.suit = perm;
  rn.seats = *uniform(0, g.players);
  const RuleSet& r = g.config.rules;

  const Trace t = play(g, [](const GameState&, const Step&, const GameState&) { return true; }, true);
  GameState original = t.start, renamed = rn.state(t.start);
  std::string broken;
  Trace shown{renamed, {}}, played{t.start, {}};  // as far as the failure, expecting the original's verdicts
  for (const Step& step : t.steps) {
    const Action a = rn.action(step.action);
    const Refusal c = apply(renamed, r, a);
    apply(original, r, step.action);
    shown.steps.push_back({a, step.verdict, step.legal});
    played.steps.push_back(step);
    if (c != step.verdict) {
      broken = "the renamed game's verdict " + verdict_text(r, c) + " differs from " + verdict_text(r, step.verdict);
      break;
    }
  }
  std::string expect_original, expect_renamed;  // the rules' scores, by their seats in each game
  Books books(g);  // the scores the rules give the original game, from the reference model
  for (const Step& step : played.steps)
    if (step.verdict == Refusal::kNone) books.step(step.action);
  if (broken.empty() && original.hand_over) {
    for (int p = 0; p < g.players; ++p) {
      const std::string score = std::to_string(books.position().hand_over ? books.position().round_scores[size_t(p)]
                                                                           : original.round_scores[p]);
      expect_original += (p ? ", " : "  round_scores: { ") + player_name(p) + ": " + score;
      expect_renamed += (p ? ", " : "  round_scores: { ") + player_name(rn.seat(p)) + ": " + score;
      if (renamed.round_scores[rn.seat(p)] != original.round_scores[p]) broken = "the renamed game scores differently";
      if (renamed.players[rn.seat(p)].total != original.players[p].total) broken = "the renamed game's totals differ";
    }
    expect_original += " }\n", expect_renamed += " }\n";
  }
  if (!broken.empty()) {
    // The original game, then the renamed one expecting the same verdicts and scores.
    const std::string path = write_failure_runs("renaming", g, {{&played, expect_original}, {&shown, expect_renamed}}, broken);
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + path);
  }
}

}  // namespace
}  // namespace meldcheck::props
