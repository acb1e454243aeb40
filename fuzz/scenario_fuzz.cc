// Scenario files as untrusted input: any bytes give scenarios or an InputError with a
// place, never a crash, a hang or a sanitizer report; parsed scenarios replay cleanly.
#include <string_view>

#include "fuzz/fuzz_input.h"
#include "tools/replay.h"
#include "tools/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meldcheck;
  std::vector<Scenario> scenarios;
  try {
    scenarios = parse_scenarios(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                                RulesetLibrary::embedded());
  } catch (const InputError& e) {
    if (e.mark().line < 1 || e.mark().column < 1) fuzz::fail("an error without a place", e.what());
    return 0;
  }
  for (const Scenario& sc : scenarios) replay(sc);
  return 0;
}
