// The conformance report of `meldcheck replay --engine`: the suite's results grouped by
// ruleset and, within a ruleset, by the catalog clauses the scenarios cite, so that an
// engine team reads which rules its engine gets wrong (a per-feature table, as test262's).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "files/ruleset_loader.h"
#include "protocol/engine_replay.h"

namespace meldcheck {

struct ConformanceRun {
  std::string engine;             // the command; "meldcheck" for its own engine
  nlohmann::json hello;           // the engine's answer to hello (its name and version), or null
  bool strict_rule_ids = false;
  bool hold_own_rules = false;    // meldcheck's own clauses (bounds, notation) count against the engine
  bool reached_clauses_only = false;  // list a ruleset's clauses a scenario reached, the rest only counted
};

// The report (what --format json writes and the HTML page draws;
// spec/conformance-report.schema.json): totals, one summary line a ruleset, and for each
// ruleset every clause of its catalog in catalog order (or those a scenario reached), each
// with its status (passes, fails, not checked, not implemented by the engine, untested,
// meldcheck's own) and the scenarios citing it, a failed one with its first failing step,
// meldcheck's answer there and the engine's; the scenarios that cite no clause apart.
nlohmann::json conformance_report(const std::vector<ScenarioResult>& results, const RulesetLibrary& library,
                                  const ConformanceRun& run);

// `N passed, M failed, K not applicable, J not checked`: the report's last line.
std::string totals_line(const nlohmann::json& report);

// A ruleset's line: `rummikub: 83/90 scenarios pass, 5 not applicable; 2 of 31 clauses checked failing: ...`.
std::vector<std::string> conformance_summary(const nlohmann::json& report);

enum class ConformanceFormat { kText, kJson, kJunit, kHtml };

// In a format: text (a line a scenario, the summary lines, the totals line),
// JSON (the report), JUnit XML (a test suite a ruleset) or a self-contained HTML page.
void write_conformance(std::ostream& out, const nlohmann::json& report, ConformanceFormat format);

// The HTML page alone (conformance_html.cc); tolerates missing or mistyped fields.
void write_conformance_html(std::ostream& out, const nlohmann::json& report);

}  // namespace meldcheck
