// Properties of the state over random games of every ruleset, variant and option:
// 1 conservation, 2 refusals, 10 determinism and round trips, 12 termination.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/invariants.h"
#include "engine/random_play.h"
#include "properties/support.h"
#include "harness/replay.h"
#include "files/scenario.h"
#include "files/scenario_writer.h"

namespace meldcheck::props {
namespace {

// 1. Every physical card is in exactly one place after every action, accepted or refused.
RC_GTEST_PROP(Properties, Conservation, ()) {
  const Game g = *games({}, 400, false, true);
  RC_CLASSIFY(g.boundary, "from a boundary position");
  RC_TAG(g.config.ruleset);
  std::string broken;
  const Trace t = play(g, [&](const GameState&, const Step&, const GameState& after) {
    Card bad = 0;
    if (cards_conserved(after, g.config.rules, &bad)) return true;
    broken = format_face(face_of(bad), g.config.rules.notation) + " is missing or in two places";
    return false;
  });
  if (!broken.empty()) RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("conservation", g, t, "", broken));
}

// 2. A refused action leaves the state equal (hash included) and names a rule of the
// ruleset's catalog (or a core rule).
RC_GTEST_PROP(Properties, ARefusalChangesNothingAndNamesARule, ()) {
  const Game g = *games({}, 400, false, true);
  RC_CLASSIFY(g.boundary, "from a boundary position");
  std::string broken;
  const Trace t = play(g, [&](const GameState& before, const Step& step, const GameState& after) {
    if (step.verdict == Refusal::kNone) return true;
    const std::string id = g.config.rules.rule_id(step.verdict);
    if (!(after == before) || hash_state(after) != hash_state(before)) broken = "refused with " + id + " but changed the state";
    else if (!RulesetLibrary::embedded().knows_rule(id) || id.find("/unmapped.") != std::string::npos)
      broken = "refused with " + id + ", which no catalog has";
    return broken.empty();
  });
  if (!broken.empty()) RC_FAIL(describe(g) + ": " + broken + "; scenario " + write_failure("refusals", g, t, "", broken));
}

// What a state shows, as expectations (for the scenario of a failing round trip or replay).
std::string observed(const GameState& s, const RuleSet& r) {
  std::string e = "  hand:\n";
  for (int p = 0; p < s.num_players; ++p) {
    std::vector<Token> hand;
    for (Card c : s.hand(p)) hand.push_back({face_of(c)});
    e += "    " + player_name(p) + ": " + token_list(hand, r.notation) + "\n";
  }
  e += "  stock_size: " + std::to_string(s.stock.size()) + "\n";
  e += "  totals: {";
  for (int p = 0; p < s.num_players; ++p) e += (p ? ", " : " ") + player_name(p) + ": " + std::to_string(s.players[p].total);
  e += " }\n  round_over: " + std::string(s.hand_over ? "true" : "false") + "\n";
  return e;
}

// Whether the trace, written as a scenario and read back, replays to the same verdicts and
// states: what makes every failing run's scenario file reproduce it.
std::string replays_the_same(const Game& g, const Trace& t) {
  const RuleSet& r = g.config.rules;
  std::vector<Action> actions;
  std::vector<std::string> verdicts;
  for (const Step& st : t.steps) actions.push_back(st.action), verdicts.push_back(verdict_text(r, st.verdict));
  ScenarioText head{"replay", g.config.ruleset, g.config.variants, g.config.options, ""};
  const std::string text = write_scenario(head, t.start, r, actions, verdicts);
  try {
    const Scenario back = parse_scenarios(text, "replay.yaml", RulesetLibrary::embedded()).at(0);
    if (back.steps.size() != t.steps.size()) return "a game written as a scenario read back with another number of steps";
    GameState s = back.start, played = t.start;
    for (size_t i = 0; i < back.steps.size(); ++i) {
      const Refusal c = apply_step(s, r, back.steps[i]);
      apply(played, r, t.steps[i].action);
      const char* part = state_difference(s, played);
      if (c != t.steps[i].verdict || part || hash_state(s) != hash_state(played))
        return "a game written as a scenario replays another way at step " + std::to_string(i + 1) + " (" +
               back.steps[i].text + "): " + (c != t.steps[i].verdict ? "another verdict" : part ? part : "another hash");
    }
  } catch (const InputError& e) {
    return std::string("a game written as a scenario did not read back: ") + e.what();
  }
  return "";
}

// 10. The same seeds and choices give the same states (hash by hash); a state written as a
// scenario setup reads back equal; and a game written as a scenario replays the same.
RC_GTEST_PROP(Properties, DeterminismAndRoundTrip, ()) {
  const Game g = *games();
  const RuleSet& r = g.config.rules;
  std::vector<uint64_t> first, second;
  play(g, [&](const GameState&, const Step&, const GameState& after) {
    first.push_back(hash_state(after));
    return true;
  });
  std::string broken;
  bool two_ways = false;  // the same game went two ways (else a round trip failed)
  size_t i = 0;
  const Trace t = play(g, [&](const GameState&, const Step&, const GameState& after) {
    second.push_back(hash_state(after));
    if (i < first.size() && first[i] != second.back()) {
      broken = "the same game went another way at action " + std::to_string(i + 1);
      two_ways = true;
      return false;
    }
    if (i++ % 5 == 0) {
      ScenarioText head{"round trip", g.config.ruleset, g.config.variants, g.config.options, ""};
      try {
        const GameState back =
            parse_scenarios(write_scenario(head, after, r, {}, {}), "round-trip.yaml", RulesetLibrary::embedded()).at(0).start;
        if (const char* part = state_difference(back, after))
          broken = std::string("a state written as a setup read back with another ") + part;
      } catch (const InputError& e) {
        broken = std::string("a state written as a setup did not read back: ") + e.what();
      }
    }
    return broken.empty();
  });
  if (broken.empty() && first.size() != second.size()) {
    broken = "the same game took another number of actions";
    two_ways = true;
  }
  if (broken.empty()) broken = replays_the_same(g, t);
  if (!broken.empty()) {
    const GameState last = t.steps.empty() ? t.start : [&] {
      GameState s = t.start;
      for (const Step& st : t.steps) apply(s, r, st.action);
      return s;
    }();
    // A game that went two ways is its deal read twice: written as the deal alone,
    // expecting the hands the deal oracle deals (so that a steady engine passes it). A round
    // trip that failed records what the engine did.
    const Trace dealt{t.start, {}};
    const std::string deal = Books(g).expectations(r.notation);
    const std::string path = two_ways ? write_failure_runs("determinism", g, {{&dealt, deal, {}, true}, {&dealt, deal, {}, true}}, broken)
                                      : write_failure("determinism", g, t, observed(last, r), broken);
    RC_FAIL(describe(g) + ": " + broken + "; scenario " + path);
  }
}

// 12. Every hand ends within the ruleset's bound of turns (max_turns: 1000), counted here
// from outside as the turns that pass; and a hand of a ruleset whose text ends it at an
// empty stock (draw.empty_stock pass-ends) never reaches the bound, played by a player keen
// to lay cards: the stock runs out long before (the bound is for the reshuffling rulesets).
RC_GTEST_PROP(Properties, EveryHandEnds, ()) {
  const Game g = *games({}, 1);
  const RuleSet& r = g.config.rules;
  GameState s = start_of(g);
  RandomPlayer player(g.deal_seed ^ g.choices[0]);  // random, but keen to lay cards
  Trace t{s, {}};
  int turns = 0;
  size_t steps_in_bound = 0;  // the steps of the first max_turns turns, after which the hand must be over
  Books books(g);             // where the rules end the hand
  while (!s.hand_over) {
    if (turns > r.max_turns) {
      const std::string why = "a hand still going after " + std::to_string(turns) + " turns";
      t.steps.resize(steps_in_bound);
      RC_FAIL(describe(g) + ": " + why + "; scenario " + write_failure("termination", g, t, "  round_over: true\n", why));
    }
    const Action* a = player.legal(s, r);
    RC_ASSERT(a != nullptr);
    const int mover = s.to_move;
    const Phase phase = s.phase;
    const Refusal c = apply(s, r, *a);
    RC_ASSERT(c == Refusal::kNone);
    t.steps.push_back({*a, c, true});
    books.step(*a);
    if (books.position().hand_over && !s.hand_over) {
      const std::string why = "the hand goes on where the rules end it";
      RC_FAIL(describe(g) + ": " + why + "; scenario " + write_failure("termination", g, t, "  round_over: true\n", why));
    }
    turns += s.to_move != mover || (s.phase == Phase::kDraw && phase != Phase::kDraw);
    if (turns == r.max_turns && steps_in_bound == 0) steps_in_bound = t.steps.size();
  }
  if (r.draw.empty_stock == EmptyStock::kPassEnds && turns >= r.max_turns)
    RC_FAIL(describe(g) + ": a hand that its empty stock ends reached the bound of " + std::to_string(turns) + " turns");
}

}  // namespace
}  // namespace meldcheck::props
