// Games driven by the fuzzer's bytes over every ruleset and combination of variants:
// legal actions and arbitrary ones, with the invariants checked after each.
#include <string>

#include "engine/invariants.h"
#include "engine/random_play.h"
#include "fuzz/fuzz_input.h"
#include "tools/ruleset_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meldcheck;
  fuzz::Input in(data, size);
  const auto& specs = RulesetLibrary::embedded().all();
  const RulesetSpec& spec = *specs[in.byte() % specs.size()];
  std::vector<std::string> variants;
  const uint8_t mask = in.byte();
  for (size_t i = 0; i < spec.variants().size() && i < 8; ++i)
    if ((mask >> i) & 1) variants.push_back(spec.variants()[i].id);
  const RuleSet rules = spec.resolve(variants, {});
  const int players = rules.players.min + in.byte() % (rules.players.max - rules.players.min + 1);
  GameState s = new_match(rules, players, in.u64(), players - 1);
  RandomPlayer player(in.u64());
  std::vector<Action> legal;
  for (int steps = 0; in.more() && steps < 4000; ++steps) {
    const uint8_t op = in.byte();
    Action a;
    bool must_pass = false;
    if (op & 1) {
      legal_actions(s, rules, legal);
      if (legal.empty()) break;
      a = legal[in.byte() % legal.size()];
      must_pass = true;
    } else {
      a = player.arbitrary(s, rules);
    }
    const GameState before = s;
    const Check c = apply(s, rules, a);
    if (must_pass && c != Check::kNone) fuzz::fail("an enumerated action was refused", rules.rule_id(c).c_str());
    if (c != Check::kNone) {
      if (!(s == before) || hash_state(s) != hash_state(before)) fuzz::fail("a refused action changed the state", rules.rule_id(c).c_str());
      if (rules.rule_id(c).find("/unmapped.") != std::string::npos) fuzz::fail("a refusal names no clause", rules.rule_id(c).c_str());
    }
    const std::string broken = invariant_violation(s, rules);
    if (!broken.empty()) fuzz::fail("an invariant broke", broken.c_str());
  }
  return 0;
}
