// `meldcheck explore`: every position a few steps from a scenario's start or from boundary
// positions, each step judged by every check (the search is hunting/explore.h's).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "files/ruleset_loader.h"

namespace meldcheck {

struct ExploreFlags {
  std::vector<std::string> files;  // scenario files: each scenario's start
  uint64_t positions = 0;          // or this many boundary positions (hunting/boundary.h)
  std::string ruleset = "all";
  int players = 0;
  uint64_t seed = 1;
  int depth = 3;
  uint64_t nodes = 200000;
  std::optional<double> seconds;
  int jobs = 0;
  int near = 2;
  std::string out = "findings";
};

CLI::App* add_explore_command(CLI::App& app, ExploreFlags& flags);

// Exit status 0 without findings, 1 with one, 2 for bad input.
int explore_command(const ExploreFlags& flags, const RulesetLibrary& library);

}  // namespace meldcheck
