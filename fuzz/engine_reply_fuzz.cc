// Another engine's replies as untrusted bytes: `replay --engine` plays a fixed scenario
// against an engine whose output is the input (EngineProcess::recorded), and its report,
// in every format, must be valid (JSON a strict reader reads, well-formed JUnit XML) and
// account for the scenario, whatever the engine wrote; nothing crashes or hangs.
#include <sstream>
#include <string>

#include "fuzz/report_validity.h"
#include "fuzz/targets.h"
#include "hunt/engine_replay.h"

namespace meldcheck::fuzz {
namespace {

// Short, with a refusal, a draw, a discard and final expectations: the requests new, apply,
// state and score are all asked.
constexpr const char* kScenario = R"(name: a turn starts with a draw
ruleset: rummy500
setup:
  players:
    A: { hand: [2C, 5D, 9S] }
    B: { hand: [KD, QD, 3H] }
  discard: [4H]
  stock: [8C, 7C]
steps:
  - discard: 2C
    expect: reject
  - draw: stock
  - discard: 2C
expect:
  to_move: B
  hand: { A: [5D, 9S, 8C] }
)";

}  // namespace

Found engine_reply_fuzz(const uint8_t* data, size_t size) {
  Found found;
  EngineReplayOptions options;
  options.recorded = std::string(reinterpret_cast<const char*>(data), size);
  options.timeout = std::chrono::milliseconds(1000);  // never waited for: a recorded engine answers or has closed
  options.strict_rule_ids = size % 2 == 1;
  EngineSession session(options);
  const std::vector<EngineResult> results =
      replay_text_on_engine(kScenario, "fuzz.yaml", RulesetLibrary::embedded(), session, NameFilter());
  if (results.size() != 1) {
    found.problem = std::to_string(results.size()) + " results for one scenario";
    return found;
  }
  for (ReportFormat format : {ReportFormat::kText, ReportFormat::kJson, ReportFormat::kJunit}) {
    std::ostringstream out;
    write_engine_report(out, results, format);
    const std::string problem = format == ReportFormat::kJson    ? json_problem(out.str())
                                : format == ReportFormat::kJunit ? xml_problem(out.str())
                                                                 : (out.str().empty() ? "an empty report" : "");
    if (!problem.empty()) {
      found.problem = std::string(format == ReportFormat::kJson ? "json" : format == ReportFormat::kJunit ? "junit" : "text") +
                      " report: " + problem;
      return found;
    }
  }
  return found;
}

}  // namespace meldcheck::fuzz
