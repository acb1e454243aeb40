#include "tools/reproduce_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include "fuzz/targets.h"
#include "fuzz/tree_input.h"
#include "hunting/shrink.h"

namespace meldcheck {

CLI::App* add_reproduce_command(CLI::App& app, ReproduceFlags& flags) {
  std::string names;
  for (const fuzz::Target& t : fuzz::targets()) names += std::string(names.empty() ? "" : ", ") + t.name;
  auto* cmd = app.add_subcommand("reproduce", "turn a fuzz target's input into a shrunk scenario that fails on the engine");
  cmd->add_option("target", flags.target, "the fuzz target: " + names)->required();
  cmd->add_option("input", flags.input, "the input file (a crash file, a corpus entry)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--out", flags.out, "where the scenario is written (default: findings)");
  return cmd;
}

namespace {

int reproduce(const fuzz::Target& target, const std::vector<uint8_t>& bytes, const ReproduceFlags& flags) {
  const fuzz::Found found = target.run(bytes.data(), bytes.size());
  if (!found) {
    std::cout << "no finding: " << target.name << " passes on " << flags.input << "\n";
    return 0;
  }
  std::cout << "finding: " << found.message() << "\n";
  if (!found.failure) {
    std::cout << "(not about a game: no scenario to write)\n";
    return 1;
  }
  const hunt::Origin origin{"meldcheck reproduce " + std::string(target.name) + " " + flags.input,
                            found.failure->trace.actions.size()};
  const hunt::Written w = hunt::write_finding(*found.failure, origin, flags.out);
  std::cout << "scenario: " << w.path << (w.fails_on_replay ? "" : " (it does not fail when replayed)") << "\n";
  std::ifstream in(w.path);
  std::cout << "---\n" << std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return 1;
}

}  // namespace

int reproduce_command(const ReproduceFlags& flags) {
  const fuzz::Target* target = fuzz::find_target(flags.target);
  if (!target) {
    std::cerr << "meldcheck reproduce: no fuzz target '" << flags.target << "'\n";
    return 2;
  }
  std::ifstream in(flags.input, std::ios::binary);
  if (!in) {
    std::cerr << "meldcheck reproduce: cannot read " << flags.input << "\n";
    return 2;
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The scenario and ruleset targets' inputs are trees in bytes (fuzz/tree_input.h): written
  // out as YAML for a person, and for `meldcheck replay`.
  if (const std::string_view raw(reinterpret_cast<const char*>(bytes.data()), bytes.size()); fuzz::is_encoded(raw)) {
    const std::string path = flags.input + ".yaml";
    std::ofstream(path) << fuzz::input_text(raw);
    std::cout << "the input as YAML: " << path << "\n";
  }
  // In a child process, so that an input that crashes the engine is reported, not shared.
  std::cout.flush();
  const pid_t child = fork();
  if (child == 0) {
    const int status = reproduce(*target, bytes, flags);
    std::cout.flush();
    _exit(status);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0) return reproduce(*target, bytes, flags);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  std::cout << "finding: " << target->name << " crashes on " << flags.input << " (" << strsignal(WTERMSIG(status))
            << "); the input itself reproduces it: run the target's binary on it, or, for the scenario targets, "
               "`meldcheck replay` on it (on its .yaml, for an input of trees)\n";
  return 1;
}

}  // namespace meldcheck
