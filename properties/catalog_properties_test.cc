// 13. The engine against the executable catalog (oracles/catalog.h), clause by clause. A
// case of clause X is a random game of X's ruleset (any variants and options) in which
// every step is judged by both, the verdict and first refusing clause and, for an accepted
// step, what it decides; then, at the position the game reached, an action X judges: among
// the listed actions and those near them, one X forbids, or one that passes through X.
// A disagreement is shrunk by hunting/shrink.h (the simulate shrinker) and written as a
// scenario expecting the catalog's answer.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "engine/random_play.h"
#include "harness/coverage.h"
#include "hunting/nearby.h"
#include "hunting/shrink.h"
#include "oracles/catalog.h"
#include "properties/support.h"

namespace meldcheck::props {
namespace {

// A clause id as a name for tests and folders: "rummy500_meld_size".
std::string test_name(std::string clause) {
  for (char& c : clause)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return clause;
}

std::shared_ptr<const hunt::Config> hunt_config(const Config& c) {
  return std::make_shared<const hunt::Config>(hunt::Config{c.ruleset, c.variants, c.options, c.rules});
}

// Writes the disagreement as a shrunk scenario; returns its path.
std::string written(const std::string& name, const Game& g, const std::shared_ptr<const hunt::Config>& config,
                    const Trace& t, const hunt::Finding& finding, const GameState& at) {
  hunt::Failure failure;
  failure.game = hunt::GameSpec{0, config, g.players, g.deal_seed, 0};
  failure.trace.start = t.start;
  for (const Step& s : t.steps) {
    failure.trace.actions.push_back(s.action);
    failure.trace.verdicts.push_back(s.verdict);
    failure.trace.listed.push_back(s.legal);
  }
  failure.finding = finding;
  failure.at = at;
  const char* env = std::getenv("MELDCHECK_FAILURE_DIR");
  const std::string dir = std::string(env ? env : "property-failures") + "/catalog/" + name;
  return hunt::write_finding(failure, {"properties/ CatalogAgreement, " + describe(g), t.steps.size()}, dir).path;
}

// Whether the step concerns the clause: the catalog names it among those forbidding the
// action, or the coverage map counts the step as passing through it or refused by it.
bool concerns(hunt::Checker& checker, const hunt::Coverage& coverage, size_t clause_index, const std::string& clause,
              const GameState& s, const Action& a, const RuleSet& r) {
  const std::vector<std::string> forbid = checker.catalog_forbids(a);
  if (std::find(forbid.begin(), forbid.end(), clause) != forbid.end()) return true;
  GameState after = s;
  const Refusal verdict = apply(after, r, a);
  std::vector<hunt::ClauseTally> tally(r.catalog.size());
  coverage.step(s, a, verdict, after, tally);
  return tally[clause_index].passed + tally[clause_index].refused > 0;
}

class CatalogAgreement : public ::testing::TestWithParam<std::string> {};

TEST_P(CatalogAgreement, EngineAndCatalogAgree) {
  const std::string clause = GetParam();
  const std::string ruleset = clause.substr(0, clause.find('/'));
  // A Rummikub step enumerates arrangements, far slower than a card game's: shorter games.
  const int length = ruleset == "rummikub" ? 30 : 250;
  const uint64_t salt = std::hash<std::string>{}(clause);  // each clause its own games
  int exercised = 0;  // cases that ended with an action the clause judges
  const bool held = rc::check(clause, [&] {
    Game g = *games({ruleset}, length);
    g.deal_seed ^= salt;
    const RuleSet& r = g.config.rules;
    const auto config = hunt_config(g.config);
    hunt::Checker checker(config, hunt::CheckLevel::kAll);
    std::optional<hunt::Finding> found = checker.hand_starts(start_of(g), nullptr);
    if (found) RC_FAIL(describe(g) + ": " + found->message);
    GameState failed_at, end;
    Trace t = play(g, [&](const GameState& before, const Step& step, const GameState& after) {
      found = checker.against_catalog(before, step.action, step.verdict, after);
      failed_at = before;
      end = after;
      return !found;
    });
    if (found) RC_FAIL(describe(g) + ": " + found->message + "; scenario " + written(test_name(clause), g, config, t, *found, failed_at));
    if (t.steps.empty()) end = t.start;

    // An action at the end that the clause judges, if the position has one.
    const size_t index = size_t(std::find_if(r.catalog.begin(), r.catalog.end(),
                                             [&](const Clause& c) { return c.id == clause; }) - r.catalog.begin());
    RC_ASSERT(index < r.catalog.size());
    const hunt::Coverage coverage(*config);
    std::vector<Action> listed;
    legal_actions(end, r, listed);
    std::optional<Action> judged;
    RandomPlayer arbitrary(g.deal_seed);
    for (int k = 0; k < 8 && !judged; ++k) {
      const Action a = arbitrary.arbitrary(end, r);
      if (concerns(checker, coverage, index, clause, end, a, r)) judged = a;
    }
    for (size_t i = 0; i < listed.size() && !judged; ++i) {
      if (concerns(checker, coverage, index, clause, end, listed[i], r)) judged = listed[i];
      for (uint64_t k = 0; k < 4 && !judged; ++k) {
        const Action a = hunt::nearby(end, listed[i], g.deal_seed ^ (i << 8) ^ k);
        if (concerns(checker, coverage, index, clause, end, a, r)) judged = a;
      }
    }
    RC_CLASSIFY(judged.has_value(), "an action the clause judges");
    if (!judged) return;
    ++exercised;
    GameState after = end;
    const Refusal verdict = apply(after, r, *judged);
    if (auto f = checker.against_catalog(end, *judged, verdict, after)) {
      t.steps.push_back(Step{*judged, verdict, false});
      RC_FAIL(describe(g) + ": " + f->message + "; scenario " + written(test_name(clause), g, config, t, *f, end));
    }
  });
  EXPECT_TRUE(held);
  // A clause no case put to the test passed nothing.
  EXPECT_GT(exercised, 0) << clause << ": no case ended with an action the clause judges";
}

// Every clause with a predicate, in every ruleset: "rummy500/meld.size", ...
std::vector<std::string> clauses() {
  std::vector<std::string> out;
  for (const auto& spec : RulesetLibrary::embedded().all())
    for (const std::string& id : oracle::clauses_with_predicates(spec->id()))
      if (id.rfind("core/", 0) != 0) out.push_back(id);
  return out;
}

std::string param_name(const ::testing::TestParamInfo<std::string>& info) { return test_name(info.param); }

INSTANTIATE_TEST_SUITE_P(Clauses, CatalogAgreement, ::testing::ValuesIn(clauses()), param_name);

}  // namespace
}  // namespace meldcheck::props
