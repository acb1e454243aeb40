// `meldcheck check`: its flags, and the report they ask for (the work is disputes/check_report.h's).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "files/ruleset_loader.h"

namespace meldcheck {

struct CheckFlags {
  std::vector<std::string> paths;
  std::string format = "text";
  std::vector<std::string> across;  // "all", or houses
  std::string lang = "en";
  std::string filter;
  int jobs = 1;
};

CLI::App* add_check_command(CLI::App& app, CheckFlags& flags);

// Prints the report: exit status 0, or 2 when a file cannot be read or a house is unknown.
// A refused step is an answer, not a failure.
int check_command(const CheckFlags& flags, const RulesetLibrary& library);

}  // namespace meldcheck
