#include "tools/simulate_command.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include "harness/interrupt.h"
#include "hunting/run.h"
#include "hunting/simulate.h"
#include "protocol/engine_lockstep.h"

namespace meldcheck {
namespace {

std::string checks_help() {
  std::string s = "Checks (--checks all runs them on every step; sampled runs the per-step ones on one step in " +
                   std::to_string(hunt::kSampleEvery) +
                   " and on every step that ends a hand or is refused, the end-of-hand ones always; none checks and "
                   "counts nothing, to measure the bare engine):\n";
  for (const hunt::CheckInfo& c : hunt::all_checks())
    s += "  " + hunt::to_string(c.id) + std::string(16 - hunt::to_string(c.id).size(), ' ') + c.what +
         (c.every_step ? "" : " (end of hand)") + "\n";
  return s + "A run goes on after a finding. Findings are grouped: two are one when they are the same check at the same "
             "kind of step about the same clause or fact, whatever the cards. Each distinct one is shrunk from its first "
             "game to a minimal scenario, written under --out, and the games that met it are counted; after --max-findings "
             "distinct ones the run stops, and the command exits with 1 when there was any.";
}

// The conformance suite an installed command has beside it (<prefix>/bin/meldcheck and
// <prefix>/share/meldcheck/conformance), when it has one.
std::string installed_suite() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const std::filesystem::path suite = exe.parent_path().parent_path() / "share" / "meldcheck" / "conformance";
  return std::filesystem::is_directory(suite, ec) ? suite.string() : "";
}

// The scenarios whose citations the coverage map counts: --scenarios, else ./scenarios,
// else the installed suite, else the source tree's.
std::string scenarios_dir(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (std::filesystem::is_directory("scenarios")) return "scenarios";
  if (const std::string suite = installed_suite(); !suite.empty()) return suite;
#ifdef MELDCHECK_SCENARIOS_DIR
  return MELDCHECK_SCENARIOS_DIR;
#else
  return "scenarios";
#endif
}

struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

hunt::RunSettings settings_from(const SimulateFlags& f) {
  hunt::RunSettings s;
  s.seed = f.seed;
  if (bool(f.hands) + bool(f.matches) + bool(f.seconds) > 1) throw BadInput("give one of --hands, --matches and --seconds");
  if ((f.hands && *f.hands <= 0) || (f.matches && *f.matches <= 0)) throw BadInput("there must be at least one game to play");
  if (f.seconds && *f.seconds <= 0) throw BadInput("--seconds must be more than 0");
  if (f.matches) {
    s.budget = hunt::RunSettings::Budget::kMatches;
    s.games = uint64_t(*f.matches);
  } else if (f.seconds) {
    s.budget = hunt::RunSettings::Budget::kSeconds;
    s.seconds = *f.seconds;
  } else {
    s.games = f.hands ? uint64_t(*f.hands) : 1000;
  }
  s.jobs = f.jobs > 0 ? f.jobs : std::max(1, int(std::thread::hardware_concurrency()));
  if (!f.shard.empty()) {
    int k = 0, n = 0;
    char rest = 0;
    if (std::sscanf(f.shard.c_str(), "%d/%d%c", &k, &n, &rest) != 2 || n < 1 || k < 1 || k > n)
      throw BadInput("--shard must be K/N with 1 <= K <= N, not '" + f.shard + "'");
    s.shard = k;
    s.shards = n;
  }
  if (s.budget != hunt::RunSettings::Budget::kSeconds && hunt::shard_games(s) == 0)
    throw BadInput("this shard has no games to play (" + std::to_string(s.games) + " games in " + std::to_string(s.shards) + " shards)");
  s.play.policy = f.policy == "greedy" ? Policy::kGreedy : Policy::kRandom;
  if (f.arbitrary && (*f.arbitrary < 0 || *f.arbitrary > 1)) throw BadInput("--arbitrary must be a chance between 0 and 1");
  s.play.arbitrary = f.arbitrary.value_or(0);
  s.play.start = f.start == "positions" ? hunt::PlaySettings::Start::kPositions
                 : f.start == "deal"    ? hunt::PlaySettings::Start::kDeal
                                        : hunt::PlaySettings::Start::kMixed;
  s.play.checks = f.checks == "none" ? hunt::CheckLevel::kNone : f.checks == "sampled" ? hunt::CheckLevel::kSampled : hunt::CheckLevel::kAll;
  if (f.max_findings < 1) throw BadInput("--max-findings must be at least 1");
  s.max_findings = f.stop_on_first ? 1 : size_t(f.max_findings);
  return s;
}

// The progress line on stderr, on a terminal only.
class ProgressLine {
 public:
  explicit ProgressLine(bool on) : on_(on) {}
  void show(const hunt::Progress& p) {
    if (!on_ || p.seconds - last_ < 0.25) return;
    last_ = p.seconds;
    const double rate = p.seconds > 0 ? double(p.actions) / p.seconds : 0;
    double left = -1;
    if (p.games_total > 0 && p.games_done > 0) left = p.seconds * double(p.games_total - p.games_done) / double(p.games_done);
    else if (p.seconds_budget > 0) left = std::max(0.0, p.seconds_budget - p.seconds);
    std::fprintf(stderr, "\r%llu%s games, %.0f actions/s, %s left   ", (unsigned long long)p.games_done,
                 p.games_total ? (" of " + std::to_string(p.games_total)).c_str() : "", rate,
                 left < 0 ? "?" : (std::to_string(int(left)) + " s").c_str());
    shown_ = true;
  }
  ~ProgressLine() {
    if (shown_) std::fprintf(stderr, "\r%60s\r", "");
  }

