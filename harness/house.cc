#include "harness/house.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "harness/config.h"
#include "harness/run_options.h"

namespace meldcheck {
namespace {

// The configuration space of one house: building it checks the ruleset, variants, options
// and choices with simulate's messages, and its config() resolves them as simulate does.
hunt::ConfigSpace space_of(const std::string& ruleset, const std::vector<std::string>& variants,
                           const std::map<std::string, std::string>& options, const RulesetLibrary& library) {
  return hunt::ConfigSpace(library, {ruleset}, variants, options, 0);
}


}  // namespace

House parse_house(const std::string& text, const RulesetLibrary& library) {
  auto fail = [&](const std::string& why) -> void { throw std::invalid_argument("bad house '" + text + "': " + why); };
  const size_t comma = text.find(',');
  const std::vector<std::string> head = split(text.substr(0, comma), '+');
  std::vector<std::string> variants(head.begin() + 1, head.end());
  for (const std::string& v : head)
    if (v.empty()) fail("a ruleset or variant name is empty (write ruleset[+variant...][,option=choice...])");
  for (size_t i = 0; i < variants.size(); ++i)
    if (std::count(variants.begin(), variants.begin() + i, variants[i])) fail("variant '" + variants[i] + "' is given twice");
  std::map<std::string, std::string> options;
  if (comma != std::string::npos)
    for (const std::string& part : split(text.substr(comma + 1), ',')) {
      const size_t eq = part.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == part.size()) fail("'" + part + "' is not option=choice");
      if (!options.emplace(part.substr(0, eq), part.substr(eq + 1)).second)
        fail("option '" + part.substr(0, eq) + "' is given twice");
    }
  try {
    space_of(head[0], variants, options, library);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  // Canonical: the ruleset's order, and a choice at its default is the base's own rule.
  const RulesetSpec& spec = *library.find(head[0]);
  House h{head[0], {}, {}};
  for (const VariantInfo& v : spec.variants())
    if (std::count(variants.begin(), variants.end(), v.id)) h.variants.push_back(v.id);
  for (const OptionInfo& o : spec.options())
    if (auto it = options.find(o.id); it != options.end() && it->second != o.default_choice) h.options[o.id] = it->second;
  return h;
}

std::string format_house(const House& house) {
  std::string s = house.ruleset;
  for (const std::string& v : house.variants) s += "+" + v;
  for (const auto& [option, choice] : house.options) s += "," + option + "=" + choice;
  return s;
}

RuleSet resolve_house(const House& house, const RulesetLibrary& library) {
  const hunt::ConfigSpace space = space_of(house.ruleset, house.variants, house.options, library);
  return space.config(*space.rulesets().front(), house.variants, house.options)->rules;
}

std::vector<House> all_houses(const RulesetLibrary& library, const std::vector<std::string>& only_rulesets) {
  std::vector<House> out;
  // ConfigSpace refuses an unknown ruleset and keeps the order asked for.
  const hunt::ConfigSpace space(library, only_rulesets, std::nullopt, {}, 0);
  for (const RulesetSpec* spec : space.rulesets()) {
    out.push_back({spec->id(), {}, {}});
    for (const VariantInfo& v : spec->variants()) out.push_back({spec->id(), {v.id}, {}});
    for (const OptionInfo& o : spec->options())
      for (const std::string& c : o.choices)
        if (c != o.default_choice) out.push_back({spec->id(), {}, {{o.id, c}}});
  }
  return out;
}

}  // namespace meldcheck
