// Replay results for people (one line a scenario) and for machines (JSON, JUnit XML).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "harness/replay.h"

namespace meldcheck {

enum class ReportFormat { kText, kJson, kJunit };

// Writes the results, ending (in text) with the line `N passed, M failed`; `colour` paints
// PASS green and FAIL and ERROR red (text only).
void write_report(std::ostream& out, const std::vector<ScenarioResult>& results, ReportFormat format,
                  bool colour = false);

// The one-line account of a result.
std::string result_line(const ScenarioResult& r);

// JUnit XML, well-formed whatever its texts hold (they may quote another engine's bytes):
// markup escaped, bytes that are not UTF-8 and characters XML cannot hold written as U+FFFD.
struct JunitCase {
  enum class Outcome { kPass, kFailure, kError, kSkipped };
  std::string classname, name;
  Outcome outcome = Outcome::kPass;
  std::string message;
};
struct JunitSuite {
  std::string name;
  std::vector<JunitCase> cases;
};
// `<testsuites>` named `name`, holding the suites.
void write_junit(std::ostream& out, const std::string& name, const std::vector<JunitSuite>& suites);
// One suite.
void write_junit(std::ostream& out, const std::string& suite, const std::vector<JunitCase>& cases);
std::string xml_text(const std::string& s);

}  // namespace meldcheck
