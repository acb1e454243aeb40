// The executable catalog against the scenarios and the rulesets.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "files/scenario.h"
#include "harness/config.h"
#include "hunting/checks.h"
#include "hunting/oracle_views.h"
#include "hunting/scenario_case.h"
#include "oracles/catalog.h"

namespace meldcheck::hunt {
namespace {

const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

// The catalog read against the scenarios, which are transcribed from the texts: every step
// of every scenario (up to a next hand set up by hand) judged as the engine judges it, and
// an accepted step deciding what the engine decided. A disagreement here is a catalog bug
// the scenarios already settle.
TEST(Catalog, AgreesWithEveryScenarioStep) {
  int steps = 0, next_hands = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const ScenarioCases& sc : parse_cases(text, entry.path().string(), library())) {
      // The model reads each setup as written, and works a next hand set up by hand out of
      // the hand before it.
      Checker checker(sc.cases.front().config, CheckLevel::kAll);
      for (const Case& c : sc.cases) {
        next_hands += c.next_hand;
        if (const std::optional<Finding> f = start_case(checker, c)) {
          ADD_FAILURE() << entry.path() << ": " << sc.name << ", the start: " << f->message;
          break;
        }
        GameState s = c.start;
        for (size_t i = 0; i < c.actions.size(); ++i) {
          const GameState before = s;
          const Action& a = c.actions[i];
          const Refusal verdict = apply(s, c.config->rules, a);
          const std::optional<Finding> f = checker.against_catalog(before, a, verdict, s);
          EXPECT_FALSE(f) << entry.path() << ": " << sc.name << ", step " << i + 1 << " of a case: " << f->message;
          ++steps;
        }
      }
    }
  }
  EXPECT_GT(steps, 1000);
  EXPECT_GT(next_hands, 5);  // next hands set up by hand, carried over by the model
}

// A scenario's `rules:` name what it pins down: each cited clause refuses one of its steps,
// or judges an accepted one (Catalog::judging: it forbids that step, or lists an event the
// step makes, one small change away - a card changed, another depth or player, a stock or
// pile otherwise, another house), or lists an event of the scenario's start (the deal, its
// variants, the best move it asks for).
TEST(Catalog, EveryCitedClauseIsExercisedByItsScenario) {
  int cited = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(MELDCHECK_SCENARIOS_DIR)) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::vector<Scenario> scenarios = parse_scenarios(text, entry.path().string(), library());
    const std::vector<ScenarioCases> all = parse_cases(text, entry.path().string(), library());
    for (size_t k = 0; k < scenarios.size(); ++k) {
      const Scenario& sc = scenarios[k];
      std::set<std::string> exercised, events;
      // The scenario's house with one variant or option choice changed: a clause that
      // answers a step otherwise there judges it here too.
      const RulesetSpec& spec = *library().find(sc.ruleset);
      std::vector<oracle::Catalog> houses;
      auto house = [&](std::vector<std::string> variants, std::map<std::string, std::string> options) {
        Config h{sc.ruleset, variants, options, spec.resolve(variants, options)};
        houses.emplace_back(game_of(h));
      };
      const std::shared_ptr<const Config> own = scenario_config(sc, library());
      for (const VariantInfo& v : spec.variants()) {
        std::vector<std::string> variants = own->variants;
        auto at = std::find(variants.begin(), variants.end(), v.id);
        if (at == variants.end()) variants.push_back(v.id);
        else variants.erase(at);
        house(variants, own->options);
      }
      for (const OptionInfo& o : spec.options())
        for (const std::string& choice : o.choices)
          if (own->options.at(o.id) != choice) {
            std::map<std::string, std::string> options = own->options;
            options[o.id] = choice;
            house(own->variants, options);
          }
      for (const std::string& v : sc.variants) events.insert("variant:" + v);
      Checker checker(all[k].cases.front().config, CheckLevel::kAll);
      for (const Case& c : all[k].cases) {
        const oracle::Catalog catalog(game_of(*c.config));
        if (start_case(checker, c)) break;
        events.insert("deal");  // a deal or a setup: the deck's cards, dealt
        if (sc.expect && (sc.expect->best_move_tiles || sc.expect->best_move_value)) events.insert("arrange");
        GameState s = c.start;
        for (const Action& a : c.actions) {
          const GameState before = s;
          const Refusal verdict = apply(s, c.config->rules, a);
          if (verdict != Refusal::kNone) {
            exercised.insert(c.config->rules.rule_id(verdict));
            if (checker.against_catalog(before, a, verdict, s)) break;
            continue;
          }
          const oracle::Position model_before = *checker.model();
          if (checker.against_catalog(before, a, verdict, s)) break;
          for (const std::string& e : catalog.events(model_before, move_of(a), *checker.model())) events.insert(e);
          for (const std::string& id : catalog.judging(model_before, move_of(a))) exercised.insert(id);
          for (const oracle::Catalog& h : houses)
            for (const std::string& id : h.forbidding(model_before, move_of(a))) exercised.insert(id);
        }
        for (const Clause& clause : c.config->rules.catalog)
          for (const std::string& e : clause.events)
            if (events.count(e)) exercised.insert(clause.id);
      }
      for (const std::string& id : sc.cites) {
        ++cited;
        EXPECT_TRUE(exercised.count(id)) << sc.file << ": " << sc.name << " cites " << id
                                         << ", which refuses none of its steps, judges none and lists none of their events";
      }
    }
  }
  EXPECT_GT(cited, 500);
}


