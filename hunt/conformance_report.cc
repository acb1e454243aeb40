#include "hunt/conformance_report.h"

#include <algorithm>
#include <map>

#include "files/json_text.h"
#include "hunt/replay_report.h"

namespace meldcheck {

using nlohmann::json;

namespace {

const char* status_name(EngineResult::Status s) {
  switch (s) {
    case EngineResult::Status::kPass: return "PASS";
    case EngineResult::Status::kSkip: return "SKIP";
    case EngineResult::Status::kFail: return "FAIL";
    case EngineResult::Status::kError: return "ERROR";
  }
  return "ERROR";
}

bool failed(EngineResult::Status s) { return s == EngineResult::Status::kFail || s == EngineResult::Status::kError; }

// Whether a failed scenario counts against a clause: it does unless it failed at a step
// about another clause (a refusal that must name it, or a legal step the engine refused by
// it): then that clause is the one broken (listed with the scenario's, cited or not), and
// the scenario never reached what it holds of this one.
bool blames(const EngineResult& r, const std::string& clause) {
  return failed(r.status) && (r.failed_rule.empty() || r.failed_rule == clause);
}

// A scenario as a clause lists it: a failed one with where and how; BLOCKED when it failed
// on another clause first.
json scenario_entry(const EngineResult& r, const std::string& clause) {
  json e = {{"file", r.file}, {"name", r.name}, {"status", status_name(r.status)}};
  if (failed(r.status) && !blames(r, clause)) e["status"] = "BLOCKED";
  if (!r.failed_rule.empty()) e["failed_rule"] = r.failed_rule;
  if (failed(r.status)) {
    e["step"] = r.step;
    e["step_text"] = r.step_text;
    e["expected"] = r.expected;
    e["engine"] = r.engine_said;
    e["detail"] = r.detail;
  } else if (r.status == EngineResult::Status::kSkip) {
    e["detail"] = r.detail;
  }
  return e;
}

// A clause's tally, and its status: FAIL when a scenario fails against it, PASS when one
// passed and none failed against it, BLOCKED when its scenarios all failed on other clauses
// first, SKIP when all were skipped.
struct ClauseTally {
  CitedClause clause;
  int passed = 0, failed = 0, blocked = 0, skipped = 0;
  json scenarios = json::array();
  const char* status() const { return failed ? "FAIL" : passed ? "PASS" : blocked ? "BLOCKED" : "SKIP"; }
};

struct RulesetTally {
  std::string id;
  int passed = 0, failed = 0, skipped = 0;
  std::map<std::string, int> skip_reasons;
  std::vector<ClauseTally> clauses;  // in catalog order, then as first cited
  ClauseTally& clause(const CitedClause& c) {
    for (ClauseTally& t : clauses)
      if (t.clause.id == c.id) {
        if (t.clause.text.empty()) t.clause = c;
        return t;
      }
    clauses.push_back(ClauseTally{});
    clauses.back().clause = c;
    return clauses.back();
  }
};

constexpr size_t kClausesNamed = 8;  // in a summary line; the rest counted

std::string summary_line(const json& rs) {
  const int passed = rs.value("passed", 0), failed = rs.value("failed", 0), skipped = rs.value("skipped", 0);
  std::string line = rs.value("id", "") + ": " + std::to_string(passed) + "/" + std::to_string(passed + failed + skipped) + " scenarios";
  if (skipped) {
    line += ", " + std::to_string(skipped) + " skipped";
    const json& reasons = rs.value("skip_reasons", json::array());
    if (reasons.size() == 1) line += " (" + reasons[0].value("reason", "") + ")";
  }
  if (passed + failed == 0) return line;
  std::vector<std::string> failing;
  int run = 0, blocked = 0;
  for (const json& c : rs.value("clauses", json::array())) {
    const std::string status = c.value("status", "");
    if (status == "SKIP") continue;
    ++run;
    blocked += status == "BLOCKED";
    if (status == "FAIL") failing.push_back(c.value("id", "").empty() ? "(no clause cited)" : c.value("id", ""));
  }
  if (failing.empty()) return line + ", all " + std::to_string(run) + " clauses pass";
  line += ", " + std::to_string(failing.size()) + " of " + std::to_string(run) + " clauses failing: ";
  for (size_t i = 0; i < failing.size() && i < kClausesNamed; ++i) line += (i ? ", " : "") + failing[i];
  if (failing.size() > kClausesNamed) line += " and " + std::to_string(failing.size() - kClausesNamed) + " more";
  if (blocked) line += " (" + std::to_string(blocked) + " more untested: their scenarios fail on these first)";
  return line;
}

}  // namespace

json conformance_report(const std::vector<EngineResult>& results, const RulesetLibrary& library, const ConformanceRun& run) {
  // The rulesets in the library's order, the catalogs' clauses in theirs; then what the
  // results name that the library does not have.
  std::vector<RulesetTally> rulesets;
  auto tally = [&](const std::string& id) -> RulesetTally& {
    for (RulesetTally& t : rulesets)
      if (t.id == id) return t;
    rulesets.push_back(RulesetTally{});
    rulesets.back().id = id;
    return rulesets.back();
  };
  std::map<std::string, std::vector<CitedClause>> catalogs;
  for (const auto& spec : library.all()) {
    for (const Clause& c : spec->base().catalog) catalogs[spec->id()].push_back({c.id, c.text, c.source});
    if (std::any_of(results.begin(), results.end(), [&](const EngineResult& r) { return r.ruleset == spec->id(); })) tally(spec->id());
  }

  json unreadable = json::array(), list = json::array();
  int passed = 0, failed_count = 0, skipped = 0;
  for (const EngineResult& r : results) {
    passed += r.status == EngineResult::Status::kPass;
    skipped += r.status == EngineResult::Status::kSkip;
    failed_count += failed(r.status);
    json ids = json::array();
    for (const CitedClause& c : r.clauses) ids.push_back(c.id);
    list.push_back({{"status", status_name(r.status)}, {"file", r.file}, {"name", r.name}, {"step", r.step},
                    {"detail", r.detail}, {"ruleset", r.ruleset}, {"clauses", ids}});
    if (r.ruleset.empty()) {
      unreadable.push_back({{"file", r.file}, {"detail", r.detail}});
      continue;
    }
    RulesetTally& t = tally(r.ruleset);
    t.passed += r.status == EngineResult::Status::kPass;
    t.failed += failed(r.status);
    t.skipped += r.status == EngineResult::Status::kSkip;
    if (r.status == EngineResult::Status::kSkip) ++t.skip_reasons[r.detail];
    std::vector<CitedClause> cited = r.clauses;
    // A legal step the engine refused by a clause the scenario does not cite counts against that clause too.
    if (!r.failed_rule.empty() && std::none_of(cited.begin(), cited.end(), [&](const CitedClause& c) { return c.id == r.failed_rule; })) {
      const std::vector<CitedClause>& catalog = catalogs[r.ruleset];
      const auto known = std::find_if(catalog.begin(), catalog.end(), [&](const CitedClause& c) { return c.id == r.failed_rule; });
      cited.push_back(known == catalog.end() ? CitedClause{r.failed_rule, "", ""} : *known);
    }
    if (cited.empty()) cited.push_back({"", "", ""});
    for (const CitedClause& c : cited) {
      ClauseTally& ct = t.clause(c);
      ct.passed += r.status == EngineResult::Status::kPass;
      ct.failed += blames(r, c.id);
      ct.blocked += failed(r.status) && !blames(r, c.id);
      ct.skipped += r.status == EngineResult::Status::kSkip;
      ct.scenarios.push_back(scenario_entry(r, c.id));
    }
  }

  json out_rulesets = json::array(), summary = json::array();
  for (RulesetTally& t : rulesets) {
    const std::vector<CitedClause>& catalog = catalogs[t.id];
    auto rank = [&](const ClauseTally& c) {
      const auto at = std::find_if(catalog.begin(), catalog.end(), [&](const CitedClause& k) { return k.id == c.clause.id; });
      return at - catalog.begin();  // not in the catalog: after it, in the order first cited
    };
    std::stable_sort(t.clauses.begin(), t.clauses.end(), [&](const ClauseTally& a, const ClauseTally& b) { return rank(a) < rank(b); });
    json clauses = json::array(), uncited = json::array(), reasons = json::array();
    for (const ClauseTally& c : t.clauses)
      clauses.push_back({{"id", c.clause.id}, {"text", c.clause.text}, {"source", c.clause.source}, {"status", c.status()},
                         {"passed", c.passed}, {"failed", c.failed}, {"blocked", c.blocked}, {"skipped", c.skipped},
                         {"scenarios", c.scenarios}});
    for (const CitedClause& k : catalog)
      if (std::none_of(t.clauses.begin(), t.clauses.end(), [&](const ClauseTally& c) { return c.clause.id == k.id; }))
        uncited.push_back({{"id", k.id}, {"text", k.text}});
    for (const auto& [reason, count] : t.skip_reasons) reasons.push_back({{"reason", reason}, {"count", count}});
    json rs = {{"id", t.id},           {"scenarios", t.passed + t.failed + t.skipped},
               {"passed", t.passed},   {"failed", t.failed},
               {"skipped", t.skipped}, {"skip_reasons", reasons},
               {"clauses", clauses},   {"uncited", uncited}};
    rs["summary"] = summary_line(rs);
    summary.push_back(rs["summary"]);
    out_rulesets.push_back(std::move(rs));
  }

  json engine = {{"command", run.engine}};
  if (run.hello.is_object() && run.hello.contains("engine") && run.hello["engine"].is_object()) {
    const json& e = run.hello["engine"];
    if (e.contains("name") && e["name"].is_string()) engine["name"] = e["name"];
    if (e.contains("version") && e["version"].is_string()) engine["version"] = e["version"];
  }
  return {{"meldcheck_conformance_report", 1},
          {"version", MELDCHECK_VERSION},
          {"engine", engine},
          {"rule_ids", run.strict_rule_ids ? "strict" : "loose"},
          {"passed", passed},
          {"failed", failed_count},
          {"skipped", skipped},
          {"summary", summary},
          {"rulesets", out_rulesets},
          {"unreadable", unreadable},
          {"results", list}};
}

std::vector<std::string> conformance_summary(const json& report) {
  std::vector<std::string> out;
  for (const json& rs : report.value("rulesets", json::array())) out.push_back(rs.value("summary", ""));
  return out;
}

void write_conformance(std::ostream& out, const json& report, ConformanceFormat format) {
  const json& results = report.at("results");
  switch (format) {
    case ConformanceFormat::kJson: out << json_text(report, 2) << "\n"; return;
    case ConformanceFormat::kHtml: write_conformance_html(out, report); return;
    case ConformanceFormat::kText:
      for (const json& r : results) {
        out << r.value("status", "") << " " << r.value("file", "") << ": " << r.value("name", "");
        if (r.value("step", 0)) out << ", step " << r.value("step", 0);
        if (!r.value("detail", "").empty()) out << ": " << r.value("detail", "");
        out << "\n";
      }
      for (const std::string& line : conformance_summary(report)) out << line << "\n";
      out << report.value("passed", 0) << " passed, " << report.value("failed", 0) << " failed, " << report.value("skipped", 0)
          << " skipped\n";
      return;
    case ConformanceFormat::kJunit: {
      // A suite a ruleset, in the report's order; files that did not read in a suite of their own.
      std::vector<JunitSuite> suites;
      for (const json& rs : report.value("rulesets", json::array())) suites.push_back({rs.value("id", ""), {}});
      for (const json& r : results) {
        const std::string ruleset = r.value("ruleset", "");
        const std::string suite = ruleset.empty() ? "unreadable files" : ruleset;
        auto s = std::find_if(suites.begin(), suites.end(), [&](const JunitSuite& x) { return x.name == suite; });
        if (s == suites.end()) s = suites.insert(suites.end(), {suite, {}});
        const std::string status = r.value("status", "");
        std::string message = r.value("step", 0) ? "step " + std::to_string(r.value("step", 0)) + ": " : "";
        message += r.value("detail", "");
        std::string clauses;
        for (const json& id : r.value("clauses", json::array())) clauses += (clauses.empty() ? "" : ", ") + id.get<std::string>();
        if (status == "FAIL" && !clauses.empty()) message += " [clauses: " + clauses + "]";
        s->cases.push_back({r.value("file", ""), r.value("name", "").empty() ? r.value("file", "") : r.value("name", ""),
                            status == "PASS"   ? JunitCase::Outcome::kPass
                            : status == "SKIP" ? JunitCase::Outcome::kSkipped
                            : status == "FAIL" ? JunitCase::Outcome::kFailure
                                               : JunitCase::Outcome::kError,
                            message});
      }
      std::erase_if(suites, [](const JunitSuite& s) { return s.cases.empty(); });
      write_junit(out, "meldcheck replay --engine", suites);
      return;
    }
  }
}

}  // namespace meldcheck
