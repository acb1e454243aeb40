// `meldcheck completion bash`: a bash completion script made by walking the command's
// CLI11 definition, so that it follows every subcommand and option as they are added.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace meldcheck {

// The script for `command`: subcommands at any depth, their options, the choices of options
// and arguments checked with CLI::IsMember, directories for a CLI::ExistingDirectory, else
// file names for a value.
std::string bash_completion(const CLI::App& app, const std::string& command);

}  // namespace meldcheck
