// Reading a fuzzer's bytes as a stream of small decisions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace meldcheck::fuzz {

class Input {
 public:
  Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool more() const { return pos_ < size_; }
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint64_t u64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | byte();
    return v;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Stops the run with a message the fuzzer will keep with the crashing input.
[[noreturn]] void fail(const char* what, const char* detail);

}  // namespace meldcheck::fuzz
