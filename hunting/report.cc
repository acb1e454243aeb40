#include "hunting/report.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "files/json_text.h"
#include "hunting/play.h"
#include "harness/replay.h"
#include "files/scenario.h"

namespace meldcheck::hunt {

using nlohmann::json;

namespace {

constexpr int kReportVersion = 1;

struct CoverageRow {
  std::string clause;
  int64_t scenarios = 0, passed = 0, refused = 0;
  bool refuses = false;  // the clause has checks, so play can reach it both ways
  std::string one_way;   // spec/ names it reached only "passed" or only "refused"
  bool reached() const { return passed > 0 || refused > 0; }
  bool both_ways() const { return passed > 0 && (refused > 0 || !refuses); }
  // Reached the one way spec/ names, and never the other.
  bool named_way() const {
    return (one_way == "passed" && passed > 0 && refused == 0) || (one_way == "refused" && refused > 0 && passed == 0);
  }
  // Both ways, as spec/ expects of it.
  bool both_ways_as_named() const { return both_ways() && one_way.empty(); }
  // How play reached it: "" both ways (or passed, for a clause that refuses nothing).
  const char* gap() const {
    if (!reached()) return "never reached";
    if (named_way()) return one_way == "passed" ? "passes only (spec/ says why)" : "refuses only (spec/ says why)";
    if (both_ways()) return one_way.empty() ? "" : "reached both ways, though spec/ names it one way";
    return passed == 0 ? "never passed" : "never refused";
  }
};

// Every clause of the run's rulesets, those play never reached first, each group in the
// rulesets' and catalogs' order.
std::vector<CoverageRow> coverage_rows(const Report& r, const RulesetLibrary& library) {
  std::vector<CoverageRow> rows;
  for (const std::string& id : r.rulesets) {
    const RulesetSpec* spec = library.find(id);
    if (!spec) continue;
    const auto& catalog = spec->base().catalog;
    const auto tally = r.stats.clauses.find(id);
    for (size_t i = 0; i < catalog.size(); ++i) {
      CoverageRow row{catalog[i].id};
      row.refuses = !catalog[i].checks.empty();
      row.one_way = catalog[i].one_way;
      if (auto c = r.cited.find(row.clause); c != r.cited.end()) row.scenarios = c->second;
      if (tally != r.stats.clauses.end() && i < tally->second.size())
        row.passed = tally->second[i].passed, row.refused = tally->second[i].refused;
      rows.push_back(row);
    }
  }
  std::stable_partition(rows.begin(), rows.end(), [](const CoverageRow& row) { return !row.both_ways_as_named(); });
  std::stable_partition(rows.begin(), rows.end(), [](const CoverageRow& row) { return !row.reached(); });
  return rows;
}

json seats_json(const SeatTally& s, int players) {
  json points = json::array(), wins = json::array();
  for (int i = 0; i < players; ++i) points.push_back(s.points[size_t(i)]), wins.push_back(s.wins[size_t(i)]);
  return {{"hands", s.hands}, {"points", points}, {"wins", wins}};
}

int players_of(const std::string& key) { return std::stoi(key.substr(key.rfind('/') + 1)); }

template <typename T>
T get(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) throw std::invalid_argument(where + ": no '" + key + "'");
  try {
    return j.at(key).get<T>();
  } catch (const json::exception& e) {
    throw std::invalid_argument(where + ": '" + key + "': " + e.what());
  }
}

}  // namespace