// Every house a spec can make: the ruleset alone, each variant, all variants, each choice.
std::vector<std::pair<std::string, RuleSet>> houses(const RulesetSpec& spec) {
  std::vector<std::pair<std::string, RuleSet>> out{{spec.id(), spec.resolve({}, {})}};
  std::vector<std::string> all;
  for (const VariantInfo& v : spec.variants()) {
    out.emplace_back(spec.id() + " +" + v.id, spec.resolve({v.id}, {}));
    all.push_back(v.id);
  }
  if (all.size() > 1) out.emplace_back(spec.id() + " with every variant", spec.resolve(all, {}));
  for (const OptionInfo& o : spec.options())
    for (const std::string& c : o.choices) out.emplace_back(spec.id() + " " + o.id + "=" + c, spec.resolve({}, {{o.id, c}}));
  return out;
}

// The way scenarios/ fails on an uncited clause: a clause the engine can refuse with and
// the executable catalog (oracles/catalog.h) cannot is a gap in the differential check.
TEST(Catalog, EveryClauseTheEngineCanRaiseHasAPredicate) {
  for (const auto& spec : library().all()) {
    const std::vector<std::string> known = oracle::clauses_with_predicates(spec->id());
    for (const auto& [house, r] : houses(*spec)) {
      const RefusalMask reach = r.reachable_checks();
      for (int c = 1; c < kNumRefusals; ++c) {
        if (!reach.has(Refusal(c))) continue;
        const std::string id = r.rule_id(Refusal(c));
        EXPECT_NE(std::find(known.begin(), known.end(), id), known.end())
            << house << ": the engine can refuse with " << id << " (check " << refusal_name(Refusal(c)) << "), the catalog has no predicate for it";
      }
    }
  }
}

// And the other way: a predicate keyed by a clause its catalog does not have is misfiled.
TEST(Catalog, EveryPredicateIsAClauseOfItsRuleset) {
  for (const auto& spec : library().all()) {
    const RuleSet r = spec->resolve({}, {});
    for (const std::string& id : oracle::clauses_with_predicates(spec->id())) {
      if (id.rfind("core/", 0) == 0) continue;
      EXPECT_TRUE(std::any_of(r.catalog.begin(), r.catalog.end(), [&](const Clause& c) { return c.id == id; }))
          << id << " has a predicate but no clause in spec/" << spec->id() << ".yaml";
    }
  }
}

}  // namespace
}  // namespace meldcheck::hunt
