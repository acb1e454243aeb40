#include "hunting/simulate.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace meldcheck::hunt {
namespace {

// The report's account of what was asked: shards of one run agree on all of it but the shard.
Report asked(const ConfigSpace& space, const RunSettings& settings, const RunRequest& request, const RulesetLibrary& library) {
  Report report;
  report.seed = settings.seed;
  report.policy = request.policy;
  report.checks = request.checks;
  report.arbitrary = settings.play.arbitrary;
  report.start = request.start;
  for (const RulesetSpec* spec : space.rulesets()) report.rulesets.push_back(spec->id());
  report.variants = request.variants;
  report.options = request.options;
  report.players = request.players;
  report.budget = settings.budget == RunSettings::Budget::kSeconds   ? "seconds"
                  : settings.budget == RunSettings::Budget::kMatches ? "matches"
                                                                     : "hands";
  report.amount = settings.budget == RunSettings::Budget::kSeconds ? settings.seconds : double(settings.games);
  report.shard = settings.shard;
  report.shards = settings.shards;
  report.jobs = settings.jobs;
  report.cited = scenario_citations(request.scenarios_dir, library);
  return report;
}

}  // namespace

Report report_run(const ConfigSpace& space, const RunSettings& settings, const RunRequest& request,
                  const RulesetLibrary& library, RunResult result, std::vector<std::string>& warnings) {
  Report report = asked(space, settings, request, library);
  report.stats = std::move(result.stats);
  report.seconds = result.seconds;
  report.cpu_seconds = result.cpu_seconds;
  report.interrupted = result.interrupted;
  const std::string how = "meldcheck simulate --seed " + std::to_string(settings.seed) +
                          (request.start != "mixed" ? " --start " + request.start : "");
  report.findings = write_findings(result.findings, how, request.out, library, warnings);
  return report;
}

Report merge_report_files(const std::vector<std::string>& files) {
  std::vector<Report> reports;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) throw std::invalid_argument("cannot read " + file);
    std::stringstream text;
    text << in.rdbuf();
    reports.push_back(report_from_json(text.str(), file));
  }
  return merge(reports);
}

}  // namespace meldcheck::hunt