std::string to_json(const Report& r, const RulesetLibrary& library) {
  json run = {{"seed", r.seed},       {"policy", r.policy},     {"checks", r.checks},
              {"arbitrary", r.arbitrary}, {"start", r.start}, {"rulesets", r.rulesets}, {"options", r.options},
              {"players", r.players}, {"budget", {{"kind", r.budget}, {"amount", r.amount}}},
              {"shard", {{"index", r.shard}, {"count", r.shards}}}};
  run["variants"] = r.variants ? json(*r.variants) : json(nullptr);
  json histogram = json::array();
  for (const auto& [len, n] : r.stats.hand_lengths) histogram.push_back({len, n});
  json ends = json::object();
  for (const auto& [id, e] : r.stats.ends)
    ends[id] = {{"went_out", e.went_out}, {"stock_ran_dry", e.stock_ran_dry}, {"turn_bound", e.turn_bound}};
  json seats = json::object();
  for (const auto& [key, s] : r.stats.seats) seats[key] = seats_json(s, players_of(key));
  json coverage = json::array();
  for (const CoverageRow& row : coverage_rows(r, library)) {
    json entry = {{"clause", row.clause},
                  {"scenarios", row.scenarios},
                  {"passed", row.passed},
                  {"refused", row.refused},
                  {"refuses", row.refuses}};
    if (!row.one_way.empty()) entry["one_way"] = row.one_way;
    coverage.push_back(std::move(entry));
  }
  json raw = json::object();  // the clause tallies as counted, for merging
  for (const auto& [id, tallies] : r.stats.clauses) {
    json list = json::array();
    for (const ClauseTally& t : tallies) list.push_back({t.passed, t.refused});
    raw[id] = list;
  }
  json findings = json::array();
  for (const FindingEntry& f : r.findings)
    findings.push_back({{"check", f.check}, {"message", f.message}, {"scenario", f.scenario}, {"game", f.game},
                        {"bucket", f.bucket}, {"games", f.games}});
  json cited = json::object();
  for (const auto& [id, n] : r.cited) cited[id] = n;
  json out = {
      {"meldcheck_simulate_report", kReportVersion},
      {"run", run},
      {"games", r.stats.games},
      {"hands", r.stats.hands},
      {"matches", r.stats.matches},
      {"actions", r.stats.actions},
      {"hand_length",
       {{"median", r.stats.hand_length(0.5)}, {"p90", r.stats.hand_length(0.9)},
        {"max", r.stats.hand_lengths.empty() ? 0 : r.stats.hand_lengths.rbegin()->first}, {"histogram", histogram}}},
      {"ends", ends},
      {"starts", r.stats.starts},
      {"seats", seats},
      {"coverage", coverage},
      {"clause_tallies", raw},
      {"scenario_citations", cited},
      {"findings", findings},
      {"actions_per_second", r.actions_per_second()},
      {"hands_per_second", r.hands_per_second()},
      {"timing", {{"seconds", r.seconds}, {"cpu_seconds", r.cpu_seconds}, {"jobs", r.jobs}, {"interrupted", r.interrupted}}},
  };
  return json_text(out, 2) + "\n";
}

Report report_from_json(const std::string& text, const std::string& file) {
  json j;
  try {
    // Through a pointer range: in the fuzz build hunting/ traces no comparisons, and the
    // reader of strings is a template the protocol's readers share, traced (CMakeLists.txt).
    j = json::parse(text.data(), text.data() + text.size());
  } catch (const json::exception& e) {
    throw std::invalid_argument(file + ": not JSON: " + e.what());
  }
  if (!j.is_object() || get<int>(j, "meldcheck_simulate_report", file) != kReportVersion)
    throw std::invalid_argument(file + ": not a meldcheck simulate report of version " + std::to_string(kReportVersion));
  Report r;
  const json& run = j.at("run");
  const std::string where = file + ": run";
  r.seed = get<uint64_t>(run, "seed", where);
  r.policy = get<std::string>(run, "policy", where);
  r.checks = get<std::string>(run, "checks", where);
  r.arbitrary = get<double>(run, "arbitrary", where);
  if (run.contains("start")) r.start = get<std::string>(run, "start", where);
  r.rulesets = get<std::vector<std::string>>(run, "rulesets", where);
  if (!run.at("variants").is_null()) r.variants = get<std::vector<std::string>>(run, "variants", where);
  r.options = get<std::map<std::string, std::string>>(run, "options", where);
  r.players = get<int>(run, "players", where);
  r.budget = get<std::string>(run.at("budget"), "kind", where);
  r.amount = get<double>(run.at("budget"), "amount", where);
  r.shard = get<int>(run.at("shard"), "index", where);
  r.shards = get<int>(run.at("shard"), "count", where);
  r.stats.games = get<int64_t>(j, "games", file);
  r.stats.hands = get<int64_t>(j, "hands", file);
  r.stats.matches = get<int64_t>(j, "matches", file);
  r.stats.actions = get<int64_t>(j, "actions", file);
  for (const json& pair : j.at("hand_length").at("histogram")) r.stats.hand_lengths[pair.at(0).get<int64_t>()] = pair.at(1).get<int64_t>();
  if (j.contains("starts")) r.stats.starts = get<std::map<std::string, int64_t>>(j, "starts", file);
  for (const auto& [id, e] : j.at("ends").items())
    r.stats.ends[id] = {get<int64_t>(e, "went_out", file), get<int64_t>(e, "stock_ran_dry", file), get<int64_t>(e, "turn_bound", file)};
  for (const auto& [key, s] : j.at("seats").items()) {
    SeatTally t;
    t.hands = get<int64_t>(s, "hands", file);
    const auto points = get<std::vector<int64_t>>(s, "points", file), wins = get<std::vector<int64_t>>(s, "wins", file);
    for (size_t i = 0; i < points.size() && i < size_t(kMaxPlayers); ++i) t.points[i] = points[i];
    for (size_t i = 0; i < wins.size() && i < size_t(kMaxPlayers); ++i) t.wins[i] = wins[i];
    r.stats.seats[key] = t;
  }
  for (const auto& [id, list] : j.at("clause_tallies").items())
    for (const json& t : list) r.stats.clauses[id].push_back({t.at(0).get<int64_t>(), t.at(1).get<int64_t>()});
  r.cited = get<std::map<std::string, int64_t>>(j, "scenario_citations", file);
  for (const json& f : j.at("findings"))
    r.findings.push_back({get<std::string>(f, "check", file), get<std::string>(f, "message", file),
                          get<std::string>(f, "scenario", file), get<uint64_t>(f, "game", file),
                          get<std::string>(f, "bucket", file), get<uint64_t>(f, "games", file)});
  const json& timing = j.at("timing");
  r.seconds = get<double>(timing, "seconds", file);
  r.cpu_seconds = get<double>(timing, "cpu_seconds", file);
  r.jobs = get<int>(timing, "jobs", file);
  r.interrupted = get<bool>(timing, "interrupted", file);
  return r;
}

