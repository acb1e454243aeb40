// Replay results for people (one line a scenario) and for machines (JSON, JUnit XML).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "tools/replay.h"

namespace meldcheck {

enum class ReportFormat { kText, kJson, kJunit };

// Writes the results, ending (in text) with the line `N passed, M failed`; `colour` paints
// PASS green and FAIL and ERROR red (text only).
void write_report(std::ostream& out, const std::vector<ScenarioResult>& results, ReportFormat format,
                  bool colour = false);

// The one-line account of a result.
std::string result_line(const ScenarioResult& r);

}  // namespace meldcheck
