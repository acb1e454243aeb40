// A stable insertion sort for the few elements of a meld: std::stable_sort may take a
// temporary buffer from the heap, which the engine's hot paths never do.
#pragma once

#include <utility>

namespace meldcheck {

template <typename It, typename Less>
void small_stable_sort(It first, It last, Less less) {
  for (It i = first; i != last; ++i)
    for (It j = i; j != first && less(*j, *(j - 1)); --j) std::swap(*j, *(j - 1));
}

}  // namespace meldcheck