 private:
  bool on_;
  bool shown_ = false;
  double last_ = -1;
};

int merge_command(const SimulateFlags& f, const RulesetLibrary& library) {
  hunt::Report merged;
  try {
    merged = hunt::merge_report_files(f.merge);
  } catch (const std::invalid_argument& e) {
    throw BadInput(e.what());
  }
  if (f.format == "json") std::cout << hunt::to_json(merged, library);
  else hunt::write_text(std::cout, merged, library);
  return merged.findings.empty() ? 0 : 1;
}

// `--engine CMD`: the games played in lockstep with another engine, on one job (an engine
// process plays one game at a time).
int lockstep_command(const SimulateFlags& f, const hunt::RunSettings& run, const hunt::ConfigSpace& space,
                     const RulesetLibrary& library) {
  if (!f.merge.empty() || !f.shard.empty()) throw BadInput("--engine plays one run: no --shard or --merge");
  if (f.policy != "random") throw BadInput("--engine plays the random policy");
  LockstepSettings s;
  s.engine = {.command = f.engine,
              .timeout = std::chrono::milliseconds(f.timeout_ms),
              .strict_rule_ids = f.rule_ids == "strict",
              .hold_own_rules = f.own_rules};
  s.max_findings = run.max_findings;
  try {
    s.engine.rule_map = read_rule_map(f.rule_map);
  } catch (const std::invalid_argument& e) {
    throw BadInput(e.what());
  }
  s.seed = run.seed;
  s.games = run.games;
  s.whole_match = run.budget == hunt::RunSettings::Budget::kMatches;
  if (run.budget == hunt::RunSettings::Budget::kSeconds) s.seconds = run.seconds;
  s.arbitrary = f.arbitrary.value_or(0.1);
  s.start = f.start == "positions" ? hunt::PlaySettings::Start::kPositions
            : f.start == "deal"    ? hunt::PlaySettings::Start::kDeal
                                   : hunt::PlaySettings::Start::kMixed;
  s.legal = f.legal == "none" ? LegalCompare::kNone : f.legal == "sampled" ? LegalCompare::kSampled : LegalCompare::kAll;
  s.jobs = run.jobs;
  s.out = f.out;
  s.how = "meldcheck simulate --engine '" + f.engine + "' --seed " + std::to_string(run.seed) +
          (f.start != "mixed" ? " --start " + f.start : "") +
          (f.ruleset != "all" ? " --ruleset " + f.ruleset : "");
  LockstepReport report;
  try {
    const InterruptFlag interrupt;  // Ctrl-C ends the run early, the report so far printed
    report = run_lockstep(space, s, library, interrupt.flag());
  } catch (const std::runtime_error& e) {
    std::cerr << "meldcheck simulate: " << e.what() << "\n";
    return 2;
  }
  write_lockstep_report(std::cout, report,
                        f.format == "json"   ? LockstepFormat::kJson
                        : f.format == "html" ? LockstepFormat::kHtml
                                             : LockstepFormat::kText);
  if (!report.divergences.empty() || !report.engine_failures.empty()) return 1;
  if (report.interrupted) return 130;
  if (report.games == 0) {
    std::cerr << "meldcheck simulate: the engine plays none of these games\n";
    return 2;
  }
  return 0;
}

}  // namespace

