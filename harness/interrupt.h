// Ctrl-C for a run: the stop flag a run polls, owned by the run, and the one way SIGINT
// reaches it.
#pragma once

#include <atomic>
#include <csignal>

namespace meldcheck {

// While it lives, SIGINT sets its flag instead of ending the process; the handler it had
// before is back once it is gone. One at a time: a second one takes SIGINT over until it goes.
class InterruptFlag {
 public:
  InterruptFlag();
  ~InterruptFlag();
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;

  // What the run polls (hunt::run, run_lockstep): set once Ctrl-C is pressed.
  const std::atomic<bool>& flag() const { return interrupted_; }

 private:
  // A signal handler may touch only lock-free atomics: it reaches the live flag through this
  // one pointer, and sets the flag.
  static std::atomic<std::atomic<bool>*> live_;
  static void on_interrupt(int);

  std::atomic<bool> interrupted_{false};
  std::atomic<bool>* outer_;  // the flag that was live before this one
  void (*previous_)(int);
};

}  // namespace meldcheck
