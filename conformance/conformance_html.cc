// The conformance report as one self-contained HTML page: inline CSS, a small inline script
// (a switch to show only the failing clauses; the page reads without it), no network. The
// body is well-formed markup and every text of the report is escaped: an engine's answers
// are quoted on it.
#include <sstream>
#include <string>
#include <string_view>

#include "conformance/conformance_report.h"
#include "harness/json_fields.h"
#include "harness/replay_report.h"

namespace meldcheck {
namespace {

using nlohmann::json;

std::string esc(std::string_view s) { return xml_text(std::string(s)); }

using namespace json_fields;

std::string status_class(const std::string& s) {
  if (s == "PASS") return "pass";
  if (s == "FAIL" || s == "ERROR") return "fail";
  if (s == "BLOCKED") return "blocked";
  if (s == "NOT-CHECKED") return "unchecked";
  if (s == "OWN") return "own";
  if (s == "UNTESTED") return "untested";
  return "na";  // N/A, NOT-IMPLEMENTED
}

// Counts as a bar of widths: passed, failed, blocked, not checked, not applicable.
void write_bar(std::ostream& out, const json& j) {
  const std::pair<const char*, int> parts[] = {{"pass", num(j, "passed")},
                                               {"fail", num(j, "failed")},
                                               {"blocked", num(j, "blocked")},
                                               {"unchecked", num(j, "not_checked")},
                                               {"na", num(j, "not_applicable")}};
  int total = 0;
  for (const auto& [cls, n] : parts) total += n;
  out << "<span class=\"bar\" title=\"" << num(j, "passed") << " passed, " << num(j, "failed") << " failed, "
      << (num(j, "blocked") ? std::to_string(num(j, "blocked")) + " blocked, " : "") << num(j, "not_checked") << " not checked, "
      << num(j, "not_applicable") << " not applicable\">";
  if (total > 0)
    for (const auto& [cls, n] : parts)
      if (n) out << "<span class=\"" << cls << "\" style=\"width:" << (100.0 * n / total) << "%\"></span>";
  out << "</span>";
}

void write_counts(std::ostream& out, const json& j) {
  out << "<span class=\"n pass\">" << num(j, "passed") << " passed</span> <span class=\"n fail\">" << num(j, "failed")
      << " failed</span> <span class=\"n na\">" << num(j, "not_applicable") << " not applicable</span> <span class=\"n unchecked\">"
      << num(j, "not_checked") << " not checked</span>";
}

// A failed scenario: where, what meldcheck holds there and what the engine did.
void write_failure(std::ostream& out, const json& sc) {
  out << "<li class=\"failure\"><div><b>" << esc(str(sc, "name")) << "</b> <span class=\"file\">" << esc(str(sc, "file"))
      << "</span></div>";
  const int step = num(sc, "step");
  const std::string where = step ? "step " + std::to_string(step) : str(sc, "step_text") == "expect" ? "expect" : "start";
  out << "<dl><dt>At</dt><dd>" << esc(where);
  if (step && !str(sc, "step_text").empty()) out << ": <code>" << esc(str(sc, "step_text")) << "</code>";
  out << "</dd>";
  if (!str(sc, "expected").empty())
    out << "<dt>meldcheck</dt><dd>" << esc(str(sc, "expected")) << "</dd><dt>Engine</dt><dd class=\"said\">"
        << esc(str(sc, "engine")) << "</dd>";
  else
    out << "<dt>Failure</dt><dd class=\"said\">" << esc(str(sc, "detail")) << "</dd>";
  out << "</dl></li>";
}

// The scenarios of a clause (or of none): the failures shown, the others folded.
void write_scenarios(std::ostream& out, const json& scenarios) {
  std::string failures, others;
  int other_count = 0;
  for (const json& sc : scenarios) {
    if (status_class(str(sc, "status")) == "fail") {
      std::ostringstream f;
      write_failure(f, sc);
      failures += f.str();
    } else {
      ++other_count;
      const std::string st = str(sc, "status");
      others += "<li class=\"" + status_class(st) + "\"><span class=\"chip\">" + esc(st) + "</span> " + esc(str(sc, "name")) +
                " <span class=\"file\">" + esc(str(sc, "file")) + "</span>" +
                (st == "BLOCKED"            ? " — fails first at a step of <code>" + esc(str(sc, "failed_rule")) + "</code>"
                 : !str(sc, "detail").empty() ? " — " + esc(str(sc, "detail"))
                                              : "") +
                "</li>";
    }
  }
  if (!failures.empty()) out << "<ul class=\"failures\">" << failures << "</ul>";
  if (other_count)
    out << "<details><summary>" << other_count << (other_count == 1 ? " scenario" : " scenarios")
        << (failures.empty() ? "" : " more") << "</summary><ul class=\"others\">" << others << "</ul></details>";
}

void write_clause(std::ostream& out, const json& c) {
  const std::string status = str(c, "status"), id = str(c, "id");
  out << "<tr class=\"clause " << status_class(status) << "\"><td><span class=\"chip\">" << esc(status) << "</span></td><td><code>"
      << esc(id) << "</code>";
  if (str(c, "kind") != "rule" && !str(c, "kind").empty()) out << " <span class=\"kind\">meldcheck's " << esc(str(c, "kind")) << "</span>";
  out << "</td><td>" << esc(str(c, "text"));
  if (!str(c, "source").empty()) out << " <span class=\"src\">" << esc(str(c, "source")) << "</span>";
  if (!str(c, "why").empty()) out << "<div class=\"why\">" << esc(str(c, "why")) << "</div>";
  const int all = num(c, "passed") + num(c, "failed") + num(c, "blocked") + num(c, "not_checked") + num(c, "not_applicable");
  out << "</td><td class=\"num\">" << num(c, "passed") << "/" << all;
  write_bar(out, c);
  out << "</td></tr>\n";
  if (all == 0) return;
  out << "<tr class=\"scenarios " << status_class(status) << "\"><td></td><td colspan=\"3\">";
  write_scenarios(out, list(c, "scenarios"));
  out << "</td></tr>\n";
}

void write_ruleset(std::ostream& out, const json& rs) {
  const std::string id = str(rs, "id");
  out << "<section class=\"ruleset\" id=\"rs-" << esc(id) << "\"><h2>" << esc(id) << "</h2>\n<p class=\"line\">"
      << esc(str(rs, "summary")) << "</p>\n";
  for (const json& r : list(rs, "reasons"))
    out << "<p class=\"reason\">" << num(r, "count") << (str(r, "status") == "N/A" ? " not applicable: " : " not checked: ")
        << esc(str(r, "reason")) << "</p>\n";
  if (!list(rs, "clauses").empty()) {
    out << "<table class=\"clauses\"><thead><tr><th></th><th>Clause</th><th>Rule (paraphrase, source)</th><th>Scenarios passed</th></tr></thead><tbody>\n";
    for (const json& c : list(rs, "clauses")) write_clause(out, c);
    out << "</tbody></table>\n";
  }
  const json& none = field(rs, "no_clause");
  if (!list(none, "scenarios").empty()) {
    out << "<div class=\"no-clause " << (num(none, "failed") ? "fail" : "pass") << "\"><h3>Scenarios that cite no clause</h3>";
    write_scenarios(out, list(none, "scenarios"));
    out << "</div>\n";
  }
  out << "</section>\n";
}

constexpr const char* kStyle = R"css(
*{box-sizing:border-box}
html{font-family:"DejaVu Sans","Segoe UI",system-ui,sans-serif;font-size:15px;color:#1f2421;background:#e9e6df}
body{margin:0;padding:14px 18px 40px;max-width:1200px}
code{font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.9em;word-break:break-word}
h1{font-size:1.25rem;margin:0}
h2{font-size:1.15rem;margin:0 0 .3em}
.page-head{display:flex;align-items:baseline;gap:1em;margin:0 0 12px;flex-wrap:wrap}
.page-head .ver{color:#777;font-size:.85em}
.card,.ruleset{background:#fbfaf7;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.16);padding:12px 16px;margin:0 0 16px}
.run dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em;margin:0}
.run dt{color:#77736a}
.run dd{margin:0}
table{border-collapse:collapse;width:100%}
th{text-align:left;font-size:.78em;text-transform:uppercase;letter-spacing:.05em;color:#6a665c;padding:4px 6px}
td{padding:4px 6px;vertical-align:top;border-top:1px solid #e4e0d6}
.overview td.num,.clauses td.num{white-space:nowrap}
.n.pass{color:#1d6b30}.n.fail{color:#a3261d}.n.na,.n.unchecked{color:#77736a}
.bar{display:inline-flex;width:120px;height:.7em;margin-left:.6em;background:#e4e0d6;border-radius:3px;overflow:hidden;vertical-align:middle}
.bar span{display:block;height:100%}
.bar .pass{background:#3c9a55}.bar .fail{background:#c8463c}.bar .blocked{background:#d59a2a}.bar .unchecked{background:#7f9cc0}.bar .na{background:#b9b4a8}
.clauses td:nth-child(2) code{white-space:nowrap;word-break:normal}
.line{font-family:"DejaVu Sans Mono",monospace;font-size:.88em;margin:.2em 0 .6em}
.reason{color:#6a665c;font-size:.88em;margin:.1em 0}
.why{color:#6a665c;font-size:.85em;margin-top:.15em}
.kind{font-size:.75em;color:#6a4f9c;white-space:nowrap}
h3{font-size:.95rem;margin:.8em 0 .2em}
.chip{display:inline-block;font-size:.72em;font-weight:700;padding:1px 6px;border-radius:4px;color:#fff;background:#8a867c}
tr.pass .chip,li.pass .chip{background:#2f7d45}tr.fail .chip{background:#b3261e}tr.blocked .chip,li.blocked .chip{background:#b07a12}
tr.unchecked .chip,li.unchecked .chip{background:#4f6f99}tr.own .chip{background:#6a4f9c}
tr.clause.fail td{background:#fdf0ee}
tr.scenarios td{border-top:none;padding-top:0}
.src{color:#77736a;font-size:.82em}
.file{color:#77736a;font-size:.82em}
ul.failures{list-style:none;margin:.2em 0;padding:0}
li.failure{margin:.3em 0;padding:6px 10px;border-left:4px solid #c8463c;background:#fff;border-radius:4px}
li.failure dl{display:grid;grid-template-columns:max-content 1fr;gap:.15em .8em;margin:.3em 0 0;font-size:.9em}
li.failure dt{color:#77736a}
li.failure dd{margin:0}
dd.said{color:#7b1a14}
details summary{cursor:pointer;color:#1d5b8f;font-size:.88em}
ul.others{margin:.2em 0;font-size:.88em}
.controls{display:none;margin:0 0 12px}
.js .controls{display:block}
.only-failing tr.pass,.only-failing tr.na,.only-failing tr.blocked,.only-failing tr.unchecked,.only-failing tr.untested,
.only-failing tr.own,.only-failing .no-clause.pass{display:none}
ul.others{list-style:none;padding-left:.4em}
ul.others .chip{font-size:.62em}
a{color:#1d5b8f}
)css";

// Marks the page as scripted and adds the switch that hides the clauses that do not fail;
// the link `#failing` opens the page switched.
constexpr const char* kScript = R"js(
document.addEventListener('DOMContentLoaded', function () {
  document.body.classList.add('js');
  var box = document.getElementById('only-failing');
  function show() {
    document.body.classList.toggle('only-failing', box.checked);
    if (box.checked) box.setAttribute('checked', ''); else box.removeAttribute('checked');
  }
  box.checked = location.hash === '#failing';
  show();
  box.addEventListener('change', function () {
    show();
    history.replaceState(null, '', box.checked ? '#failing' : location.pathname);
  });
});
)js";

}  // namespace

void write_conformance_html(std::ostream& out, const json& report) {
  const json& engine = field(report, "engine");
  std::string engine_name = str(engine, "name");
  if (!str(engine, "version").empty()) engine_name += " " + str(engine, "version");
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>meldcheck conformance: "
      << esc(engine_name.empty() ? str(engine, "command") : engine_name) << "</title>\n<style>" << kStyle << "</style>\n<script>"
      << kScript << "</script>\n</head>\n<body>\n";
  out << "<header class=\"page-head\"><h1>meldcheck</h1><span class=\"ver\">" << esc(str(report, "version"))
      << "</span><span>Conformance report</span></header>\n";
  out << "<section class=\"card run\"><dl><dt>Engine</dt><dd><code>" << esc(str(engine, "command")) << "</code>";
  if (!engine_name.empty()) out << " (" << esc(engine_name) << ")";
  out << "</dd><dt>Rule ids</dt><dd>" << esc(str(report, "rule_ids"))
      << (str(report, "rule_ids") == "strict" ? " (a refusal must name the expected clause)" : " (a refusal need not name the clause)")
      << "</dd><dt>meldcheck's own rules</dt><dd>" << esc(str(report, "own_rules"))
      << (str(report, "own_rules") == "held" ? " (its bounds and notation count against the engine)"
                                              : " (its bounds and notation do not count against the engine)")
      << "</dd><dt>Scenarios</dt><dd>";
  write_counts(out, report);
  out << "</dd></dl></section>\n";
  out << "<div class=\"controls\"><label><input type=\"checkbox\" id=\"only-failing\"/> Only the failing clauses</label></div>\n";

  const json& rulesets = list(report, "rulesets");
  if (!rulesets.empty()) {
    out << "<section class=\"card\"><table class=\"overview\"><thead><tr><th>Ruleset</th><th>Scenarios</th><th>Summary</th>"
           "</tr></thead><tbody>\n";
    for (const json& rs : rulesets) {
      out << "<tr class=\"" << (num(rs, "failed") ? "fail" : num(rs, "passed") ? "pass" : "na") << "\"><td><a href=\"#rs-"
          << esc(str(rs, "id")) << "\">" << esc(str(rs, "id")) << "</a></td><td class=\"num\">" << num(rs, "passed") << "/"
          << num(rs, "scenarios");
      write_bar(out, rs);
      out << "</td><td class=\"line\">" << esc(str(rs, "summary"))
          << "</td></tr>\n";
    }
    out << "</tbody></table></section>\n";
  }
  for (const json& rs : rulesets) write_ruleset(out, rs);
  const json& unreadable = list(report, "unreadable");
  if (!unreadable.empty()) {
    out << "<section class=\"card\"><h2>Files that do not read</h2><ul class=\"failures\">";
    for (const json& u : unreadable)
      out << "<li class=\"failure\"><b>" << esc(str(u, "file")) << "</b><div class=\"said\">" << esc(str(u, "detail")) << "</div></li>";
    out << "</ul></section>\n";
  }
  out << "</body>\n</html>\n";
}

}  // namespace meldcheck
