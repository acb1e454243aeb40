#include "fuzz/fuzz_input.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include "hunting/oracle_views.h"

namespace meldcheck::fuzz {

namespace {

const hunt::ConfigSpace& space() {
  static const hunt::ConfigSpace all(RulesetLibrary::embedded(), {}, std::nullopt, {}, 0);
  return all;
}

constexpr size_t kOptionsKeyed = 7;  // six bits each above the ruleset and mask: 64 bits
// The configurations kept, then dropped together (an input holds its own while it runs):
// a long run's memory stays under libFuzzer's limit.
constexpr size_t kConfigsKept = 8192;

// The choices read from the bytes (the variants' mask, each option's choice) are packed
// into a key, so that a configuration chosen before is found without building strings:
// a lookup an execution instead of a few dozen allocations.

Chosen choose_in(FuzzedDataProvider& in, size_t spec_index) {
  const RulesetSpec& spec = *space().rulesets()[spec_index];
  const uint8_t mask = in.ConsumeIntegral<uint8_t>() & uint8_t((1u << std::min<size_t>(spec.variants().size(), 8)) - 1);
  uint64_t key = spec_index << 8 | mask;
  std::array<uint8_t, kOptionsKeyed> choice{};
  const size_t options = std::min(spec.options().size(), kOptionsKeyed);  // the rest keep their defaults
  for (size_t i = 0; i < options; ++i) {
    choice[i] = uint8_t(in.ConsumeIntegralInRange<size_t>(0, std::min<size_t>(spec.options()[i].choices.size(), 64) - 1));
    key = key << 6 | choice[i];
  }
  static std::mutex mutex;
  static std::unordered_map<uint64_t, Chosen> made;
  Chosen chosen;
  {
    const std::lock_guard lock(mutex);
    if (made.size() >= kConfigsKept && !made.contains(key)) made.clear();
    auto [it, fresh] = made.try_emplace(key);
    if (fresh) {
      std::vector<std::string> variants;
      for (size_t i = 0; i < spec.variants().size() && i < 8; ++i)
        if ((mask >> i) & 1) variants.push_back(spec.variants()[i].id);
      std::map<std::string, std::string> options_chosen;
      for (size_t i = 0; i < options; ++i) options_chosen[spec.options()[i].id] = spec.options()[i].choices[choice[i]];
      it->second.config = space().config(spec, variants, options_chosen);
      it->second.oracle = std::make_shared<const oracle::Catalog>(hunt::game_of(*it->second.config));
    }
    chosen = it->second;
  }
  const auto& players = chosen.config->rules.players;
  chosen.players = in.ConsumeIntegralInRange<int>(players.min, players.max);
  return chosen;
}

}  // namespace

std::string Found::message() const {
  if (failure) return hunt::to_string(failure->finding.check) + ": " + failure->finding.message;
  return problem;
}

Chosen choose_config(FuzzedDataProvider& in) {
  return choose_in(in, in.ConsumeIntegralInRange<size_t>(0, space().rulesets().size() - 1));
}

Chosen choose_config(FuzzedDataProvider& in, const std::string& ruleset) {
  const auto& specs = space().rulesets();
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i]->id() == ruleset) return choose_in(in, i);
  std::abort();  // a ruleset of spec/ named by a target: always there
}

hunt::Trace& reused_trace(const GameState& start, size_t most_steps) {
  static thread_local hunt::Trace trace;
  trace.start = start;
  trace.actions.clear();
  trace.verdicts.clear();
  trace.listed.clear();
  trace.actions.reserve(most_steps);
  trace.verdicts.reserve(most_steps);
  trace.listed.reserve(most_steps);
  return trace;
}

void fail(const Found& found) {
  std::fprintf(stderr, "meldcheck fuzz: %s\n", found.message().c_str());
  std::abort();
}

}  // namespace meldcheck::fuzz
