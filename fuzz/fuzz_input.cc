#include <cstdio>
#include <cstdlib>

#include "fuzz/fuzz_input.h"

namespace meldcheck::fuzz {

void fail(const char* what, const char* detail) {
  std::fprintf(stderr, "meldcheck fuzz: %s: %s\n", what, detail);
  std::abort();
}

}  // namespace meldcheck::fuzz
