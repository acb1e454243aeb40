// meldcheck: replay scenario files against the rules engine, list the rulesets, play
// random games with checks.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "tools/completion.h"
#include "tools/man_page.h"
#include "harness/house.h"
#include "tools/check_command.h"
#include "tools/explore_command.h"
#include "protocol/protocol.h"
#include "files/rules_listing.h"
#include "tools/replay_command.h"
#include "tools/reproduce_command.h"
#include "tools/simulate_command.h"
#include "tools/solve.h"

namespace {

using meldcheck::RulesetLibrary;

// The rulesets built in, or those of --spec DIR.
const RulesetLibrary& library(const std::string& spec_dir, std::unique_ptr<RulesetLibrary>& holder) {
  if (spec_dir.empty()) return RulesetLibrary::embedded();
  holder = std::make_unique<RulesetLibrary>(RulesetLibrary::from_dir(spec_dir));
  return *holder;
}

// Two houses side by side; a house that is not understood is bad input.
int rules_diff_command(const std::string& a, const std::string& b, const std::string& format, const RulesetLibrary& lib) {
  try {
    const meldcheck::House ha = meldcheck::parse_house(a, lib), hb = meldcheck::parse_house(b, lib);
    const auto diff = meldcheck::diff_rules(meldcheck::resolve_house(ha, lib), meldcheck::resolve_house(hb, lib));
    meldcheck::write_rules_diff(std::cout, meldcheck::format_house(ha), meldcheck::format_house(hb), diff, format == "json");
    return 0;
  } catch (const std::invalid_argument& e) {
    std::cerr << "meldcheck rules diff: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meldcheck: rules verification for rummy-family games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "meldcheck " MELDCHECK_VERSION);
  std::string spec_dir;
  app.add_option("--spec", spec_dir, "read the rulesets from this folder instead of the built-in spec/")
      ->check(CLI::ExistingDirectory);

  meldcheck::ReplayFlags replay_flags;
  CLI::App* replay = meldcheck::add_replay_command(app, replay_flags);

  auto* rules = app.add_subcommand("rules", "list the rulesets, or one ruleset's variants, options and rule catalog");
  std::string ruleset;
  rules->add_option("ruleset", ruleset, "a ruleset id");
  auto* rules_diff = rules->add_subcommand(
      "diff", "the parameters and catalog clauses in which two houses differ (a house: ruleset[+variant...][,option=choice...])");
  std::string house_a, house_b, diff_format = "text";
  rules_diff->add_option("a", house_a, "a house, e.g. rummy500")->required();
  rules_diff->add_option("b", house_b, "another, e.g. rummy500+floating,ace-runs=round-the-corner")->required();
  rules_diff->add_option("--format", diff_format, "text or json")->check(CLI::IsMember({"text", "json"}));

  auto* solve = app.add_subcommand("solve", "print the best arrange step for each scenario's setup (rummikub)");
  std::string solve_path, goal_name;
  solve->add_option("file", solve_path, "a scenario file")->required();
  solve->add_option("--goal", goal_name, "most-tiles or most-value (default: the ruleset's)")
      ->check(CLI::IsMember({"most-tiles", "most-value"}));

  meldcheck::CheckFlags check_flags;
  CLI::App* check = meldcheck::add_check_command(app, check_flags);
  meldcheck::SimulateFlags simulate_flags;
  CLI::App* simulate = meldcheck::add_simulate_command(app, simulate_flags);
  meldcheck::ExploreFlags explore_flags;
  CLI::App* explore = meldcheck::add_explore_command(app, explore_flags);
  meldcheck::ReproduceFlags reproduce_flags;
  CLI::App* reproduce = meldcheck::add_reproduce_command(app, reproduce_flags);

  auto* serve = app.add_subcommand("serve", "meldcheck's engine behind the engine protocol (spec/engine-protocol.md), "
                                            "JSON Lines on standard input and output");

  auto* completion = app.add_subcommand("completion", "print a shell completion script: source <(meldcheck completion bash)");
  std::string shell;
  completion->add_option("shell", shell, "the shell")->required()->check(CLI::IsMember({"bash"}));
  auto* man = app.add_subcommand("man", "print the man page (roff), made from this command's definition: man -l <(meldcheck man)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // the message, on stderr
    return 2;     // a command line that is not understood is bad input
  }
  if (*completion) {
    std::cout << meldcheck::bash_completion(app, "meldcheck");
    return 0;
  }
  if (*man) {
    std::cout << meldcheck::man_page(app, "meldcheck", MELDCHECK_VERSION);
    return 0;
  }
  try {
    std::unique_ptr<RulesetLibrary> holder;
    const RulesetLibrary& lib = library(spec_dir, holder);
    if (*replay) return meldcheck::replay_command(replay_flags, lib);
    if (*check) return meldcheck::check_command(check_flags, lib);
    if (*serve) return meldcheck::serve(std::cin, std::cout, lib);
    if (*simulate) return meldcheck::simulate_command(simulate_flags, lib);
    if (*explore) return meldcheck::explore_command(explore_flags, lib);
    if (*reproduce) return meldcheck::reproduce_command(reproduce_flags);
    if (*solve) {
      std::optional<meldcheck::SolverGoal> goal;
      if (!goal_name.empty())
        goal = goal_name == "most-value" ? meldcheck::SolverGoal::kMostValue : meldcheck::SolverGoal::kMostTiles;
      return meldcheck::solve_file(std::cout, std::cerr, solve_path, lib, goal);
    }
    if (*rules_diff) return rules_diff_command(house_a, house_b, diff_format, lib);
    if (*rules) {
      if (meldcheck::describe_rules(std::cout, lib, ruleset)) return 0;
      std::cerr << "meldcheck: no ruleset '" << ruleset << "'\n";
      return 2;
    }
  } catch (const meldcheck::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  return 0;
}
