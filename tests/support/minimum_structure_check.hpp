// The harness of the tests of the incremental minimum structures (IndexedHeap,
// KineticTournament): random updates of their items, and the brute-force minimum they are
// checked against after every update.
#pragma once

#include <cstddef>
#include <limits>

#include "cpex/random.hpp"

namespace cpex::test {

// "No item present", equal to the structures' npos.
inline constexpr std::size_t kNoItem = std::numeric_limits<std::size_t>::max();

// The item of smallest key(i) among the items i < n with present(i), ties to the smaller
// index (smaller_first) or to the larger one; kNoItem when no item is present.
template <class Present, class Key>
std::size_t brute_argmin(std::size_t n, const Present& present, const Key& key, bool smaller_first = true) {
  std::size_t best = kNoItem;
  for (std::size_t i = 0; i < n; ++i) {
    if (!present(i)) continue;
    if (best == kNoItem || key(i) < key(best) || (key(i) == key(best) && !smaller_first)) best = i;
  }
  return best;
}

// `steps` random updates of the items 0..n-1: each draws an item i from `rng`, then erases it
// (erase(i)) with probability erase_probability or sets it (set(i), which may draw its new key
// from `rng`) otherwise, then calls after_update() (which may move the query point, and
// compares the structure with the brute force).
template <class Erase, class Set, class AfterUpdate>
void random_updates(RandomStream& rng, std::size_t n, int steps, double erase_probability, const Erase& erase,
                    const Set& set, const AfterUpdate& after_update) {
  for (int step = 0; step < steps; ++step) {
    const std::size_t i = rng.below(n);
    if (rng.uniform01() < erase_probability)
      erase(i);
    else
      set(i);
    after_update();
  }
}

}  // namespace cpex::test
