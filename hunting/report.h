// The report of a `meldcheck simulate` run: for people (text) and for machines (JSON, as
// spec/simulate-report.schema.json describes it), and the merge of the JSON reports of a
// run's shards into the report of the whole run.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "hunting/stats.h"
#include "files/ruleset_loader.h"

namespace meldcheck::hunt {

// A distinct finding of the run (hunting/findings.h): its first game, shrunk and written as a
// scenario, and how many games met it.
struct FindingEntry {
  std::string check, message, scenario;
  uint64_t game = 0;    // the first game that met it
  std::string bucket;   // what makes it this finding and no other
  uint64_t games = 1;   // the games that met it
};

struct Report {
  // The run, as asked for: shards of one run agree on all of it but the shard.
  uint64_t seed = 1;
  std::string policy = "random", checks = "all";
  double arbitrary = 0;
  std::string start = "deal";  // deal, positions (hunting/boundary.h) or mixed
  std::vector<std::string> rulesets;  // as chosen (every ruleset when all)
  std::optional<std::vector<std::string>> variants;
  std::map<std::string, std::string> options;
  int players = 0;  // 0: every count
  std::string budget = "hands";  // hands, matches or seconds
  double amount = 0;             // how many hands or matches, or seconds
  int shard = 1, shards = 1;

  Stats stats;
  std::vector<FindingEntry> findings;
  std::map<std::string, int64_t> cited;  // clause id -> scenarios in scenarios/ citing it

  // Timing: what runs on two machines never agree on.
  double seconds = 0, cpu_seconds = 0;
  int jobs = 1;
  bool interrupted = false;

  double actions_per_second() const { return seconds > 0 ? double(stats.actions) / seconds : 0; }
  double hands_per_second() const { return seconds > 0 ? double(stats.hands) / seconds : 0; }
};

std::string to_json(const Report& report, const RulesetLibrary& library);
// Reads a report written by to_json; throws std::invalid_argument saying what is wrong.
Report report_from_json(const std::string& text, const std::string& file);

// The report of the whole run from the reports of all its shards; throws
// std::invalid_argument when they are not the shards of one run, or one is missing.
Report merge(const std::vector<Report>& shards);

void write_text(std::ostream& out, const Report& report, const RulesetLibrary& library);

// How many scenarios below `dir` cite each clause (unreadable files are skipped).
std::map<std::string, int64_t> scenario_citations(const std::string& dir, const RulesetLibrary& library);

}  // namespace meldcheck::hunt
