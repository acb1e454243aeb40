// Another engine's replies as untrusted bytes: `replay --engine` plays a fixed scenario
// against an engine whose output is the input (EngineProcess::recorded), and its report,
// in every format, must be valid (JSON a strict reader reads, well-formed JUnit XML, an HTML
// page whose body is well-formed markup) and account for the scenario, whatever the engine
// wrote; nothing crashes or hangs.
#include <sstream>
#include <string>

#include "fuzz/report_validity.h"
#include "fuzz/targets.h"
#include "conformance/conformance_report.h"
#include "protocol/engine_replay.h"

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
  const std::vector<ScenarioResult> results =
      replay_text_on_engine(kScenario, "fuzz.yaml", RulesetLibrary::embedded(), session, NameFilter());
  if (results.size() != 1) {
    found.problem = std::to_string(results.size()) + " results for one scenario";
    return found;
  }
  const nlohmann::json report = conformance_report(results, RulesetLibrary::embedded(),
                                                        {.engine = "recorded", .hello = session.hello(), .strict_rule_ids = options.strict_rule_ids});
  for (const auto& [format, name] : {std::pair{ConformanceFormat::kText, "text"}, std::pair{ConformanceFormat::kJson, "json"},
                                     std::pair{ConformanceFormat::kJunit, "junit"}, std::pair{ConformanceFormat::kHtml, "html"}}) {
    std::ostringstream out;
    write_conformance(out, report, format);
    const std::string text = out.str();
    std::string problem;
    switch (format) {
      case ConformanceFormat::kJson: problem = json_problem(text); break;
      case ConformanceFormat::kJunit: problem = xml_problem(text); break;
      case ConformanceFormat::kText: problem = text.empty() ? "an empty report" : ""; break;
      case ConformanceFormat::kHtml: {
        // What the report puts on the page is in the body; the style and script before it are the page's own.
        const size_t body = text.find("<body>"), end = text.rfind("</body>");
        problem = body == std::string::npos || end == std::string::npos || end < body
                      ? "no body"
                      : xml_problem(text.substr(body, end + 7 - body));
        if (problem.empty() && text.find("a turn starts with a draw") == std::string::npos) problem = "the scenario is not on the page";
        break;
      }
    }
    if (!problem.empty()) {
      found.problem = std::string(name) + " report: " + problem;
      return found;
    }
  }
  return found;
}

}  // namespace meldcheck::fuzz
