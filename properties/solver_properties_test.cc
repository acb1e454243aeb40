// 8. The Rummikub solver: on small positions its best placement is the exhaustive
// oracle's; in random games, every arrangement it returns is accepted.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/solver.h"
#include "oracles/rummikub_oracle.h"
#include "files/scenario_writer.h"
#include "properties/support.h"

namespace meldcheck::props {
namespace {

// A small table of valid sets (jokers sometimes) and a small rack.
struct SmallPosition {
  TileCounts counts;
  oracle::Tiles table, rack;
  std::vector<std::vector<Token>> sets;  // the table as laid, jokers with their stand-ins
};

rc::Gen<SmallPosition> small_positions() {
  return rc::gen::map(rc::gen::container<std::vector<uint32_t>>(24, any<uint32_t>()), [](const std::vector<uint32_t>& r) {
    SmallPosition p;
    std::array<std::array<int, kRanks + 1>, kSuits> avail{};
    for (auto& a : avail) a.fill(2);
    int jokers = 2, k = 0;
    auto next = [&] {
      ++k;
      return r[size_t(k - 1) % r.size()] ^ uint32_t(k * 2654435761u);
    };
    const int sets = 1 + int(next() % 3);
    for (int n = 0; n < sets; ++n) {
      const uint32_t v = next();
      const bool joker = jokers > 0 && v % 5 == 0;
      if (v % 2) {  // a run of three
        const int c = int(v >> 3) % kSuits, start = 1 + int(v >> 5) % 11, gap = joker ? start + int(v >> 9) % 3 : -1;
        bool ok = true;
        for (int x = start; x < start + 3; ++x) ok &= x == gap || avail[c][x] > 0;
        if (!ok) continue;
        p.sets.emplace_back();
        for (int x = start; x < start + 3; ++x) {
          if (x != gap) --avail[c][x], ++p.counts.table[c][x], p.table.push_back(Face::natural(c, x));
          p.sets.back().push_back(x == gap ? Token{Face::joker(), Face::natural(c, x)} : Token{Face::natural(c, x)});
        }
        if (gap > 0) --jokers, ++p.counts.table_jokers, p.table.push_back(Face::joker());
      } else {  // a group of three
        const int x = 1 + int(v >> 3) % kRanks;
        int placed = 0;
        p.sets.emplace_back();
        for (int c = 0; c < kSuits && placed < 3 - (joker ? 1 : 0); ++c)
          if (avail[c][x] > 0) {
            --avail[c][x], ++p.counts.table[c][x], p.table.push_back(Face::natural(c, x)), ++placed;
            p.sets.back().push_back({Face::natural(c, x)});
          }
        if (joker) {
          --jokers, ++p.counts.table_jokers, p.table.push_back(Face::joker());
          p.sets.back().push_back({Face::joker(), Face::rank_only(x)});
        }
        if (p.sets.back().size() < 3) {  // not enough copies left: no group after all
          for (const Token& t : p.sets.back()) {
            if (t.face.is_joker()) ++jokers, --p.counts.table_jokers;
            else ++avail[t.face.suit()][x], --p.counts.table[t.face.suit()][x];
            p.table.erase(std::find(p.table.begin(), p.table.end(), t.face));
          }
          p.sets.pop_back();
        }
      }
    }
    const int rack = 1 + int(next() % 4);
    for (int n = 0; n < rack; ++n) {
      const uint32_t v = next();
      if (jokers > 0 && v % 7 == 0) {
        --jokers, ++p.counts.rack_jokers, p.rack.push_back(Face::joker());
        continue;
      }
      const int c = int(v >> 3) % kSuits, x = 1 + int(v >> 6) % kRanks;
      if (avail[c][x] > 0) --avail[c][x], ++p.counts.rack[c][x], p.rack.push_back(Face::natural(c, x));
    }
    return p;
  });
}

// The position as a scenario whose `best_move` expectation is the oracle's: A to move, after
// the initial meld, with the rack; B holds a tile left over.
std::string position_scenario(const SmallPosition& p, int want, const std::string& why) {
  const RuleSet& r = RulesetLibrary::embedded().find("rummikub")->base();
  std::vector<Token> rack, spare;
  for (Face f : p.rack) rack.push_back({f});
  for (int c = 0; c < kSuits && spare.empty(); ++c)
    for (int x = 1; x <= kRanks && spare.empty(); ++x)
      if (p.counts.table[c][x] + p.counts.rack[c][x] < 2) spare.push_back({Face::natural(c, x)});
  std::string text = failure_head("solver", why, Config{"rummikub", {}, {}, r}, "a small position") + "setup:\n  players:\n";
  text += "    A: { hand: " + token_list(rack, r.notation) + ", opened: true }\n";
  text += "    B: { hand: " + token_list(spare, r.notation) + ", opened: true }\n";
  if (!p.sets.empty()) text += "  table:\n";
  for (size_t i = 0; i < p.sets.size(); ++i)
    text += "    - { id: m" + std::to_string(i + 1) + ", cards: " + token_list(p.sets[i], r.notation) + " }\n";
  return text + "expect:\n  best_move: { tiles: " + std::to_string(want) + " }\n";
}

RC_GTEST_PROP(Properties, SolverMatchesTheExhaustiveOracle, ()) {
  const SmallPosition p = *small_positions();
  const Placement best = solve_tiles(p.counts, SolverGoal::kMostTiles, 0);
  const int want = std::max(0, oracle::best_rack_placement(p.table, p.rack));
  const int got = best.found ? best.rack_tiles : 0;
  if (got != want) {
    const std::string why = "the solver places " + std::to_string(got) + " rack tiles, the oracle " + std::to_string(want);
    RC_FAIL(why + "; scenario " + write_failure_text("solver", p.table.size() + p.rack.size(), position_scenario(p, want, why)));
  }
  if (!best.found) return;
  for (int g = 0; g < best.sets.groups(); ++g) {
    oracle::Tiles set;
    for (const Token& t : best.sets.group(g)) set.push_back(t.face);
    RC_ASSERT(oracle::valid_rummikub_set(set));
  }
}

RC_GTEST_PROP(Properties, SolverMovesAreAccepted, ()) {
  const Game g = *games({"rummikub"}, 80);
  std::string broken;
  const Trace t = play(g, [&](const GameState&, const Step&, const GameState& after) {
    if (after.hand_over) return true;
    const Placement best = best_arrangement(after, g.config.rules, g.config.rules.table.best_move);
    if (!best.found) return true;
    Action a;
    a.kind = ActionKind::kArrange;
    a.player = after.to_move;
    a.cards = best.sets;
    const Refusal c = check_action(after, g.config.rules, a);
    if (c != Refusal::kNone) broken = "the solver's move is refused: " + g.config.rules.rule_id(c);
    return broken.empty();
  });
  if (!broken.empty()) RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("solver-moves", g, t, "", broken));
}

}  // namespace
}  // namespace meldcheck::props
