#include "conformance/conformance_report.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "files/json_text.h"
#include "harness/replay_report.h"

namespace meldcheck {

using nlohmann::json;
using Status = ScenarioResult::Status;

namespace {

const char* status_name(Status s) {
  switch (s) {
    case Status::kPass: return "PASS";
    case Status::kNotApplicable: return "N/A";
    case Status::kNotChecked: return "NOT-CHECKED";
    case Status::kFail: return "FAIL";
    case Status::kError: return "ERROR";
  }
  return "ERROR";
}

bool failed(Status s) { return s == Status::kFail || s == Status::kError; }

const char* kind_name(ClauseKind k) {
  switch (k) {
    case ClauseKind::kRule: return "rule";
    case ClauseKind::kBound: return "bound";
    case ClauseKind::kNotation: return "notation";
  }
  return "rule";
}

// Whether a failed scenario counts against a clause: it does unless it failed at a step
// about another clause (a refusal that must name it, or a legal step the engine refused by
// it): then that clause is the one broken (listed with the scenario's, cited or not), and
// the scenario never reached what it holds of this one.
bool blames(const ScenarioResult& r, const std::string& clause) {
  return failed(r.status) && (r.failed_rule.empty() || r.failed_rule == clause);
}

// What a scenario tells of one clause it cites.
enum class Evidence { kPass, kFail, kBlocked, kNotChecked, kNotApplicable };

Evidence evidence(const ScenarioResult& r, const std::string& clause) {
  switch (r.status) {
    case Status::kPass: return Evidence::kPass;
    case Status::kNotApplicable: return Evidence::kNotApplicable;
    case Status::kNotChecked: {
      // Its verdicts held: a clause whose refusal it compared is checked all the same.
      const auto& checked = r.refusals_checked;
      return std::find(checked.begin(), checked.end(), clause) != checked.end() ? Evidence::kPass : Evidence::kNotChecked;
    }
    case Status::kFail:
    case Status::kError: return blames(r, clause) ? Evidence::kFail : Evidence::kBlocked;
  }
  return Evidence::kFail;
}

const char* evidence_name(Evidence e) {
  switch (e) {
    case Evidence::kPass: return "PASS";
    case Evidence::kFail: return "FAIL";
    case Evidence::kBlocked: return "BLOCKED";
    case Evidence::kNotChecked: return "NOT-CHECKED";
    case Evidence::kNotApplicable: return "N/A";
  }
  return "FAIL";
}

// A scenario as a clause lists it: a failed one with where and how, the others with why.
json scenario_entry(const ScenarioResult& r, Evidence e) {
  json entry = {{"file", r.file}, {"name", r.name}, {"status", r.status == Status::kError ? "ERROR" : evidence_name(e)}};
  if (!r.failed_rule.empty()) entry["failed_rule"] = r.failed_rule;
  if (failed(r.status)) {
    entry["step"] = r.step;
    entry["step_text"] = r.step_text;
    entry["expected"] = r.expected;
    entry["engine"] = r.happened;
  }
  if (r.status != Status::kPass) entry["detail"] = result_detail(r);
  return entry;
}

// A clause's tally over the scenarios citing it, and its status.
struct ClauseTally {
  CitedClause clause;
  ClauseKind kind = ClauseKind::kRule;
  int passed = 0, failed = 0, blocked = 0, not_checked = 0, not_applicable = 0;
  std::string why_not_checked, why_not_applicable;  // the first reason met
  json scenarios = json::array();

