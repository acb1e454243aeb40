#include "harness/interrupt.h"

namespace meldcheck {

static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<std::atomic<bool>*>::is_always_lock_free,
              "a signal handler may touch only lock-free atomics");

std::atomic<std::atomic<bool>*> InterruptFlag::live_{nullptr};

void InterruptFlag::on_interrupt(int) {
  if (std::atomic<bool>* flag = live_.load()) flag->store(true);
}

InterruptFlag::InterruptFlag() : outer_(live_.exchange(&interrupted_)), previous_(std::signal(SIGINT, on_interrupt)) {}

InterruptFlag::~InterruptFlag() {
  std::signal(SIGINT, previous_);
  live_.store(outer_);
}

}  // namespace meldcheck
