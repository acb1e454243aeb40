// The fuzz targets, by name: each a function from an input's bytes to what it found, in
// its own file (fuzz/<name>.cc). libFuzzer runs one through fuzz/entry.cc, the corpus
// replayer through fuzz/replay_main.cc, `meldcheck reproduce` any of them by name.
#pragma once

#include <string_view>
#include <vector>

#include "fuzz/fuzz_input.h"

namespace meldcheck::fuzz {

using Run = Found (*)(const uint8_t* data, size_t size);
// A structure-aware mutation (libFuzzer's LLVMFuzzerCustomMutator): rewrites the input in
// place, at most `max_size` bytes, and returns its new size.
using Mutate = size_t (*)(uint8_t* data, size_t size, size_t max_size, unsigned seed);

struct Target {
  const char* name;
  const char* what;
  Run run;
  Mutate mutate = nullptr;
};

const std::vector<Target>& targets();
const Target* find_target(std::string_view name);

Found scenario_fuzz(const uint8_t* data, size_t size);
Found scenario_mutate_fuzz(const uint8_t* data, size_t size);
size_t mutate_scenario(uint8_t* data, size_t size, size_t max_size, unsigned seed);
Found spec_fuzz(const uint8_t* data, size_t size);
size_t mutate_spec(uint8_t* data, size_t size, size_t max_size, unsigned seed);
// mutate_spec, the catalog of what it wrote read ahead (read_catalog_ahead).
size_t spec_fuzz_mutate(uint8_t* data, size_t size, size_t max_size, unsigned seed);
Found play_fuzz(const uint8_t* data, size_t size);
Found meld_diff_fuzz(const uint8_t* data, size_t size);
Found score_diff_fuzz(const uint8_t* data, size_t size);
Found rummikub_diff_fuzz(const uint8_t* data, size_t size);
Found catalog_diff_fuzz(const uint8_t* data, size_t size);
Found serve_fuzz(const uint8_t* data, size_t size);
Found engine_reply_fuzz(const uint8_t* data, size_t size);

}  // namespace meldcheck::fuzz
