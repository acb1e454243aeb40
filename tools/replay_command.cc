#include "tools/replay_command.h"

#include <unistd.h>

#include <fstream>
#include <iostream>

#include "conformance/conformance_report.h"
#include "protocol/engine_replay.h"
#include "harness/replay.h"
#include "harness/replay_report.h"
#include "harness/run_options.h"

namespace meldcheck {

namespace {

// A --report file's format, by its extension; nullopt for one it does not know.
std::optional<ConformanceFormat> format_of_file(const std::string& file) {
  auto ends = [&](std::string_view tail) { return file.size() >= tail.size() && file.compare(file.size() - tail.size(), tail.size(), tail) == 0; };
  if (ends(".html") || ends(".htm")) return ConformanceFormat::kHtml;
  if (ends(".json")) return ConformanceFormat::kJson;
  if (ends(".xml")) return ConformanceFormat::kJunit;
  if (ends(".txt")) return ConformanceFormat::kText;
  return std::nullopt;
}

ConformanceFormat conformance_format(const std::string& name) {
  return name == "json"    ? ConformanceFormat::kJson
         : name == "junit" ? ConformanceFormat::kJunit
         : name == "html"  ? ConformanceFormat::kHtml
                           : ConformanceFormat::kText;
}

// The conformance report on standard output and in each --report file; false (and why on
// standard error) when a file cannot be written.
bool write_reports(const nlohmann::json& report, const ReplayFlags& flags) {
  write_conformance(std::cout, report, conformance_format(flags.format));
  bool written = true;
  for (const std::string& file : flags.reports) {
    std::ofstream out(file, std::ios::binary);
    write_conformance(out, report, *format_of_file(file));
    if (!out.flush()) {
      std::cerr << "meldcheck replay: cannot write " << file << "\n";
      written = false;
    }
  }
  return written;
}

// Files replayed on `jobs` threads, the report in the order of one job.
int replay_on_meldcheck(const ReplayFlags& flags, const RulesetLibrary& lib) {
  // A file the filter excludes by its path is not read; the others are, to see the names
  // of their scenarios, and a file that cannot be read is reported whatever the filter.
  const NameFilter filter(flags.filter);
  std::vector<std::string> files;
  for (const std::string& path : flags.paths)
    for (std::string& file : scenario_files(path))
      if (!filter.excludes(file)) files.push_back(std::move(file));
  auto per_file = parallel_map(files.size(), flags.jobs, [&](size_t i) {
    return replay_file(files[i], lib, [&](const Scenario& s) {
      return filter.accepts({s.name, files[i]}) && of_rulesets(flags.rulesets, s.ruleset);
    });
  });
  std::vector<ScenarioResult> results;
  bool unreadable = false;
  for (auto& file_results : per_file)
    for (auto& r : file_results) {
      unreadable |= r.status == ScenarioResult::Status::kError;
      results.push_back(std::move(r));
    }
  if (results.empty() && !flags.filter.empty()) std::cerr << "meldcheck replay: no scenario matches --filter '" << flags.filter << "'\n";
  bool written = true;
  if (flags.format == "html" || !flags.reports.empty()) {
    // The conformance report of meldcheck's own engine, which holds its own rules.
    written = write_reports(conformance_report(results, lib,
                                                  {.engine = "meldcheck", .strict_rule_ids = true, .hold_own_rules = true,
                                                   .reached_clauses_only = flags.reached_clauses}), flags);
  } else {
    const ReportFormat f = flags.format == "json" ? ReportFormat::kJson : flags.format == "junit" ? ReportFormat::kJunit : ReportFormat::kText;
    write_report(std::cout, results, f, f == ReportFormat::kText && colour_wanted(STDOUT_FILENO));
  }
  if (unreadable || !written) return 2;
  for (const auto& r : results)
    if (r.status != ScenarioResult::Status::kPass) return 1;
  return 0;
}

// Scenarios against another engine, one process at a time (an engine is one game at a time).
int replay_on_engine(const ReplayFlags& flags, const RulesetLibrary& lib) {
  EngineReplayOptions options{.command = flags.engine,
                              .timeout = std::chrono::milliseconds(flags.timeout_ms),
                              .strict_rule_ids = flags.rule_ids == "strict",
                              .rulesets = flags.rulesets,
                              .hold_own_rules = flags.own_rules};
  try {
    options.rule_map = read_rule_map(flags.rule_map);
  } catch (const std::invalid_argument& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  EngineSession session(options);
  const NameFilter filter(flags.filter);
  std::vector<ScenarioResult> results;
  bool unreadable = false;
  for (const std::string& path : flags.paths)
    for (const std::string& file : scenario_files(path))
      for (auto& r : replay_file_on_engine(file, lib, session, filter)) {
        unreadable |= r.status == ScenarioResult::Status::kError && r.name.empty();
        results.push_back(std::move(r));
      }
  const ConformanceRun run{.engine = flags.engine,
                           .hello = session.hello(),
                           .strict_rule_ids = options.strict_rule_ids,
                           .hold_own_rules = options.hold_own_rules,
                           .reached_clauses_only = flags.reached_clauses};
  const bool written = write_reports(conformance_report(results, lib, run), flags);
  if (session.restarts() > 0) std::cerr << "meldcheck replay: the engine was started again " << session.restarts() << " times\n";
  if (unreadable || !written) return 2;
  for (const auto& r : results)
    if (r.status == ScenarioResult::Status::kFail || r.status == ScenarioResult::Status::kError) return 1;
  return 0;
}

}  // namespace

CLI::App* add_replay_command(CLI::App& app, ReplayFlags& flags) {
  auto* replay = app.add_subcommand("replay", "replay scenario files and folders (every *.yaml below a folder)");
  replay->add_option("paths", flags.paths, "scenario files or folders")->required();
  replay->add_option("--format", flags.format,
                     "text, json or junit; html: the conformance report, by ruleset and clause (with --engine or --report, "
                     "every format is the conformance report's)")
      ->check(CLI::IsMember({"text", "json", "junit", "html"}));
  replay->add_option("--report", flags.reports,
                     "also write the conformance report to FILE, its format by extension (.html, .json, .xml for JUnit, .txt); "
                     "repeatable")
      ->check([](const std::string& file) { return format_of_file(file) ? "" : "a report file ends in .html, .json, .xml or .txt: " + file; })
      ->allow_extra_args(false);
  replay->add_option("--filter", flags.filter,
                     "scenarios whose name or file matches: PATTERN[:PATTERN...][:-NEGATIVE...], * and ? wildcards "
                     "(GoogleTest style; a - opens the negative part at the start or after a :)");
  replay->add_option("--ruleset", flags.rulesets, "only the scenarios of this ruleset; repeatable")->allow_extra_args(false);
  replay->add_option("--jobs", flags.jobs, "files replayed at once (0: one a core); the report is the same")->check(CLI::Range(0, 1024));
  replay->add_option("--engine", flags.engine,
                     "replay against another engine through the engine protocol (spec/engine-protocol.md): a command, "
                     "run with /bin/sh -c");
  replay->add_option("--rule-ids", flags.rule_ids, "with --engine: loose (legal or refused) or strict (the expected rule id too)")
      ->check(CLI::IsMember({"loose", "strict"}));
  replay->add_option("--rule-map", flags.rule_map, "with --engine: a JSON object from the engine's reasons to rule ids");
  replay->add_flag("--own-rules", flags.own_rules,
                   "with --engine: hold the engine to meldcheck's own rules too (its bounds and notation, kind bound or "
                   "notation in spec/); without it a scenario pinning one is not applicable");
  replay->add_flag("--reached-clauses", flags.reached_clauses,
                   "the conformance report lists only the clauses the run's scenarios reached (cited, or named by the "
                   "engine); each ruleset's summary still counts them all");
  replay->add_option("--timeout", flags.timeout_ms, "with --engine: milliseconds an answer may take")->check(CLI::Range(1, 3600000));
  return replay;
}

int replay_command(const ReplayFlags& flags, const RulesetLibrary& library) {
  for (const std::string& id : flags.rulesets)
    if (!library.find(id)) {
      std::cerr << "meldcheck replay: --ruleset " << id << ": no such ruleset (meldcheck rules lists them)\n";
      return 2;
    }
  return flags.engine.empty() ? replay_on_meldcheck(flags, library) : replay_on_engine(flags, library);
}

}  // namespace meldcheck
