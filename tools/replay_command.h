// `meldcheck replay PATHS`: scenario files replayed on meldcheck's engine, or with --engine
// on another engine through the engine protocol, reported by scenario or as the conformance
// report (by ruleset and clause: conformance/conformance_report.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "files/ruleset_loader.h"

namespace meldcheck {

struct ReplayFlags {
  std::vector<std::string> paths;
  std::string format = "text";
  std::string filter;
  std::vector<std::string> rulesets;  // --ruleset: only their scenarios
  int jobs = 1;
  std::string engine, rule_ids = "loose", rule_map;
  bool own_rules = false;  // with --engine: meldcheck's own clauses count against the engine
  bool reached_clauses = false;  // the conformance report lists only the clauses a scenario reached
  int timeout_ms = 5000;
  std::vector<std::string> reports;  // --report FILE: the conformance report besides, its format by extension
};

CLI::App* add_replay_command(CLI::App& app, ReplayFlags& flags);

// Exit status 0 when every scenario passes, 1 when one fails (or an engine fails), 2 for a
// file that does not read or a bad command line.
int replay_command(const ReplayFlags& flags, const RulesetLibrary& library);

}  // namespace meldcheck
