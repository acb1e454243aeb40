// Scenario files as the games hunting/ checks: each scenario's configuration, its start (a
// deal or a setup) and its steps as engine actions, so that the checks of hunting/checks.h
// replay it and the shrinker of hunting/shrink.h rechecks it (scenario_mutate_fuzz,
// `meldcheck reproduce`).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hunting/shrink.h"
#include "files/scenario.h"

namespace meldcheck::hunt {

// The configuration a scenario plays: its ruleset, its variants, every option with its
// choice (the scenario's, else the default), and the rules they make.
std::shared_ptr<const Config> scenario_config(const Scenario& sc, const RulesetLibrary& library);

// A scenario's steps as cases, each step with its player (the player to move when the step
// names none, found by replaying the steps on the engine). A `next_hand` with a setup is
// no engine action: accepted, it ends one case and the next starts from the hand it set
// up; refused, it stays in its case as the plain `next_hand`, which the engine refuses
// alike. The first case starts from the scenario's start, dealt by `deal` when given.
// With `doc` (the scenario as written, kept by the pointer) each case keeps its setup as
// written: a pointer into the document, which it keeps too.
std::vector<Case> scenario_cases(const Scenario& sc, const std::shared_ptr<const Config>& config,
                                 std::optional<DealInfo> deal = std::nullopt, std::shared_ptr<const YamlNode> doc = nullptr);

// Starts `checker` on a case of a scenario whose cases it checks in order: from the case's
// deal, or the setup as written (a next hand carried over from the hand the checker played).
std::optional<Finding> start_case(Checker& checker, const Case& c);

// One scenario of a file as its cases.
struct ScenarioCases {
  std::string name;
  std::vector<Case> cases;
};

// Every scenario of a text (parse_scenarios, which throws InputError) as its cases; one
// that says `deal:` starts from that deal, so that the deal check applies.
std::vector<ScenarioCases> parse_cases(std::string_view text, const std::string& file, const RulesetLibrary& library);
// The same from the file's documents, read already and shared (scenario_mutate_fuzz's
// structured input, kept by its mutator).
std::vector<ScenarioCases> parse_cases(std::shared_ptr<const std::vector<YamlNode>> docs, const std::string& file,
                                       const RulesetLibrary& library);

}  // namespace meldcheck::hunt
