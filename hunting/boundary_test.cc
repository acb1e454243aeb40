// Boundary positions: what the contract accepts, and the ties they bend games into.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/invariants.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"
#include "harness/config.h"
#include "hunting/boundary.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// Boundary positions are positions the contract accepts: every card of the deck in one
// place, the engine's invariants kept, and written as a setup they read back to themselves.
// Every boundary is reached.
TEST(Boundary, PositionsKeepTheContractAndReadBack) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  std::set<std::string> reached;
  for (uint64_t i = 0; i < 400; ++i) {
    const GameSpec game = space.game(5, i);
    const RuleSet& r = game.config->rules;
    const BoundaryPosition b = boundary_position(game);
    for (Boundary kind : b.bends) reached.insert(boundary_name(kind));
    Card bad = kNoCard;
    ASSERT_TRUE(cards_conserved(b.state, r, &bad)) << "game " << i << ": card " << int(bad);
    ASSERT_EQ(invariant_violation(b.state, r), "") << "game " << i;
    std::string text = "name: boundary\nruleset: " + game.config->ruleset + "\nvariants: [";
    for (size_t k = 0; k < game.config->variants.size(); ++k) text += (k ? ", " : "") + game.config->variants[k];
    text += "]\noptions: {";
    for (const auto& [o, choice] : game.config->options) text += o + ": " + choice + ", ";
    text += "}\nsetup:\n" + write_setup(b.state, r, 2);
    const std::vector<Scenario> read = parse_scenarios(text, "boundary.yaml", library());
    ASSERT_EQ(read.size(), 1u);
    EXPECT_TRUE(read[0].start == b.state) << "game " << i << ": " << state_difference(read[0].start, b.state) << "\n" << text;
  }
  for (int k = 0; k < int(Boundary::kCount); ++k) EXPECT_TRUE(reached.count(boundary_name(Boundary(k)))) << boundary_name(Boundary(k));
}

// A tie at the hand's end: with no stock left, the hand scored as it stands, or ended by the
// player to move discarding their one card, leaves two leaders tied at the match's end (at
// or about the target, or in the last round), who went out among them; in Rummikub two
// racks hold one tile each, twins.
TEST(Boundary, TieAtEndTiesTheLeadersAsTheHandEnds) {
  const ConfigSpace space(library(), {}, std::nullopt, {}, 0);
  int seen = 0, by_going_out = 0;
  for (uint64_t i = 0; i < 3000; ++i) {
    const GameSpec game = space.game(7, i);
    const RuleSet& r = game.config->rules;
    const BoundaryPosition b = boundary_position(game);
    if (b.bends.empty() || b.bends.back() != Boundary::kTieAtEnd) continue;
    ++seen;
    const GameState& s = b.state;
    EXPECT_TRUE(s.stock.empty()) << "game " << i;
    EXPECT_TRUE(b.bends_the_match());
    if (r.scoring.method == ScoringMethod::kZeroSum) {
      std::map<Face, int> lone;  // the faces of one-tile racks
      for (int p = 0; p < s.num_players; ++p)
        if (s.hand(p).size() == 1) ++lone[face_of(*s.hand(p).begin())];
      EXPECT_TRUE(std::any_of(lone.begin(), lone.end(), [](const auto& f) { return f.second >= 2; })) << "game " << i;
      continue;
    }
    // The leaders' totals once the hand is scored, and whether they tie.
    auto leaders_tie = [&](const GameState& g, const std::array<int32_t, kMaxPlayers>& scores, int out) {
      std::vector<int32_t> ends;
      for (int p = 0; p < g.num_players; ++p) ends.push_back(g.players[p].total + scores[p] - g.players[p].penalty);
      const int32_t lead = r.match.lowest_wins ? *std::min_element(ends.begin(), ends.end()) : *std::max_element(ends.begin(), ends.end());
      const bool near = r.match.goal != MatchGoal::kTarget || lead >= r.match.target - 1;
      return near && std::count(ends.begin(), ends.end(), lead) >= 2 && (out < 0 || ends[size_t(out)] == lead);
    };
    std::array<int32_t, kMaxPlayers> scores{};
    score_hand(s, r, scores);
    bool tied = leaders_tie(s, scores, -1);
    if (!tied && s.phase == Phase::kPlay && s.hand(s.to_move).size() == 1) {
      GameState g = s;
      Action discard;
      discard.kind = ActionKind::kDiscard;
      discard.player = s.to_move;
      discard.card = face_of(*s.hand(s.to_move).begin());
      ASSERT_EQ(apply(g, r, discard), Refusal::kNone) << "game " << i;
      ASSERT_TRUE(g.hand_over) << "game " << i;
      // The bent totals, and the scores of the hand so ended (a discard takes no penalty).
      for (int p = 0; p < s.num_players; ++p) scores[p] = g.round_scores[p];
      tied = leaders_tie(s, scores, s.to_move);
      by_going_out += tied;
    }
    EXPECT_TRUE(tied) << "game " << i;
    if (r.match.goal == MatchGoal::kRounds)
      EXPECT_EQ(s.round, r.opening.contracts.empty() ? std::max<int>(r.match.rounds, 1) : int(r.opening.contracts.size()));
  }
  EXPECT_GE(by_going_out, 10);
  EXPECT_GE(seen, 50);
}

}  // namespace
}  // namespace meldcheck::hunt
