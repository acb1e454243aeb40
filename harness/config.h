// What a run of random games plays: the configurations it draws from (rulesets, mixes of
// variants, option choices, player counts), and the game of each index, the same on every
// machine and for any number of jobs.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "files/ruleset_loader.h"

namespace meldcheck::hunt {

// A ruleset with its variants and option choices applied.
struct Config {
  std::string ruleset;
  std::vector<std::string> variants;
  std::map<std::string, std::string> options;  // every option, with its choice
  RuleSet rules;
};

// "rummy500 +floating deep-card-use=meld-only" (options at their default are left out).
std::string describe(const Config& c, const RulesetSpec& spec);

// One game of a run.
struct GameSpec {
  uint64_t index = 0;
  std::shared_ptr<const Config> config;
  int players = 0;
  uint64_t deal_seed = 0;  // the contract's shuffle of the first hand
  uint64_t play_seed = 0;  // the players' choices
};

// The houses another engine plays (its hello's `rulesets`), which a run draws from alone:
// for each ruleset it lists, the variants it knows and the choices of each option it lists
// (an option it does not list is played at its default only).
struct Offered {
  struct Ruleset {
    std::vector<std::string> variants;
    std::map<std::string, std::vector<std::string>> options;
  };
  std::map<std::string, Ruleset> rulesets;

  // Why a house is not offered ("the engine does not play variant no-jokers"), "" when it is.
  std::string refuses(const RulesetSpec& spec, const std::vector<std::string>& variants,
                      const std::map<std::string, std::string>& options) const;
};

// The configurations a run draws from, each game drawing evenly: a ruleset, a mix of its
// variants (every subset alike) unless fixed, a choice of each option not fixed, a player
// count unless fixed.
class ConfigSpace {
 public:
  // `rulesets` empty: all of them. Throws std::invalid_argument with a message for the
  // command line: an unknown ruleset, variant, option or choice, a player count no chosen
  // ruleset allows.
  ConfigSpace(const RulesetLibrary& library, const std::vector<std::string>& rulesets,
              const std::optional<std::vector<std::string>>& variants, const std::map<std::string, std::string>& options,
              int players);

  const std::vector<const RulesetSpec*>& rulesets() const { return specs_; }

  // Draws only what `offered` lists from now on (simulate --engine). Throws
  // std::invalid_argument when it offers none of the rulesets, or conflicts with what the
  // command line fixed.
  void restrict_to(const Offered& offered);

  // Game `index` of the run seeded `seed`. Configurations are built once and shared.
  GameSpec game(uint64_t seed, uint64_t index) const;

  // The configuration of a ruleset with these variants and options (for replaying a game).
  std::shared_ptr<const Config> config(const RulesetSpec& spec, const std::vector<std::string>& variants,
                                       const std::map<std::string, std::string>& options) const;

 private:
  std::vector<const RulesetSpec*> specs_;
  std::optional<Offered> offered_;
  std::optional<std::vector<std::string>> variants_;
  std::map<std::string, std::string> options_;
  int players_ = 0;
  struct Cache;  // built configurations, shared by the jobs
  std::shared_ptr<Cache> cache_;
};

}  // namespace meldcheck::hunt
