// Scenario files as untrusted input: any bytes give scenarios or an InputError with a
// place, never a crash, a hang or a sanitizer report; parsed scenarios replay cleanly.
#include <string_view>

#include "fuzz/targets.h"
#include "tools/replay.h"
#include "tools/scenario.h"

namespace meldcheck::fuzz {

Found scenario_fuzz(const uint8_t* data, size_t size) {
  Found found;
  std::vector<Scenario> scenarios;
  try {
    scenarios = parse_scenarios(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                                RulesetLibrary::embedded());
  } catch (const InputError& e) {
    if (e.mark().line < 1 || e.mark().column < 1) found.problem = std::string("an error without a place: ") + e.what();
    return found;
  }
  for (const Scenario& sc : scenarios) replay(sc);
  return found;
}

}  // namespace meldcheck::fuzz
