#include "tools/explore_command.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "files/scenario.h"
#include "hunting/boundary.h"
#include "hunting/explore.h"
#include "hunting/scenario_case.h"
#include "hunting/shrink.h"

namespace meldcheck {
namespace {

// The starts asked for: each scenario's, or boundary positions of random games.
std::vector<hunt::ExploreStart> starts_of(const ExploreFlags& f, const RulesetLibrary& library) {
  std::vector<hunt::ExploreStart> starts;
  for (const std::string& file : f.files)
    for (const hunt::ScenarioCases& sc : hunt::parse_cases(read_text_file(file, YamlLimits{}.max_bytes), file, library)) {
      const hunt::Case& c = sc.cases.front();
      starts.push_back({.name = file + ": " + sc.name, .config = c.config, .state = c.start, .deal = c.deal});
    }
  if (f.positions > 0) {
    std::vector<std::string> rulesets;
    if (f.ruleset != "all") rulesets.push_back(f.ruleset);
    const hunt::ConfigSpace space(library, rulesets, std::nullopt, {}, f.players);
    for (uint64_t i = 0; i < f.positions; ++i) {
      const hunt::GameSpec game = space.game(f.seed, i);
      const hunt::BoundaryPosition b = hunt::boundary_position(game);
      std::string bends;
      for (hunt::Boundary k : b.bends) bends += (bends.empty() ? "" : "+") + std::string(hunt::boundary_name(k));
      starts.push_back({.name = "position " + std::to_string(i) + " (" + game.config->ruleset + ", " +
                                (bends.empty() ? "play" : bends) + ")",
                        .config = game.config,
                        .state = b.state});
    }
  }
  return starts;
}

}  // namespace

CLI::App* add_explore_command(CLI::App& app, ExploreFlags& f) {
  CLI::App* cmd = app.add_subcommand(
      "explore", "every position a few steps from a scenario's start (or from boundary positions), each step judged by every "
                 "check; prints the distinct positions at each depth (like perft)");
  cmd->add_option("files", f.files, "scenario files: each scenario's start");
  cmd->add_option("--positions", f.positions, "explore from this many boundary positions (simulate --start positions)");
  cmd->add_option("--ruleset", f.ruleset, "with --positions: one ruleset (default: all)");
  cmd->add_option("--players", f.players, "with --positions: the number of players");
  cmd->add_option("--seed", f.seed, "with --positions: the seed of the positions")->capture_default_str();
  cmd->add_option("--depth", f.depth, "steps from the start")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--nodes", f.nodes, "distinct positions at most, per start")->capture_default_str();
  cmd->add_option("--seconds", f.seconds, "time at most, per start");
  cmd->add_option("--jobs", f.jobs, "positions expanded side by side (default: the cores)");
  cmd->add_option("--near", f.near, "steps near each listed one, judged")->check(CLI::Range(0, 64))->capture_default_str();
  cmd->add_option("--out", f.out, "where a finding's scenario is written")->capture_default_str();
  return cmd;
}

int explore_command(const ExploreFlags& f, const RulesetLibrary& library) {
  std::vector<hunt::ExploreStart> starts;
  try {
    starts = starts_of(f, library);
  } catch (const InputError& e) {
    std::cerr << "meldcheck explore: " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "meldcheck explore: " << e.what() << "\n";
    return 2;
  }
  if (starts.empty()) {
    std::cerr << "meldcheck explore: no start (give scenario files or --positions N)\n";
    return 2;
  }
  hunt::ExploreLimits limits;
  limits.depth = f.depth;
  limits.nodes = f.nodes;
  limits.seconds = f.seconds;
  limits.jobs = f.jobs > 0 ? f.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  limits.near = f.near;
  const std::atomic<bool> stop{false};
  const bool show_progress = isatty(STDERR_FILENO) && !std::getenv("NO_COLOR");
  for (const hunt::ExploreStart& start : starts) {
    // The progress line, on a terminal: the depth done and the positions so far.
    auto progress = [&](int depth, uint64_t positions) {
      if (show_progress) std::cerr << "\r" << start.name << ": depth " << depth << ", " << positions << " positions\033[K" << std::flush;
    };
    const hunt::ExploreResult r = hunt::explore(start, limits, stop, progress);
    if (show_progress) std::cerr << "\r\033[K" << std::flush;
    std::cout << start.name << ": positions by depth";
    for (size_t d = 0; d < r.positions.size(); ++d) std::cout << (d ? ", " : " ") << d << ": " << r.positions[d];
    std::cout << "; " << r.edges << " legal steps, " << r.steps << " steps judged" << (r.complete ? "" : " (cut short)") << "\n";
    if (!r.failure) continue;
    const std::string how = "meldcheck explore, from " + start.name + " at depth " + std::to_string(r.failure->trace.actions.size());
    const hunt::Written written = hunt::write_finding(*r.failure, {how, r.failure->trace.actions.size()}, f.out);
    std::cout << "FINDING " << hunt::to_string(written.finding.check) << ": " << written.finding.message << "\n  scenario: " << written.path << "\n";
    return 1;
  }
  std::cout << "no findings\n";
  return 0;
}

}  // namespace meldcheck
