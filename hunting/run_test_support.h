// What the tests of runs and their reports share: a run of a few games, reported.
#pragma once

#include <nlohmann/json.hpp>

#include "hunting/report.h"
#include "hunting/run.h"

namespace meldcheck::hunt {

inline const RulesetLibrary& library() { return RulesetLibrary::embedded(); }

inline Report run_report(const ConfigSpace& space, RunSettings settings) {
  std::atomic<bool> interrupt{false};
  RunResult result = run(space, settings, interrupt, nullptr);
  Report r;
  r.seed = settings.seed;
  for (const RulesetSpec* spec : space.rulesets()) r.rulesets.push_back(spec->id());
  r.amount = double(settings.games);
  r.shard = settings.shard;
  r.shards = settings.shards;
  r.stats = std::move(result.stats);
  r.seconds = result.seconds;
  r.jobs = settings.jobs;
  for (const Bucket& b : result.findings)
    r.findings.push_back({to_string(b.first.finding.check), b.first.finding.message, "", b.first.game.index, b.key, b.games.size()});
  return r;
}

// A report without what depends on the machine: the timing and the rates.
inline nlohmann::json without_timing(const std::string& json) {
  nlohmann::json j = nlohmann::json::parse(json);
  j.erase("timing");
  j.erase("actions_per_second");
  j.erase("hands_per_second");
  return j;
}

inline RunSettings small_run(uint64_t seed, uint64_t games) {
  RunSettings s;
  s.seed = seed;
  s.games = games;
  return s;
}

}  // namespace meldcheck::hunt
