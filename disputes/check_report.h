// `meldcheck check`: a scenario's steps replayed for the question players ask ("may I do
// this, and which rule says so?"), its expectations ignored. Each step is judged legal or
// refused with the clause that refuses it (legal: the clauses it passed), a refused step
// is left out and the replay goes on; the report says what each legal step changed, how a
// finished hand scored card by card, which options of the ruleset would answer a step
// otherwise, and with `across` the verdicts of every house that can play the steps. The
// report is one JSON document, drawn as text here, as HTML by check_html and by the board.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/house.h"
#include "files/ruleset_loader.h"
#include "harness/run_options.h"
#include "files/scenario.h"

namespace meldcheck {

struct CheckSettings {
  bool swedish = false;     // --lang sv: verdicts, clauses, changes and card names in Swedish
  bool across = false;      // --across: the verdict table over `houses`
  std::vector<House> houses;
};

// The report's entries for one scenario file: one a scenario the filter selects, or one
// entry with `error` when the file cannot be read.
std::vector<nlohmann::json> check_file(const std::string& path, const RulesetLibrary& library,
                                       const CheckSettings& settings, const NameFilter& filter);

// The same in two parts, so that the scenarios of many files (or of one long file) can be
// checked on many jobs: a file read once, the scenarios the filter selects, or the entry
// that says why it cannot be read; then one scenario's entry.
struct FileToCheck {
  std::optional<ScenarioFile> file;
  std::vector<size_t> selected;  // indexes into file->scenarios()
  nlohmann::json error;          // when the file cannot be read
};
FileToCheck read_file_to_check(const std::string& path, const RulesetLibrary& library, const NameFilter& filter);
nlohmann::json check_scenario_of(const ScenarioFile& file, size_t index, const RulesetLibrary& library,
                                 const CheckSettings& settings);

// The whole report around the entries of every file.
nlohmann::json check_report(std::vector<nlohmann::json> scenarios, const CheckSettings& settings);

// The report for people: one block a scenario, one line a step with what it changed.
void write_check_text(std::ostream& out, const nlohmann::json& report, bool colour);

}  // namespace meldcheck