CLI::App* add_simulate_command(CLI::App& app, SimulateFlags& f) {
  CLI::App* sim = app.add_subcommand("simulate", "play random games with every check on; a finding is shrunk to a scenario");
  sim->footer(checks_help());
  sim->add_option("--ruleset", f.ruleset, "a ruleset id, or all")->capture_default_str();
  sim->add_option("--variants", f.variants, "variant ids, comma-separated (default: every mix, drawn evenly)")->delimiter(',');
  sim->add_option("--option", f.options, "an option's choice, K=V (default: choices drawn evenly)")->allow_extra_args(false);
  sim->add_option("--players", f.players, "the number of players (default: every count, drawn evenly)");
  auto* hands = sim->add_option("--hands", f.hands, "play this many hands, each from a fresh deal (default 1000)");
  auto* matches = sim->add_option("--matches", f.matches, "play this many whole matches");
  auto* seconds = sim->add_option("--seconds", f.seconds, "play hands for this long");
  hands->excludes(matches)->excludes(seconds);
  matches->excludes(seconds);
  sim->add_option("--seed", f.seed, "the run's seed: the same seed, the same games and report")->capture_default_str();
  sim->add_option("--jobs", f.jobs, "jobs playing side by side (default: the cores)");
  sim->add_option("--policy", f.policy, "random: uniformly among the legal actions; greedy: go out, meld, lay off first")
      ->check(CLI::IsMember({"random", "greedy"}))
      ->capture_default_str();
  sim->add_option("--start", f.start,
                  "deal: each game from its deal; positions: from a boundary position (the target, the last round, "
                  "a short stock or hand, an opening one card short, a joker standing for a held card, twins, a hand near its bound of turns, "
                  "a hand about to end with the leaders tied, a discard on offer to several, whole melds or jokers in hand); "
                  "mixed: one game in four from a boundary position, the others from their deal")
      ->check(CLI::IsMember({"deal", "positions", "mixed"}))
      ->capture_default_str();
  sim->add_option("--arbitrary", f.arbitrary, "the chance that a step is an arbitrary action, to be refused cleanly (default 0; 0.1 with --engine)");
  sim->add_option("--checks", f.checks, "all, sampled or none (below)")->check(CLI::IsMember({"all", "sampled", "none"}))->capture_default_str();
  sim->add_option("--format", f.format, "text or json; html with --engine")->check(CLI::IsMember({"text", "json", "html"}))->capture_default_str();
  sim->add_option("--out", f.out, "where findings are written")->capture_default_str();
  sim->add_option("--shard", f.shard, "K/N: play the K-th of N disjoint parts of the run");
  sim->add_option("--merge", f.merge, "merge the JSON reports of a run's shards into the whole run's report");
  sim->add_option("--scenarios", f.scenarios, "the scenarios whose citations the coverage map counts (default scenarios/)");
  sim->add_flag("--quiet", f.quiet, "no progress line");
  sim->add_option("--max-findings", f.max_findings, "stop after this many distinct findings, each shrunk and written once")
      ->capture_default_str();
  sim->add_flag("--stop-on-first", f.stop_on_first, "stop at the first finding (--max-findings 1)");
  sim->add_option("--engine", f.engine,
                  "play in lockstep with another engine through the engine protocol (spec/engine-protocol.md), "
                  "comparing verdicts, positions and its legal steps after every step: a command, run with /bin/sh -c");
  sim->add_option("--timeout", f.timeout_ms, "with --engine: milliseconds an answer may take")->check(CLI::Range(1, 3600000))->capture_default_str();
  sim->add_option("--rule-ids", f.rule_ids, "with --engine: loose (legal or refused) or strict (the same rule id too)")
      ->check(CLI::IsMember({"loose", "strict"}))
      ->capture_default_str();
  sim->add_option("--rule-map", f.rule_map, "with --engine: a JSON object from the engine's reasons to rule ids");
  sim->add_flag("--own-rules", f.own_rules,
                "with --engine: hold the engine to meldcheck's own rules too (its bound of turns, its notation); without "
                "it a game is left where one decides");
  sim->add_option("--legal", f.legal,
                  "with --engine: try the steps the engine lists on meldcheck's engine at every step (all), at one in " +
                      std::to_string(hunt::kSampleEvery) + " (sampled) or never (none)")
      ->check(CLI::IsMember({"all", "sampled", "none"}))
      ->capture_default_str();
  return sim;
}

