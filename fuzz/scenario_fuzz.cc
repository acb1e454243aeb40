// Scenario files as untrusted input: any bytes give scenarios or an InputError with a
// place, never a crash, a hang or a sanitizer report; parsed scenarios replay cleanly.
#include <string_view>

#include "fuzz/targets.h"
#include "harness/replay.h"
#include "files/scenario.h"

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
  for (const Scenario& sc : scenarios) {
    const ScenarioResult r = replay(sc);
    if (r.engine_broke) {
      found.problem = "replay: step " + std::to_string(r.step) + " (" + r.step_text + "): " + r.expected + ", but " + r.happened;
      return found;
    }
  }
  return found;
}

}  // namespace meldcheck::fuzz
