// `meldcheck simulate`: its flags, and the run they ask for (the work is hunting/'s).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "files/ruleset_loader.h"

namespace meldcheck {

struct SimulateFlags {
  std::string ruleset = "all";
  std::vector<std::string> variants;
  std::vector<std::string> options;  // K=V
  int players = 0;
  std::optional<int64_t> hands, matches;
  std::optional<double> seconds;
  uint64_t seed = 1;
  int jobs = 0;
  std::string policy = "random";
  std::string start = "mixed";  // deal, positions, or mixed (one game in four from a boundary position)
  std::optional<double> arbitrary;  // default 0; with --engine 0.1
  std::string checks = "all";
  std::string format = "text";
  std::string out = "findings";
  std::string shard;
  std::vector<std::string> merge;
  std::string scenarios;
  bool quiet = false;
  int max_findings = 20;      // distinct findings before the run stops
  bool stop_on_first = false;  // --max-findings 1
  // Lockstep against another engine (protocol/engine_lockstep.h).
  std::string engine;
  int timeout_ms = 5000;
  std::string rule_ids = "loose";
  std::string rule_map;
  std::string legal = "all";
  bool own_rules = false;  // meldcheck's own clauses (bounds, notation) count against the engine
};

CLI::App* add_simulate_command(CLI::App& app, SimulateFlags& flags);

// Runs the command: exit status 0 without findings, 1 with any, 2 for bad input, 130
// when interrupted (the report so far is printed).
int simulate_command(const SimulateFlags& flags, const RulesetLibrary& library);

}  // namespace meldcheck