int simulate_command(const SimulateFlags& f, const RulesetLibrary& library) {
  try {
    if (!f.merge.empty()) return merge_command(f, library);
    const hunt::RunSettings settings = settings_from(f);
    std::map<std::string, std::string> options;
    for (const std::string& kv : f.options) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size()) throw BadInput("--option must be K=V, not '" + kv + "'");
      options[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    std::vector<std::string> rulesets;
    if (f.ruleset != "all")
      for (std::string& r : split(f.ruleset, ','))
        if (!r.empty()) rulesets.push_back(std::move(r));
    std::optional<std::vector<std::string>> variants;
    if (!f.variants.empty()) variants = f.variants;
    std::optional<hunt::ConfigSpace> space;
    try {
      space.emplace(library, rulesets, variants, options, f.players);
    } catch (const std::invalid_argument& e) {
      throw BadInput(e.what());
    }

    if (!f.engine.empty()) return lockstep_command(f, settings, *space, library);
    if (f.format == "html") throw BadInput("--format html is the report of --engine");

    hunt::RunResult result;
    {
      const InterruptFlag interrupt;  // Ctrl-C ends the run early, the report so far printed
      ProgressLine line(!f.quiet && isatty(STDERR_FILENO) && !std::getenv("NO_COLOR"));
      result = hunt::run(*space, settings, interrupt.flag(), [&](const hunt::Progress& p) { line.show(p); });
    }
    const hunt::RunRequest request{.policy = f.policy,
                                   .checks = f.checks,
                                   .start = f.start,
                                   .variants = variants,
                                   .options = options,
                                   .players = f.players,
                                   .scenarios_dir = scenarios_dir(f.scenarios),
                                   .out = f.out};
    std::vector<std::string> warnings;
    const hunt::Report report = hunt::report_run(*space, settings, request, library, std::move(result), warnings);
    for (const std::string& w : warnings) std::cerr << "meldcheck simulate: " << w << "\n";
    if (f.format == "json") std::cout << hunt::to_json(report, library);
    else hunt::write_text(std::cout, report, library);
    if (!report.findings.empty()) return 1;
    return report.interrupted ? 130 : 0;
  } catch (const BadInput& e) {
    std::cerr << "meldcheck simulate: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace meldcheck
