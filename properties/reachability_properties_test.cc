// A position meldcheck writes as a setup is one the rules can reach (engine/invariants.h):
// the boundary positions `simulate --start positions` plays from, and the setups the
// shrinker leaves however much the failure lets it take away. The scenario reader refuses
// any other (files/scenario.cc), so a finding from one would not even read.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/invariants.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"
#include "hunting/boundary.h"
#include "hunting/shrink.h"
#include "properties/support.h"

namespace meldcheck::props {
namespace {

std::shared_ptr<const hunt::Config> hunt_config(const Config& c) {
  return std::make_shared<hunt::Config>(hunt::Config{c.ruleset, c.variants, c.options, c.rules});
}

// The setup as a scenario file writes it, read back by the scenario reader.
void reads_back(const GameState& s, const Config& c) {
  std::string text = "name: p\nruleset: " + c.ruleset + "\n";
  if (!c.variants.empty()) {
    text += "variants: [";
    for (size_t i = 0; i < c.variants.size(); ++i) text += (i ? ", " : "") + c.variants[i];
    text += "]\n";
  }
  text += "options: {";
  bool first = true;
  for (const auto& [k, v] : c.options) text += std::string(first ? " " : ", ") + k + ": " + v, first = false;
  text += " }\nsetup:\n" + write_setup(s, c.rules, 2);
  try {
    parse_scenarios(text, "p.yaml", RulesetLibrary::embedded());
  } catch (const InputError& e) {
    RC_FAIL(std::string("the setup does not read back: ") + e.what() + "\n" + text);
  }
}

RC_GTEST_PROP(Properties, BoundaryPositionsAreReachable, ()) {
  const Config c = *configs();
  const int players = *uniform<int>(c.rules.players.min, c.rules.players.max + 1);
  const uint64_t seed = *any<uint64_t>();
  const hunt::BoundaryPosition b = hunt::boundary_position(hunt::GameSpec{0, hunt_config(c), players, seed, seed ^ 0x9E37u});
  RC_TAG(b.bends.empty() ? "played" : "bent");
  const Reachability u = unreachable(b.state, c.rules);
  RC_ASSERT_FALSE(bool(u));
  reads_back(b.state, c);
}

// The shrinker with a failure that every case shows: it takes away all it may, and what it
// leaves must still be a position of the game.
RC_GTEST_PROP(Properties, ShrunkSetupsAreReachable, ()) {
  const Game g = *games({}, 60);
  std::vector<Action> actions;
  GameState at;
  const Trace t = play(g, [&](const GameState&, const Step& st, const GameState& after) {
    actions.push_back(st.action);
    at = after;
    return true;
  }, /*one_hand=*/true);
  RC_PRE(!actions.empty() && !at.hand_over);
  hunt::Failure failure;
  failure.game = hunt::GameSpec{0, hunt_config(g.config), g.players, g.deal_seed, 0};
  failure.trace.start = t.start;
  failure.trace.actions = actions;
  failure.finding.check = hunt::CheckId::kConservation;  // any
  failure.finding.about_state = true;
  failure.at = at;
  failure.from_setup = true;
  const hunt::Case shrunk = hunt::shrink(failure, [](const hunt::Case&) { return std::optional<hunt::Finding>(hunt::Finding{}); });
  RC_ASSERT(!shrunk.deal.has_value());
  RC_ASSERT_FALSE(bool(unreachable(shrunk.start, g.config.rules)));
  // It did take away: no more cards in hand than the failure's position had.
  int before = 0, after = 0;
  for (int p = 0; p < at.num_players; ++p) before += at.hand(p).size(), after += shrunk.start.hand(p).size();
  RC_ASSERT(after <= before);
  RC_TAG(after < before ? "cards taken away" : "nothing to take");
  reads_back(shrunk.start, g.config);
}

}  // namespace
}  // namespace meldcheck::props
