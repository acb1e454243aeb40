#include "harness/replay_report.h"

#include <nlohmann/json.hpp>

#include "files/json_text.h"
#include "harness/run_options.h"

namespace meldcheck {
namespace {

const char* status_name(ScenarioResult::Status s) {
  switch (s) {
    case ScenarioResult::Status::kPass: return "pass";
    case ScenarioResult::Status::kFail: return "fail";
    case ScenarioResult::Status::kNotApplicable: return "not-applicable";
    case ScenarioResult::Status::kNotChecked: return "not-checked";
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

}  // namespace

std::string result_line(const ScenarioResult& r) {
  switch (r.status) {
    case ScenarioResult::Status::kPass: return "PASS " + r.file + ": " + r.name;
    case ScenarioResult::Status::kFail: return "FAIL " + r.file + ": " + r.name + ": " + failure_text(r);
    case ScenarioResult::Status::kNotApplicable: return "N/A " + r.file + ": " + r.name + ": " + r.reason;
    case ScenarioResult::Status::kNotChecked: return "NOT-CHECKED " + r.file + ": " + r.name + ": " + r.reason;
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
      out << json_text(j, 2) << "\n";
      return;
    }
    case ReportFormat::kJunit: {
      std::vector<JunitCase> cases;
      for (const auto& r : results)
        cases.push_back({r.file, r.name.empty() ? r.file : r.name,
                         r.status == ScenarioResult::Status::kPass    ? JunitCase::Outcome::kPass
                         : r.status == ScenarioResult::Status::kError ? JunitCase::Outcome::kError
                                                                      : JunitCase::Outcome::kFailure,
                         r.status == ScenarioResult::Status::kPass ? "" : failure_text(r)});
      write_junit(out, "meldcheck replay", cases);
      return;
    }
  }
}

std::string xml_text(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  const std::string replacement = "\xEF\xBF\xBD";  // U+FFFD
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        case '\t':
        case '\n':
        case '\r': out += char(c); break;
        default: out += c < 0x20 || c == 0x7F ? replacement : std::string(1, char(c));
      }
      ++i;
      continue;
    }
    // One UTF-8 sequence: its length from the lead byte, continuation bytes, no overlong
    // form, no surrogate, nothing past U+10FFFF (RFC 3629); else one byte replaced.
    const int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    bool ok = n > 0 && i + size_t(n) <= s.size();
    uint32_t cp = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; ok && k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + size_t(k)]);
      ok = (d & 0xC0) == 0x80;
      cp = cp << 6 | (d & 0x3F);
    }
    ok = ok && !(n == 3 && cp < 0x800) && !(n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) && !(cp >= 0xD800 && cp <= 0xDFFF) &&
         cp != 0xFFFE && cp != 0xFFFF;
    if (ok) out.append(s, i, size_t(n)), i += size_t(n);
    else out += replacement, ++i;
  }
  return out;
}

namespace {

// The counts of a suite, or of all of them, as JUnit's attributes.
struct JunitCounts {
  size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  void add(const std::vector<JunitCase>& cases) {
    for (const JunitCase& c : cases) {
      ++tests;
      failures += c.outcome == JunitCase::Outcome::kFailure;
      errors += c.outcome == JunitCase::Outcome::kError;
      skipped += c.outcome == JunitCase::Outcome::kSkipped;
    }
  }
  std::string attributes() const {
    return "tests=\"" + std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
           std::to_string(errors) + "\" skipped=\"" + std::to_string(skipped) + "\"";
  }
};

}  // namespace

void write_junit(std::ostream& out, const std::string& name, const std::vector<JunitSuite>& suites) {
  JunitCounts all;
  for (const JunitSuite& s : suites) all.add(s.cases);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites " << all.attributes() << " name=\"" << xml_text(name) << "\">\n";
  for (const JunitSuite& suite : suites) {
    JunitCounts counts;
    counts.add(suite.cases);
    out << "  <testsuite name=\"" << xml_text(suite.name) << "\" " << counts.attributes() << ">\n";
    for (const JunitCase& c : suite.cases) {
      out << "    <testcase classname=\"" << xml_text(c.classname) << "\" name=\"" << xml_text(c.name) << "\"";
      if (c.outcome == JunitCase::Outcome::kPass) {
        out << "/>\n";
        continue;
      }
      const char* tag = c.outcome == JunitCase::Outcome::kError     ? "error"
                        : c.outcome == JunitCase::Outcome::kFailure ? "failure"
                                                                    : "skipped";
      out << ">\n      <" << tag << " message=\"" << xml_text(c.message) << "\"/>\n    </testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

void write_junit(std::ostream& out, const std::string& suite, const std::vector<JunitCase>& cases) {
  write_junit(out, suite, std::vector<JunitSuite>{{suite, cases}});
}

}  // namespace meldcheck
