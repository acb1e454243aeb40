// Faults injected on purpose, to show that each property catches the bug it guards
// against. Compiled in only with MELDCHECK_FAULTS (the property_tests_faulty target); the
// environment variable MELDCHECK_FAULT names the one that is active. In every other build
// `fault(...)` is false at compile time and the hooks vanish.
#pragma once

#ifdef MELDCHECK_FAULTS
#include <cstdlib>
#include <cstring>
#endif

namespace meldcheck {

// The faults, by name (the property that catches each in properties/CMakeLists.txt):
//   lose-discard      a discarded card vanishes instead of reaching the pile
//   dirty-refusal     a refused action still counts a turn
//   gap-run           cards of one suit with ranks missing between them pass for a run
//   swap-any-suit     a joker standing for a whole card is swapped for any card of its rank
//   not-zero-sum      the winner of a zero-sum round gains one point more
//   ace-low-high      an ace low on the table scores as an ace high
//   same-suit-sets    sets may hold a suit twice where the rules forbid it
//   solver-small      the solver never forms groups of four
//   enumerate-foreign the enumeration offers a discard of a card the player does not hold
//   unstable-deal     dealing from the same seed gives a different deal each time
//   spades-double     spades score double on the table
//   endless-hand      nobody goes out and the turn bound is never reached
#ifdef MELDCHECK_FAULTS
inline bool fault(const char* name) {
  static const char* active = std::getenv("MELDCHECK_FAULT");
  return active != nullptr && std::strcmp(active, name) == 0;
}
#else
constexpr bool fault(const char*) { return false; }
#endif

}  // namespace meldcheck
