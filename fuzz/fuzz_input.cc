#include "fuzz/fuzz_input.h"

#include <cstdio>
#include <cstdlib>

namespace meldcheck::fuzz {

namespace {

const hunt::ConfigSpace& space() {
  static const hunt::ConfigSpace all(RulesetLibrary::embedded(), {}, std::nullopt, {}, 0);
  return all;
}

Chosen choose_in(FuzzedDataProvider& in, const RulesetSpec& spec) {
  std::vector<std::string> variants;
  const uint8_t mask = in.ConsumeIntegral<uint8_t>();
  for (size_t i = 0; i < spec.variants().size() && i < 8; ++i)
    if ((mask >> i) & 1) variants.push_back(spec.variants()[i].id);
  std::map<std::string, std::string> options;
  for (const OptionInfo& o : spec.options())
    options[o.id] = o.choices[in.ConsumeIntegralInRange<size_t>(0, o.choices.size() - 1)];
  Chosen c;
  c.config = space().config(spec, variants, options);
  const auto& players = c.config->rules.players;
  c.players = in.ConsumeIntegralInRange<int>(players.min, players.max);
  return c;
}

}  // namespace

std::string Found::message() const {
  if (failure) return failure->finding.check + ": " + failure->finding.message;
  return problem;
}

Chosen choose_config(FuzzedDataProvider& in) {
  const auto& specs = space().rulesets();
  return choose_in(in, *specs[in.ConsumeIntegralInRange<size_t>(0, specs.size() - 1)]);
}

Chosen choose_config(FuzzedDataProvider& in, const std::string& ruleset) {
  for (const RulesetSpec* spec : space().rulesets())
    if (spec->id() == ruleset) return choose_in(in, *spec);
  std::abort();  // a ruleset of spec/ named by a target: always there
}

void fail(const Found& found) {
  std::fprintf(stderr, "meldcheck fuzz: %s\n", found.message().c_str());
  std::abort();
}

}  // namespace meldcheck::fuzz
