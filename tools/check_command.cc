#include "tools/check_command.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "files/json_text.h"
#include "disputes/check_report.h"
#include "disputes/check_html.h"
#include "harness/replay.h"

namespace meldcheck {

CLI::App* add_check_command(CLI::App& app, CheckFlags& flags) {
  CLI::App* c = app.add_subcommand(
      "check", "for each step of scenarios: legal or refused, by which rule, what it changed; expectations ignored");
  c->add_option("paths", flags.paths, "scenario files or folders")->required();
  c->add_option("--format", flags.format, "text, json or html (one self-contained page)")
      ->check(CLI::IsMember({"text", "json", "html"}));
  c->add_option("--across", flags.across,
                "the same steps in other houses: all, or houses ruleset[+variant...][,option=choice...] (repeat the flag "
                "or separate them with spaces)");
  c->add_option("--lang", flags.lang, "en or sv: verdicts, clauses and card names in Swedish")
      ->check(CLI::IsMember({"en", "sv"}));
  c->add_option("--filter", flags.filter, "scenario names or files, GoogleTest style: PATTERNS[-NEGATIVE]");
  c->add_option("--jobs", flags.jobs, "scenarios checked at once (0: one a core); the report is the same");
  return c;
}

namespace {

// --across: "all", or houses, given as several flags or spaced in one.
std::vector<House> across_houses(const std::vector<std::string>& flags, const RulesetLibrary& library) {
  std::vector<House> houses;
  for (const std::string& flag : flags) {
    std::istringstream words(flag);
    for (std::string h; words >> h;) {
      if (h == "all") {
        for (House& x : all_houses(library)) houses.push_back(std::move(x));
      } else {
        houses.push_back(parse_house(h, library));
      }
    }
  }
  return houses;
}

}  // namespace

int check_command(const CheckFlags& flags, const RulesetLibrary& library) {
  CheckSettings settings;
  settings.swedish = flags.lang == "sv";
  settings.across = !flags.across.empty();
  try {
    settings.houses = across_houses(flags.across, library);
  } catch (const std::invalid_argument& e) {
    std::cerr << "meldcheck check: --across: " << e.what() << "\n";
    return 2;
  }
  const NameFilter filter(flags.filter);
  std::vector<std::string> files;
  for (const std::string& path : flags.paths)
    for (std::string& file : scenario_files(path))
      if (!filter.excludes(file)) files.push_back(std::move(file));
  // Each file read once; then every scenario of every file is a piece of work of its own,
  // so that one long file is spread over the jobs too. The report keeps the files' order.
  const std::vector<FileToCheck> read =
      parallel_map(files.size(), flags.jobs, [&](size_t i) { return read_file_to_check(files[i], library, filter); });
  std::vector<std::pair<size_t, size_t>> work;  // (file, scenario), or (file, npos) for an unreadable file
  for (size_t f = 0; f < read.size(); ++f) {
    if (!read[f].file) work.push_back({f, std::string::npos});
    for (size_t i : read[f].selected) work.push_back({f, i});
  }
  std::vector<nlohmann::json> scenarios = parallel_map(work.size(), flags.jobs, [&](size_t w) {
    const auto [f, i] = work[w];
    return i == std::string::npos ? read[f].error : check_scenario_of(*read[f].file, i, library, settings);
  });
  const bool unreadable = std::any_of(read.begin(), read.end(), [](const FileToCheck& f) { return !f.file; });
  if (scenarios.empty() && !flags.filter.empty()) std::cerr << "meldcheck check: no scenario matches --filter '" << flags.filter << "'\n";
  const nlohmann::json report = check_report(std::move(scenarios), settings);
  if (flags.format == "json") std::cout << json_text(report, 2) << "\n";
  else if (flags.format == "html") write_check_html(std::cout, report);
  else write_check_text(std::cout, report, colour_wanted(STDOUT_FILENO));
  return unreadable ? 2 : 0;
}

}  // namespace meldcheck