Report merge(const std::vector<Report>& shards) {
  if (shards.empty()) throw std::invalid_argument("no reports to merge");
  Report out = shards[0];
  out.stats = {};
  out.findings.clear();
  out.seconds = out.cpu_seconds = 0;
  out.jobs = 0;
  out.interrupted = false;
  std::set<int> seen;
  for (const Report& r : shards) {
    if (r.seed != out.seed || r.policy != out.policy || r.checks != out.checks || r.arbitrary != out.arbitrary || r.start != out.start ||
        r.rulesets != out.rulesets || r.variants != out.variants || r.options != out.options || r.players != out.players ||
        r.budget != out.budget || r.amount != out.amount || r.shards != out.shards)
      throw std::invalid_argument("the reports are not shards of one run (seed, policy, checks, rulesets or budget differ)");
    if (!seen.insert(r.shard).second) throw std::invalid_argument("shard " + std::to_string(r.shard) + " is given twice");
    out.stats.merge(r.stats);
    for (const FindingEntry& f : r.findings) {  // one finding a bucket: its first game, every shard's games
      auto same = std::find_if(out.findings.begin(), out.findings.end(), [&](const FindingEntry& g) { return g.bucket == f.bucket; });
      if (same == out.findings.end()) {
        out.findings.push_back(f);
        continue;
      }
      const uint64_t games = same->games + f.games;
      if (f.game < same->game) *same = f;
      same->games = games;
    }
    out.seconds = std::max(out.seconds, r.seconds);  // shards run side by side
    out.cpu_seconds += r.cpu_seconds;
    out.jobs += r.jobs;
    out.interrupted |= r.interrupted;
  }
  if (int(seen.size()) != out.shards)
    throw std::invalid_argument("shards missing: " + std::to_string(seen.size()) + " of " + std::to_string(out.shards) + " given");
  std::sort(out.findings.begin(), out.findings.end(), [](const FindingEntry& a, const FindingEntry& b) { return a.game < b.game; });
  out.shard = out.shards = 1;
  return out;
}

