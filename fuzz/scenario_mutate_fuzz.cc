// The scenarios of scenarios/, mutated in meaning by mutate_scenario (fuzz/scenario_mutator.h)
// as trees (fuzz/tree_input.h: no YAML text is parsed but the corpus's own files):
// each parsed scenario replayed with every check of `meldcheck simulate` (hunting/checks.h),
// the executable catalog among them, so that the target is differential. The oracle: a
// replay completes or refuses with a clause id, never a crash, a hang, an unmapped
// refusal, a broken invariant or a disagreement with an oracle. Expectations written in
// the scenarios are not judged: after a mutation they are wrong by design.
#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

#include "fuzz/targets.h"
#include "fuzz/tree_input.h"
#include "hunting/checks.h"
#include "hunting/oracle_views.h"
#include "hunting/scenario_case.h"

namespace meldcheck::fuzz {

namespace {

// Steps an input may replay in all; more would only slow the fuzzer.
constexpr int kMostSteps = 256;

// The solver check is left to rummikub_diff_fuzz: its exhaustive oracle costs more than
// the rest of a replay.
const hunt::CheckSet kChecks = hunt::CheckSet::all().without(hunt::CheckId::kSolver);

// Replays one case as `meldcheck simulate` plays a game: the probes and an action near
// each step tried first, then the step, each checked. The first finding, with the case as
// played so far.
std::optional<hunt::Failure> check_case(hunt::Checker& checker, const hunt::Case& c, int& budget) {
  const RuleSet& r = c.config->rules;
  hunt::Trace& trace = reused_trace(c.start, size_t(std::max(budget, 0)) + 1);  // the steps, and a probe's
  auto failed = [&](hunt::Finding f, const GameState& at) {
    // A Failure's deal is by the last player; a deal by another is written as the setup it made.
    const bool from_setup = !c.deal || c.deal->dealer != c.start.num_players - 1;
    const hunt::GameSpec game{0, c.config, c.start.num_players, c.deal ? c.deal->seed : 0, 0};
    return std::optional<hunt::Failure>(hunt::Failure{game, trace, std::move(f), at, from_setup});
  };
  auto taken = [&](const Action& a, Refusal verdict, bool listed) {
    trace.actions.push_back(a);
    trace.verdicts.push_back(verdict);
    trace.listed.push_back(listed);
  };
  GameState s = c.start;
  if (auto f = hunt::start_case(checker, c)) return failed(*f, s);
  for (const Action& a : c.actions) {
    if (budget-- <= 0) break;
    if (a.kind != ActionKind::kNextHand) {
      auto probe = checker.probe(s);
      if (!probe) probe = checker.near(s, a);
      if (probe) {
        // Taken as a step, as simulate takes it: the step's checks in their order decide
        // which finding the shrinker reproduces.
        GameState after = s;
        const Refusal verdict = apply(after, r, probe->action);
        const std::optional<hunt::Finding> first = checker.after_step(s, probe->action, false, verdict, after);
        taken(probe->action, verdict, false);
        if (!first) return failed(probe->finding, s);
        return failed(*first, first->position ? *first->position : first->about_state ? after : s);
      }
    }
    const GameState before = s;
    const Refusal verdict = apply(s, r, a);
    const bool listed = hunt::listed_if_refused(before, r, a, verdict);
    taken(a, verdict, listed);
    if (auto f = checker.after_step(before, a, listed, verdict, s))
      return failed(*f, f->position ? *f->position : f->about_state ? s : before);
  }
  return std::nullopt;
}

// The oracle's reading of a house (its clauses, its meld text), once a house: a scenario's
// rules are its ruleset's with its variants and options, and the mutated scenarios name few.
std::shared_ptr<const oracle::Catalog> oracle_of(const hunt::Config& config) {
  using House = std::tuple<std::string, std::vector<std::string>, std::map<std::string, std::string>>;
  static std::map<House, std::shared_ptr<const oracle::Catalog>> read;
  House house{config.ruleset, config.variants, config.options};
  auto it = read.find(house);
  if (it == read.end()) {
    if (read.size() >= 4096) read.clear();  // bounded: a long run stays under libFuzzer's limit
    it = read.emplace(std::move(house), std::make_shared<const oracle::Catalog>(hunt::game_of(config))).first;
  }
  return it->second;
}

}  // namespace

Found scenario_mutate_fuzz(const uint8_t* data, size_t size) {
  Found found;
  std::vector<hunt::ScenarioCases> scenarios;
  try {
    // The documents as the mutator left them, shared with it (fuzz/tree_input.h), or a text of the corpus.
    std::shared_ptr<const std::vector<YamlNode>> docs =
        shared_input_docs(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
    if (!docs) return found;  // a broken encoding: no input of the mutator's
    scenarios = hunt::parse_cases(std::move(docs), "fuzz.yaml", RulesetLibrary::embedded());
  } catch (const InputError& e) {
    if (e.mark().line < 1 || e.mark().column < 1) found.problem = std::string("an error without a place: ") + e.what();
    return found;
  }
  int budget = kMostSteps;
  for (const hunt::ScenarioCases& sc : scenarios) {
    // One checker a scenario: a next hand set up by hand follows the hand before it.
    const std::shared_ptr<const hunt::Config>& config = sc.cases.front().config;
    hunt::Checker checker(config, hunt::CheckLevel::kAll, kChecks, oracle_of(*config));
    for (const hunt::Case& c : sc.cases)
      if (auto failure = check_case(checker, c, budget)) {
        found.failure = std::move(failure);
        return found;
      }
  }
  return found;
}

}  // namespace meldcheck::fuzz
