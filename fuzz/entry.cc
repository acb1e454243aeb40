// libFuzzer's entry points for the target MELDCHECK_FUZZ_TARGET (one binary a target).
#include "fuzz/targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meldcheck::fuzz;
  if (const Found found = MELDCHECK_FUZZ_TARGET(data, size)) fail(found);
  return 0;
}

#ifdef MELDCHECK_FUZZ_MUTATOR
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return meldcheck::fuzz::MELDCHECK_FUZZ_MUTATOR(data, size, max_size, seed);
}
#endif