void write_text(std::ostream& out, const Report& r, const RulesetLibrary& library) {
  char line[256];
  out << "meldcheck simulate: seed " << r.seed << ", policy " << r.policy << ", checks " << r.checks;
  if (r.arbitrary > 0) out << ", arbitrary " << r.arbitrary;
  if (r.start == "positions") out << ", from positions";
  if (r.start == "mixed") out << ", one game in " << PlaySettings::kBoundaryEvery << " from a boundary position";
  if (r.shards > 1) out << ", shard " << r.shard << "/" << r.shards;
  out << (r.interrupted ? " (interrupted)" : "") << "\n";
  std::snprintf(line, sizeof line, "%lld games, %lld hands, %lld matches, %lld actions in %.1f s: %.0f actions/s, %.0f hands/s (%d jobs)\n",
                (long long)r.stats.games, (long long)r.stats.hands, (long long)r.stats.matches, (long long)r.stats.actions,
                r.seconds, r.actions_per_second(), r.hands_per_second(), r.jobs);
  out << line;
  if (r.findings.empty()) out << "no findings\n";
  for (const FindingEntry& f : r.findings)
    out << "FINDING " << f.check << " in game " << f.game << (f.games > 1 ? " and " + std::to_string(f.games - 1) + " more" : "")
        << ": " << f.message << "\n  " << f.bucket << "\n  scenario: " << f.scenario << "\n";
  std::snprintf(line, sizeof line, "hand length in actions: median %lld, p90 %lld, max %lld\n", (long long)r.stats.hand_length(0.5),
                (long long)r.stats.hand_length(0.9),
                (long long)(r.stats.hand_lengths.empty() ? 0 : r.stats.hand_lengths.rbegin()->first));
  out << line;
  if (!r.stats.starts.empty()) {
    out << "\nstarted from boundary positions:";
    for (const auto& [bends, n] : r.stats.starts) out << " " << bends << " " << n << ";";
    out << "\n";
  }
  out << "\nhow hands ended:\n";
  std::snprintf(line, sizeof line, "  %-18s %10s %14s %11s\n", "ruleset", "went out", "stock ran dry", "turn bound");
  out << line;
  for (const auto& [id, e] : r.stats.ends) {
    std::snprintf(line, sizeof line, "  %-18s %10lld %14lld %11lld\n", id.c_str(), (long long)e.went_out,
                  (long long)e.stock_ran_dry, (long long)e.turn_bound);
    out << line;
  }
  out << "\npoints and wins (going out) by seat, from the hand's first player:\n";
  for (const auto& [key, s] : r.stats.seats) {
    out << "  " << key.substr(0, key.rfind('/')) << ", " << players_of(key) << " players, " << s.hands << " hands:";
    for (int i = 0; i < players_of(key); ++i) {
      std::snprintf(line, sizeof line, " %d: %+.1f pts %lld wins;", i + 1, s.hands ? double(s.points[size_t(i)]) / double(s.hands) : 0.0,
                    (long long)s.wins[size_t(i)]);
      out << line;
    }
    out << "\n";
  }
  const std::vector<CoverageRow> rows = coverage_rows(r, library);
  const auto both = std::count_if(rows.begin(), rows.end(), [](const CoverageRow& row) { return row.both_ways_as_named(); });
  const auto named = std::count_if(rows.begin(), rows.end(), [](const CoverageRow& row) { return row.named_way(); });
  out << "\nrule coverage (scenarios citing the clause, steps of play passing through it, refusals in its name;"
         " clauses play never reached first, then those reached one way; '-': a clause that refuses nothing):\n";
  out << "  " << both << " of " << rows.size() << " clauses reached both ways (passed, and refused where they refuse)";
  if (named > 0) out << ", " << named << " more the one way spec/ names (one_way)";
  out << "\n";
  std::snprintf(line, sizeof line, "  %-48s %9s %12s %10s\n", "clause", "scenarios", "passed", "refused");
  out << line;
  for (const CoverageRow& row : rows) {
    const std::string refused = row.refuses ? std::to_string(row.refused) : "-";
    std::snprintf(line, sizeof line, "  %-48s %9lld %12lld %10s%s%s\n", row.clause.c_str(), (long long)row.scenarios,
                  (long long)row.passed, refused.c_str(), *row.gap() ? "  " : "", row.gap());
    out << line;
  }
}

std::map<std::string, int64_t> scenario_citations(const std::string& dir, const RulesetLibrary& library) {
  std::map<std::string, int64_t> cited;
  for (const std::string& file : scenario_files(dir)) {
    try {
      for (const Scenario& sc : load_scenarios(file, library))
        for (const std::string& id : sc.cites) ++cited[id];
    } catch (const InputError&) {
    }
  }
  return cited;
}

}  // namespace meldcheck::hunt
