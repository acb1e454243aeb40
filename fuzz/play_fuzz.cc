// Games driven by the fuzzer's bytes over every ruleset, mix of variants and option
// choice: legal and arbitrary actions, each step checked by the checks `meldcheck simulate`
// runs (hunt/checks.h).
#include <string>

#include "engine/random_play.h"
#include "fuzz/fuzz_input.h"
#include "hunt/checks.h"
#include "hunt/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meldcheck;
  static const hunt::ConfigSpace space(RulesetLibrary::embedded(), {}, std::nullopt, {}, 0);
  fuzz::Input in(data, size);
  const auto& specs = space.rulesets();
  const RulesetSpec& spec = *specs[in.byte() % specs.size()];
  std::vector<std::string> variants;
  const uint8_t mask = in.byte();
  for (size_t i = 0; i < spec.variants().size() && i < 8; ++i)
    if ((mask >> i) & 1) variants.push_back(spec.variants()[i].id);
  std::map<std::string, std::string> options;
  for (const OptionInfo& o : spec.options()) options[o.id] = o.choices[in.byte() % o.choices.size()];
  const auto config = space.config(spec, variants, options);
  const RuleSet& rules = config->rules;
  const int players = rules.players.min + in.byte() % (rules.players.max - rules.players.min + 1);
  const uint64_t deal_seed = in.u64();
  GameState s = new_match(rules, players, deal_seed, players - 1);
  hunt::Checker checker(config, hunt::CheckLevel::kAll);
  const hunt::DealInfo dealt{deal_seed, players - 1};
  auto check = [&](const std::optional<hunt::Finding>& f) {
    if (f) fuzz::fail(f->check.c_str(), f->message.c_str());
  };
  check(checker.hand_starts(s, &dealt));
  RandomPlayer player(in.u64());
  std::vector<Action> legal;
  for (int steps = 0; in.more() && steps < 4000 && !s.game_over; ++steps) {
    const uint8_t op = in.byte();
    Action a;
    const bool listed = op & 1;
    if (listed) {
      legal_actions(s, rules, legal);
      if (legal.empty()) break;
      a = legal[in.byte() % legal.size()];
    } else {
      a = player.arbitrary(s, rules);
    }
    const GameState before = s;
    const Check verdict = apply(s, rules, a);
    check(checker.after_step(before, a, listed, verdict, s));
  }
  return 0;
}
