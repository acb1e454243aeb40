// `meldcheck reproduce TARGET INPUT`: a fuzz target's input (a crash file, a corpus entry)
// turned into a scenario that fails on the engine, shrunk as `meldcheck simulate` shrinks
// its findings.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace meldcheck {

struct ReproduceFlags {
  std::string target;
  std::string input;
  std::string out = "findings";
};

CLI::App* add_reproduce_command(CLI::App& app, ReproduceFlags& flags);

// Exit status 0 when the input finds nothing, 1 with a finding (its scenario written and
// printed where it is about a game), 2 for a bad command line or an unreadable input.
int reproduce_command(const ReproduceFlags& flags);

}  // namespace meldcheck
