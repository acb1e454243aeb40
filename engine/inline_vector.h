// A vector with room for N elements inside itself, moving to the heap only beyond them:
// the engine's candidate lists, which are short on the common path, allocate nothing.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

namespace meldcheck {

template <typename T, size_t N>
class InlineVector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  T* data() { return spilled_ ? heap_.data() : inline_.items.data(); }
  const T* data() const { return spilled_ ? heap_.data() : inline_.items.data(); }
  T& operator[](size_t i) { return data()[i]; }
  const T& operator[](size_t i) const { return data()[i]; }
  T& back() { return data()[size_ - 1]; }
  std::span<const T> span() const { return {data(), size_}; }

  void push_back(const T& v) {
    if (!spilled_ && size_ == N) {
      heap_.assign(inline_.items.begin(), inline_.items.end());
      spilled_ = true;
    }
    if (spilled_) {
      heap_.resize(size_ + 1);
      heap_[size_++] = v;
    } else {
      inline_.items[size_++] = v;
    }
  }
  void pop_back() { --size_; }

 private:
  // Left unset until pushed (a union runs no constructor for its member).
  union Storage {
    Storage() {}
    std::array<T, N> items;
  } inline_;
  std::vector<T> heap_;
  size_t size_ = 0;
  bool spilled_ = false;
};

}  // namespace meldcheck
