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

// The commands main() defines here, beside those with a file of their own.
struct Commands {
  CLI::App *replay, *rules, *rules_diff, *solve, *check, *simulate, *explore, *reproduce, *serve, *completion, *man;
  meldcheck::ReplayFlags replay_flags;
  std::string ruleset;
  std::string house_a, house_b, diff_format = "text";
  std::string solve_path, goal_name;
  meldcheck::CheckFlags check_flags;
  meldcheck::SimulateFlags simulate_flags;
  meldcheck::ExploreFlags explore_flags;
  meldcheck::ReproduceFlags reproduce_flags;
  std::string shell;
};

void add_commands(CLI::App& app, Commands& c) {
  c.replay = meldcheck::add_replay_command(app, c.replay_flags);

  c.rules = app.add_subcommand("rules", "list the rulesets, or one ruleset's variants, options and rule catalog");
  c.rules->add_option("ruleset", c.ruleset, "a ruleset id");
  c.rules_diff = c.rules->add_subcommand(
      "diff", "the parameters and catalog clauses in which two houses differ (a house: ruleset[+variant...][,option=choice...])");
  c.rules_diff->add_option("a", c.house_a, "a house, e.g. rummy500")->required();
  c.rules_diff->add_option("b", c.house_b, "another, e.g. rummy500+floating,ace-runs=round-the-corner")->required();
  c.rules_diff->add_option("--format", c.diff_format, "text or json")->check(CLI::IsMember({"text", "json"}));

  c.solve = app.add_subcommand("solve", "print the best arrange step for each scenario's setup (rummikub)");
  c.solve->add_option("file", c.solve_path, "a scenario file")->required();
  c.solve->add_option("--goal", c.goal_name, "most-tiles or most-value (default: the ruleset's)")
      ->check(CLI::IsMember({"most-tiles", "most-value"}));

  c.check = meldcheck::add_check_command(app, c.check_flags);
  c.simulate = meldcheck::add_simulate_command(app, c.simulate_flags);
  c.explore = meldcheck::add_explore_command(app, c.explore_flags);
  c.reproduce = meldcheck::add_reproduce_command(app, c.reproduce_flags);

  c.serve = app.add_subcommand("serve", "meldcheck's engine behind the engine protocol (spec/engine-protocol.md), "
                                        "JSON Lines on standard input and output");

  c.completion = app.add_subcommand("completion", "print a shell completion script: source <(meldcheck completion bash)");
  c.completion->add_option("shell", c.shell, "the shell")->required()->check(CLI::IsMember({"bash"}));
  c.man = app.add_subcommand("man", "print the man page (roff), made from this command's definition: man -l <(meldcheck man)");
}

// The command asked for, on the rulesets given.
int run_command(const Commands& c, const RulesetLibrary& lib) {
  if (*c.replay) return meldcheck::replay_command(c.replay_flags, lib);
  if (*c.check) return meldcheck::check_command(c.check_flags, lib);
  if (*c.serve) return meldcheck::serve(std::cin, std::cout, lib);
  if (*c.simulate) return meldcheck::simulate_command(c.simulate_flags, lib);
  if (*c.explore) return meldcheck::explore_command(c.explore_flags, lib);
  if (*c.reproduce) return meldcheck::reproduce_command(c.reproduce_flags);
  if (*c.solve) {
    std::optional<meldcheck::SolverGoal> goal;
    if (!c.goal_name.empty())
      goal = c.goal_name == "most-value" ? meldcheck::SolverGoal::kMostValue : meldcheck::SolverGoal::kMostTiles;
    return meldcheck::solve_file(std::cout, std::cerr, c.solve_path, lib, goal);
  }
  if (*c.rules_diff) return rules_diff_command(c.house_a, c.house_b, c.diff_format, lib);
  if (*c.rules) {
    if (meldcheck::describe_rules(std::cout, lib, c.ruleset)) return 0;
    std::cerr << "meldcheck: no ruleset '" << c.ruleset << "'\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meldcheck: rules verification for rummy-family games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "meldcheck " MELDCHECK_VERSION);
  std::string spec_dir;
  app.add_option("--spec", spec_dir, "read the rulesets from this folder instead of the built-in spec/")
      ->check(CLI::ExistingDirectory);
  Commands commands;
  add_commands(app, commands);

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
  if (*commands.completion) {
    std::cout << meldcheck::bash_completion(app, "meldcheck");
    return 0;
  }
  if (*commands.man) {
    std::cout << meldcheck::man_page(app, "meldcheck", MELDCHECK_VERSION);
    return 0;
  }
  try {
    std::unique_ptr<RulesetLibrary> holder;
    return run_command(commands, library(spec_dir, holder));
  } catch (const meldcheck::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
}
