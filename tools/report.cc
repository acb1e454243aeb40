#include "tools/report.h"

#include <nlohmann/json.hpp>

#include "tools/run_options.h"

namespace meldcheck {
namespace {

const char* status_name(ScenarioResult::Status s) {
  switch (s) {
    case ScenarioResult::Status::kPass: return "pass";
    case ScenarioResult::Status::kFail: return "fail";
    case ScenarioResult::Status::kError: return "error";
  }
  return "?";
}

// What went wrong, without the file and name.
std::string failure_text(const ScenarioResult& r) {
  if (r.status == ScenarioResult::Status::kError) return r.error;
  std::string where = r.step > 0 ? "step " + std::to_string(r.step) + " (" + r.step_text + ")" : "final expect";
  std::string what = r.expected == "then" || r.expected == "expect"
                         ? r.expected + ": " + r.happened
                         : "expected " + r.expected + ", got " + r.happened;
  if (!r.rule.empty()) what += "; rule " + r.rule;
  return where + ": " + what;
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string result_line(const ScenarioResult& r) {
  switch (r.status) {
    case ScenarioResult::Status::kPass: return "PASS " + r.file + ": " + r.name;
    case ScenarioResult::Status::kFail: return "FAIL " + r.file + ": " + r.name + ": " + failure_text(r);
    case ScenarioResult::Status::kError: return "ERROR " + r.error;
  }
  return "";
}

void write_report(std::ostream& out, const std::vector<ScenarioResult>& results, ReportFormat format, bool colour) {
  int passed = 0, failed = 0;
  for (const auto& r : results) (r.status == ScenarioResult::Status::kPass ? passed : failed)++;
  switch (format) {
    case ReportFormat::kText:
      for (const auto& r : results) {
        const std::string line = result_line(r);
        const size_t word = line.find(' ');  // PASS, FAIL or ERROR
        if (colour)
          out << coloured(line.substr(0, word), r.status == ScenarioResult::Status::kPass ? Colour::kGreen : Colour::kRed)
              << line.substr(word) << "\n";
        else
          out << line << "\n";
      }
      out << passed << " passed, " << failed << " failed\n";
      return;
    case ReportFormat::kJson: {
      nlohmann::json j;
      j["passed"] = passed;
      j["failed"] = failed;
      j["scenarios"] = nlohmann::json::array();
      for (const auto& r : results) {
        nlohmann::json e = {{"file", r.file}, {"name", r.name}, {"status", status_name(r.status)}};
        if (r.status == ScenarioResult::Status::kFail) {
          e["step"] = r.step;
          e["step_text"] = r.step_text;
          e["expected"] = r.expected;
          e["happened"] = r.happened;
          e["rule"] = r.rule;
        }
        if (r.status == ScenarioResult::Status::kError) e["error"] = r.error;
        j["scenarios"].push_back(e);
      }
      out << j.dump(2) << "\n";
      return;
    }
    case ReportFormat::kJunit: {
      out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
      out << "<testsuites tests=\"" << results.size() << "\" failures=\"" << failed << "\">\n";
      out << "  <testsuite name=\"meldcheck replay\" tests=\"" << results.size() << "\" failures=\"" << failed << "\">\n";
      for (const auto& r : results) {
        out << "    <testcase classname=\"" << xml_escape(r.file) << "\" name=\"" << xml_escape(r.name.empty() ? r.file : r.name)
            << "\"";
        if (r.status == ScenarioResult::Status::kPass) {
          out << "/>\n";
          continue;
        }
        const char* tag = r.status == ScenarioResult::Status::kError ? "error" : "failure";
        out << ">\n      <" << tag << " message=\"" << xml_escape(failure_text(r)) << "\"/>\n    </testcase>\n";
      }
      out << "  </testsuite>\n</testsuites>\n";
      return;
    }
  }
}

}  // namespace meldcheck
