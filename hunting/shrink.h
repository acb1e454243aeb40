// Shrinking a failing game to a minimal scenario, and writing it. Delta debugging on the
// scenario, not on the seed: the deal is replaced by a setup (the state before the failing
// step), steps that are not needed go, then every card the failure does not need leaves
// the setup (out of play), as long as the same check still fails.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hunting/checks.h"
#include "hunting/play.h"

namespace meldcheck::hunt {

// A game as a scenario states it: from the rules' deal or from a setup, and steps.
struct Case {
  std::shared_ptr<const Config> config;
  std::optional<DealInfo> deal;  // start is this deal (else a setup)
  GameState start;
  std::vector<Action> actions;
  // The setup as a scenario wrote it, where one did (the reference model reads it itself),
  // and whether it sets up the next hand of the case before it (the model carries that
  // hand's end over).
  std::shared_ptr<const YamlNode> written;
  bool next_hand = false;
};

// Replays the case judged by `judge`: the finding of the check `check` at its last step
// (or, for a case without steps, at its start), else nullopt.
std::optional<Finding> recheck(const Case& c, Judge& judge, CheckId check);
// The same with every check of simulate on.
std::optional<Finding> recheck(const Case& c, CheckId check);

// The smallest case found that still fails the check of `failure`.
Case shrink(const Failure& failure);

// Whether a case still shows the failure being shrunk: its finding then, else nullopt.
using Recheck = std::function<std::optional<Finding>(const Case&)>;

// The smallest case found for which `still_fails` holds (a failure no check of this
// engine sees alone, as a disagreement with another engine). `failure` must hold for it.
Case shrink(const Failure& failure, const Recheck& still_fails);

// Provenance for the scenario's comment.
struct Origin {
  std::string how;     // "meldcheck simulate --seed 7 ..., game 12"
  size_t steps_before = 0;  // the steps of the game before shrinking
};

// The case as a scenario file that fails on this engine: its steps with the verdicts the
// engine gives, the failing step (or the end) expecting what the check says instead.
// Compact where the compact form still fails the same way, or where `shows` (when given)
// says the compact text still shows what the finding is about.
std::string scenario_text(const Case& c, const Finding& finding, const Origin& origin,
                          const std::function<bool(const std::string&)>& shows = nullptr);

// Shrinks the failure and writes its scenario under `dir` (made if missing), named after
// the check and the game: its path, the finding as the scenario shows it, and whether
// replaying the scenario shows the failure (neither the shrunk case nor the whole game
// may, where no expectation can say what went wrong: the scenario then says so itself).
struct Written {
  std::string path;
  Finding finding;
  bool fails_on_replay = true;
};
Written write_finding(const Failure& failure, const Origin& origin, const std::string& dir);

}  // namespace meldcheck::hunt
