// A `meldcheck simulate` run, once played (hunting/run.h), made its report (hunting/report.h):
// what was asked, what was played, each finding shrunk and written; and the report of a
// whole run from its shards' reports.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "files/ruleset_loader.h"
#include "harness/config.h"
#include "hunting/report.h"
#include "hunting/run.h"

namespace meldcheck::hunt {

// What the run was asked for beyond its settings, in the words the report states it in.
struct RunRequest {
  std::string policy = "random", checks = "all", start = "mixed";
  std::optional<std::vector<std::string>> variants;  // none: every mix
  std::map<std::string, std::string> options;
  int players = 0;            // 0: every count
  std::string scenarios_dir;  // the scenarios whose citations the coverage map counts
  std::string out;            // where findings are written
};

// The report of a run played with these settings; each distinct finding is shrunk and its
// scenario written under `request.out` (what could not be written goes to `warnings`).
Report report_run(const ConfigSpace& space, const RunSettings& settings, const RunRequest& request,
                  const RulesetLibrary& library, RunResult result, std::vector<std::string>& warnings);

// The report of a whole run from the JSON report files of its shards; throws
// std::invalid_argument saying what is wrong (a file unread, a report unreadable, shards
// of different runs or one missing).
Report merge_report_files(const std::vector<std::string>& files);

}  // namespace meldcheck::hunt
