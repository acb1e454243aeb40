// The report of `simulate --engine` as one self-contained HTML page: the run's counts, what
// was not played or compared and why, and every distinct divergence, first found first,
// with how many games showed it and its shrunk scenario. No script, no network; every text
// is escaped (the engine's answers are quoted on it).
#include <fstream>
#include <sstream>

#include "protocol/engine_lockstep.h"
#include "harness/json_fields.h"
#include "harness/replay_report.h"

namespace meldcheck {
namespace {

using nlohmann::json;
using namespace json_fields;

std::string esc(const std::string& s) { return xml_text(s); }

// The scenario a divergence was written to, when it can still be read.
std::string scenario_text(const std::string& path) {
  if (path.empty()) return "";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str().substr(0, 64 * 1024);
}

constexpr const char* kStyle = R"css(
html{font-family:"DejaVu Sans","Segoe UI",system-ui,sans-serif;font-size:15px;color:#1f2421;background:#e9e6df}
body{margin:0;padding:14px 18px 40px;max-width:1200px}
h1{font-size:1.25rem;margin:0 0 10px}
h2{font-size:1.1rem;margin:0 0 .4em}
section{background:#fbfaf7;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.16);padding:12px 16px;margin:0 0 16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em;margin:0}
dt{color:#77736a}
dd{margin:0}
code,pre{font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.88em}
pre{background:#f1eee7;padding:8px;border-radius:6px;overflow:auto;max-height:28em}
li.divergence{margin:.5em 0;padding:6px 10px;border-left:4px solid #c8463c;background:#fff;border-radius:4px;list-style:none}
ul{padding-left:1em}
.count{font-weight:700;color:#a3261d}
.bucket{color:#6a665c;font-size:.88em}
)css";

void write_list(std::ostream& out, const char* title, const json& items) {
  if (items.empty()) return;
  out << "<section><h2>" << title << "</h2><ul>";
  if (items.is_object())
    for (const auto& [what, n] : items.items()) out << "<li>" << esc(what) << ": " << (n.is_number() ? n.dump() : "?") << " games</li>";
  else
    for (const json& line : items) out << "<li>" << esc(line.is_string() ? line.get<std::string>() : line.dump()) << "</li>";
  out << "</ul></section>\n";
}

}  // namespace

void write_lockstep_html(std::ostream& out, const json& r) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>meldcheck lockstep: " << esc(str(r, "engine"))
      << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>meldcheck against " << esc(str(r, "engine")) << "</h1>\n";
  out << "<section><dl><dt>Games</dt><dd>" << num(r, "games") << " (" << num(r, "hands") << " hands, " << num(r, "steps")
      << " steps, " << num(r, "refused") << " refused)</dd><dt>Compared</dt><dd>" << num(r, "positions_compared")
      << " positions, " << num(r, "legal_steps_tried") << " listed steps tried</dd><dt>Divergences</dt><dd>"
      << list(r, "divergences").size() << " distinct</dd></dl></section>\n";
  const json& divergences = list(r, "divergences");
  if (!divergences.empty()) {
    out << "<section><h2>Divergences, first found first</h2><ul>";
    for (const json& d : divergences) {
      out << "<li class=\"divergence\"><div><b>" << esc(str(d, "kind")) << "</b> in game " << num(d, "game") << ", <span class=\"count\">"
          << num(d, "games") << (num(d, "games") == 1 ? " game" : " games") << "</span></div><div class=\"bucket\">"
          << esc(str(d, "bucket")) << "</div><div>" << esc(str(d, "message")) << "</div>";
      if (!str(d, "scenario").empty()) {
        out << "<div>Scenario <code>" << esc(str(d, "scenario")) << "</code> (" << num(d, "steps_after") << " steps, shrunk from "
            << num(d, "steps_before") << ")</div>";
        if (const std::string text = scenario_text(str(d, "scenario")); !text.empty()) out << "<pre>" << esc(text) << "</pre>";
      }
      out << "</li>";
    }
    out << "</ul></section>\n";
  }
  write_list(out, "Not played", field(r, "skipped"));
  write_list(out, "Not compared", field(r, "not_compared"));
  write_list(out, "Left to meldcheck's own rules (held only with --own-rules)", field(r, "own_rules"));
  write_list(out, "Engine failures", field(r, "engine_failures"));
  out << "</body>\n</html>\n";
}

}  // namespace meldcheck
