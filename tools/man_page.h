// `meldcheck man`: the man page (roff), made by walking the command's CLI11 definition as
// the bash completion is, so that it lists every subcommand and option as they are added.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace meldcheck {

std::string man_page(const CLI::App& app, const std::string& command, const std::string& version);

}  // namespace meldcheck