  void add(const ScenarioResult& r) {
    const Evidence e = evidence(r, clause.id);
    switch (e) {
      case Evidence::kPass: ++passed; break;
      case Evidence::kFail: ++failed; break;
      case Evidence::kBlocked: ++blocked; break;
      case Evidence::kNotChecked: ++not_checked, why_not_checked = why_not_checked.empty() ? r.reason : why_not_checked; break;
      case Evidence::kNotApplicable: ++not_applicable, why_not_applicable = why_not_applicable.empty() ? r.reason : why_not_applicable; break;
    }
    scenarios.push_back(scenario_entry(r, e));
  }
  // FAIL when a scenario fails against it; PASS when one checked it and none failed; NOT-CHECKED
  // when its scenarios held but none could check it; OWN for meldcheck's own clause not held
  // against the engine; NOT-IMPLEMENTED when its scenarios need what the engine does not
  // implement; UNTESTED otherwise (no scenario cites it, or all failed on other clauses first).
  const char* status(bool own_held) const {
    if (failed) return "FAIL";
    if (passed) return "PASS";
    if (not_checked) return "NOT-CHECKED";
    if (kind != ClauseKind::kRule && !own_held) return "OWN";
    if (not_applicable) return "NOT-IMPLEMENTED";
    return "UNTESTED";
  }
  std::string why(bool own_held) const {
    const std::string s = status(own_held);
    if (s == "NOT-CHECKED") return why_not_checked;
    if (s == "OWN") return std::string("meldcheck's own ") + kind_name(kind) + ", held against another engine only with --own-rules";
    if (s == "NOT-IMPLEMENTED") return why_not_applicable;
    if (s == "UNTESTED") return blocked ? "its scenarios fail first at a step of another clause" : "no scenario of the run cites it";
    return "";
  }
};

struct RulesetTally {
  std::string id;
  int passed = 0, failed = 0, not_applicable = 0, not_checked = 0;
  std::map<std::pair<std::string, std::string>, int> reasons;  // (status, reason) -> scenarios
  std::vector<ClauseTally> clauses;  // the catalog's, in its order, then ids it lacks as first cited
  ClauseTally no_clause;             // the scenarios that cite none
  int scenarios() const { return passed + failed + not_applicable + not_checked; }
  ClauseTally& clause(const CitedClause& c) {
    for (ClauseTally& t : clauses)
      if (t.clause.id == c.id) return t;
    clauses.push_back(ClauseTally{c});
    return clauses.back();
  }
};

// The list under `key` as it stands in the report (json::value would copy it; a ruleset's
// clauses are most of a report), or an empty one.
const json& list_at(const json& j, const char* key) {
  static const json kNone = json::array();
  const auto it = j.find(key);
  return it == j.end() ? kNone : *it;
}

constexpr size_t kClausesNamed = 8;  // in a summary line; the rest counted

std::string summary_line(const RulesetTally& t, bool own_held) {
  std::string line = t.id + ": " + std::to_string(t.passed) + "/" + std::to_string(t.scenarios()) + " scenarios pass";
  for (const auto& [n, status, words] : {std::tuple{t.not_applicable, "N/A", "not applicable"}, std::tuple{t.not_checked, "NOT-CHECKED", "not checked"}})
    if (n) {
      line += ", " + std::to_string(n) + " " + words;
      std::vector<std::string> why;
      for (const auto& [key, count] : t.reasons)
        if (key.first == status) why.push_back(key.second);
      if (why.size() == 1) line += " (" + why[0] + ")";
    }
  std::map<std::string, int> count;
  std::vector<std::string> failing;
  for (const ClauseTally& c : t.clauses) {
    const std::string status = c.status(own_held);
    ++count[status];
    if (status == "FAIL") failing.push_back(c.clause.id);
  }
  const int tested = count["PASS"] + count["FAIL"];
  line += "; ";
  if (failing.empty()) {
    line += tested ? "all " + std::to_string(tested) + " clauses checked pass" : "no clause checked";
  } else {
    line += std::to_string(failing.size()) + " of " + std::to_string(tested) + " clauses checked failing: ";
    for (size_t i = 0; i < failing.size() && i < kClausesNamed; ++i) line += (i ? ", " : "") + failing[i];
    if (failing.size() > kClausesNamed) line += " and " + std::to_string(failing.size() - kClausesNamed) + " more";
  }
  std::string rest;
  for (const auto& [status, words] : {std::pair{"NOT-CHECKED", "not checked"}, std::pair{"NOT-IMPLEMENTED", "not implemented by the engine"},
                                      std::pair{"UNTESTED", "untested"}, std::pair{"OWN", "meldcheck's own, not held"}})
    if (count[status]) rest += (rest.empty() ? "" : ", ") + std::to_string(count[status]) + " " + words;
  return rest.empty() ? line : line + " (" + rest + ")";
}

// Field by field: a braced list of pairs copies every value once more (a catalog's texts are
// most of a report).
json clause_json(const ClauseTally& c, bool own_held) {
  json j = json::object();
  j["id"] = c.clause.id;
  j["kind"] = kind_name(c.kind);
  j["text"] = c.clause.text;
  j["source"] = c.clause.source;
  j["status"] = c.status(own_held);
  j["passed"] = c.passed;
  j["failed"] = c.failed;
  j["blocked"] = c.blocked;
  j["not_checked"] = c.not_checked;
  j["not_applicable"] = c.not_applicable;
  j["scenarios"] = c.scenarios;
  if (std::string why = c.why(own_held); !why.empty()) j["why"] = std::move(why);
  return j;
}

// A ruleset's part of the report: its counts, why scenarios were not applicable or not
// checked, its clauses (all, or those a scenario reached), what cites none, and its summary
// line (of all its clauses).
json ruleset_json(const RulesetTally& t, bool own_held, bool reached_only) {
  json clauses = json::array(), reasons = json::array();
  for (const ClauseTally& c : t.clauses)
    if (!reached_only || !c.scenarios.empty()) clauses.push_back(clause_json(c, own_held));
  for (const auto& [key, count] : t.reasons) reasons.push_back({{"status", key.first}, {"reason", key.second}, {"count", count}});
  json rs = {{"id", t.id},
             {"scenarios", t.scenarios()},
             {"passed", t.passed},
             {"failed", t.failed},
             {"not_applicable", t.not_applicable},
             {"not_checked", t.not_checked},
             {"reasons", std::move(reasons)},
             {"clauses", std::move(clauses)},
             {"no_clause", {{"passed", t.no_clause.passed},
                            {"failed", t.no_clause.failed + t.no_clause.blocked},
                            {"not_checked", t.no_clause.not_checked},
                            {"not_applicable", t.no_clause.not_applicable},
                            {"scenarios", t.no_clause.scenarios}}},
             {"summary", summary_line(t, own_held)}};
  return rs;
}

// The engine as the run names it: its command, and the name and version its hello gives.
json engine_json(const ConformanceRun& run) {
  json engine = {{"command", run.engine}};
  if (run.hello.is_object() && run.hello.contains("engine") && run.hello["engine"].is_object()) {
    const json& e = run.hello["engine"];
    if (e.contains("name") && e["name"].is_string()) engine["name"] = e["name"];
    if (e.contains("version") && e["version"].is_string()) engine["version"] = e["version"];
  }
  return engine;
}

}  // namespace

json conformance_report(const std::vector<ScenarioResult>& results, const RulesetLibrary& library, const ConformanceRun& run) {
  // The rulesets in the library's order, each with every clause of its catalog in its order;
  // then what the results name that the library does not have.
  std::vector<RulesetTally> rulesets;
  auto tally = [&](const std::string& id) -> RulesetTally& {
    for (RulesetTally& t : rulesets)
      if (t.id == id) return t;
    rulesets.push_back(RulesetTally{id});
    return rulesets.back();
  };
  for (const auto& spec : library.all()) {
    if (std::none_of(results.begin(), results.end(), [&](const ScenarioResult& r) { return r.ruleset == spec->id(); })) continue;
    RulesetTally& t = tally(spec->id());
    t.clauses.reserve(spec->base().catalog.size());
    for (const Clause& c : spec->base().catalog) t.clauses.push_back(ClauseTally{{c.id, c.text, c.source}, c.kind});  // ids unique (the loader's)
  }

  json unreadable = json::array(), list = json::array();
  std::map<Status, int> totals;
  for (const ScenarioResult& r : results) {
    ++totals[r.status];
    json ids = json::array();
    for (const CitedClause& c : r.clauses) ids.push_back(c.id);
    list.push_back({{"status", status_name(r.status)}, {"file", r.file}, {"name", r.name}, {"step", r.step},
                    {"detail", result_detail(r)}, {"ruleset", r.ruleset}, {"clauses", ids}});
    if (r.ruleset.empty()) {
      unreadable.push_back({{"file", r.file}, {"detail", r.error}});
      continue;
    }
    RulesetTally& t = tally(r.ruleset);
    t.passed += r.status == Status::kPass;
    t.failed += failed(r.status);
    t.not_applicable += r.status == Status::kNotApplicable;
    t.not_checked += r.status == Status::kNotChecked;
    if (r.status == Status::kNotApplicable || r.status == Status::kNotChecked) ++t.reasons[{status_name(r.status), r.reason}];
    std::vector<CitedClause> cited = r.clauses;
    // A legal step the engine refused by a clause the scenario does not cite counts against that clause too.
    if (!r.failed_rule.empty() && std::none_of(cited.begin(), cited.end(), [&](const CitedClause& c) { return c.id == r.failed_rule; }))
      cited.push_back({r.failed_rule, "", ""});
    if (cited.empty()) t.no_clause.add(r);
    for (const CitedClause& c : cited) t.clause(c).add(r);
  }

  const bool own_held = run.hold_own_rules;
  json out_rulesets = json::array(), summary = json::array();
  for (const RulesetTally& t : rulesets) {
    json rs = ruleset_json(t, own_held, run.reached_clauses_only);
    summary.push_back(rs["summary"]);
    out_rulesets.push_back(std::move(rs));
  }
  return {{"meldcheck_conformance_report", 2},
          {"version", MELDCHECK_VERSION},
          {"engine", engine_json(run)},
          {"rule_ids", run.strict_rule_ids ? "strict" : "loose"},
          {"own_rules", own_held ? "held" : "not held"},
          {"clauses", run.reached_clauses_only ? "reached" : "all"},
          {"passed", totals[Status::kPass]},
          {"failed", totals[Status::kFail] + totals[Status::kError]},
          {"not_applicable", totals[Status::kNotApplicable]},
          {"not_checked", totals[Status::kNotChecked]},
          {"summary", std::move(summary)},
          {"rulesets", std::move(out_rulesets)},
          {"unreadable", std::move(unreadable)},
          {"results", std::move(list)}};
}

std::vector<std::string> conformance_summary(const json& report) {
  std::vector<std::string> out;
  for (const json& rs : list_at(report, "rulesets")) out.push_back(rs.value("summary", ""));
  return out;
}

std::string totals_line(const json& report) {
  return std::to_string(report.value("passed", 0)) + " passed, " + std::to_string(report.value("failed", 0)) + " failed, " +
         std::to_string(report.value("not_applicable", 0)) + " not applicable, " + std::to_string(report.value("not_checked", 0)) +
         " not checked";
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
      out << totals_line(report) << "\n";
      return;
    case ConformanceFormat::kJunit: {
      // A suite a ruleset, in the report's order; files that did not read in a suite of their own.
      std::vector<JunitSuite> suites;
      for (const json& rs : list_at(report, "rulesets")) suites.push_back({rs.value("id", ""), {}});
      for (const json& r : results) {
        const std::string ruleset = r.value("ruleset", "");
        const std::string suite = ruleset.empty() ? "unreadable files" : ruleset;
        auto s = std::find_if(suites.begin(), suites.end(), [&](const JunitSuite& x) { return x.name == suite; });
        if (s == suites.end()) s = suites.insert(suites.end(), {suite, {}});
        const std::string status = r.value("status", "");
        std::string message = r.value("step", 0) ? "step " + std::to_string(r.value("step", 0)) + ": " : "";
        message += r.value("detail", "");
        if (status == "N/A") message = "not applicable: " + message;
        if (status == "NOT-CHECKED") message = "not checked: " + message;
        std::string clauses;
        for (const json& id : list_at(r, "clauses")) clauses += (clauses.empty() ? "" : ", ") + id.get<std::string>();
        if (status == "FAIL" && !clauses.empty()) message += " [clauses: " + clauses + "]";
        s->cases.push_back({r.value("file", ""), r.value("name", "").empty() ? r.value("file", "") : r.value("name", ""),
                            status == "PASS"                          ? JunitCase::Outcome::kPass
                            : status == "N/A" || status == "NOT-CHECKED" ? JunitCase::Outcome::kSkipped
                            : status == "FAIL"                        ? JunitCase::Outcome::kFailure
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
