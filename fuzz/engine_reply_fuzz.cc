// Another engine's replies as untrusted bytes: `replay --engine` plays a fixed scenario
// against an engine whose output is the input (EngineProcess::recorded), and its report,
// in every format, must be valid (JSON a strict reader reads, well-formed JUnit XML, an HTML
// page whose body is well-formed markup) and account for the scenario, whatever the engine
// wrote; nothing crashes or hangs.
#include <set>
#include <sstream>
#include <tuple>
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

// The scenario as read, once: every input replays the same one (its text is no input).
struct Fixed {
  Scenario scenario;
  YamlNode doc;
};
const Fixed& fixed() {
  static const Fixed read = [] {
    std::vector<YamlNode> docs = parse_yaml(kScenario, "fuzz.yaml");
    return Fixed{parse_scenarios(kScenario, "fuzz.yaml", RulesetLibrary::embedded()).at(0), std::move(docs.at(0))};
  }();
  return read;
}

// Whether a report of these has not been checked before; the memory of them is bounded
// (dropped whole) so that a long run stays under libFuzzer's limit.
bool first_report_of(const ScenarioResult& result, std::string hello, bool strict) {
  static std::set<std::tuple<ScenarioResult, std::string, bool>> seen;
  if (seen.size() >= 4096) seen.clear();
  return seen.emplace(result, std::move(hello), strict).second;
}

// Whether a whole report has been written and found valid. Most of a report is its
// catalog's rows for clauses the fixed scenario does not reach: the same rows, word for word,
// in every report (no engine byte reaches them). After the first report, each lists only the
// clauses reached (cited, or named by the engine; the summary still counts them all), so each
// input's formats are written and checked for the rows that can differ.
bool whole_report_checked = false;

}  // namespace

Found engine_reply_fuzz(const uint8_t* data, size_t size) {
  Found found;
  EngineReplayOptions options;
  options.recorded = std::string(reinterpret_cast<const char*>(data), size);
  options.timeout = std::chrono::milliseconds(1000);  // never waited for: a recorded engine answers or has closed
  options.strict_rule_ids = size % 2 == 1;
  EngineSession session(options);
  std::vector<ScenarioResult> results(1);
  try {
    results[0] = replay_scenario_on_engine(fixed().scenario, fixed().doc, "fuzz.yaml", RulesetLibrary::embedded(), session);
  } catch (const InputError& e) {  // as replay_text_on_engine reports it: the file unreadable
    results[0].status = ScenarioResult::Status::kError;
    results[0].file = "fuzz.yaml";
    results[0].error = e.what();
  }
  // The report is a function of the result, the engine's hello and the strictness: each
  // distinct one is written and checked once (most replies a mutation makes end the same
  // way, and the report of the whole catalog in four formats is most of an input's cost).
  if (!first_report_of(results[0], session.hello().dump(), options.strict_rule_ids)) return found;
  const nlohmann::json report = conformance_report(results, RulesetLibrary::embedded(),
                                                   {.engine = "recorded",
                                                    .hello = session.hello(),
                                                    .strict_rule_ids = options.strict_rule_ids,
                                                    .reached_clauses_only = whole_report_checked});
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
  whole_report_checked = true;
  return found;
}

}  // namespace meldcheck::fuzz
