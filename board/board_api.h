// The dispute board's view of meldcheck (board/page/): what its page asks the engine, as
// JSON. The page holds no rule of any game; every verdict it shows is `check`'s own report.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "files/ruleset_loader.h"

namespace meldcheck::board {

// Every ruleset as the board builds positions for it: id, name, notation, players, the
// faces of its deck with their copies, the setup keys and phases its scenarios take, its
// variants and options with their English and Swedish paraphrases.
nlohmann::json rulesets_json(const RulesetLibrary& library);

// What `meldcheck check --format json [--lang sv] [--across all] FILE` writes for a file
// holding `yaml`, written at `path` first. An unreadable scenario is the report's entry
// with `error`, as the command gives it; the board never throws.
nlohmann::json check_json(std::string_view yaml, const std::string& path, bool swedish, bool across,
                          const RulesetLibrary& library);

// A YAML text's first document as plain JSON (scalars as strings, maps in the document's
// order: the order of `players` is the seating), so that the page can read a scenario back
// into its board; or {"error": "file:line:column: message"}.
nlohmann::ordered_json yaml_json(std::string_view yaml, const std::string& file);

}  // namespace meldcheck::board
