// IndexedHeap against a brute-force minimum under random inserts, key changes and erasures
// (coarse keys: ties are frequent), for both tie rules, and the bulk assign.
#include <catch2/catch.hpp>

#include <vector>

#include "cpex/numerics/indexed_heap.hpp"
#include "cpex/random.hpp"
#include "minimum_structure_check.hpp"

using cpex::numerics::IndexedHeap;

namespace {

struct Slot {
  bool present = false;
  double key = 0;
};

// The first present item under (key ascending, then index by the tie rule); npos if none.
std::size_t brute_top(const std::vector<Slot>& slots, bool smaller_first) {
  return cpex::test::brute_argmin(
      slots.size(), [&](std::size_t i) { return slots[i].present; }, [&](std::size_t i) { return slots[i].key; },
      smaller_first);
}

template <bool SmallerFirst>
void check_random_updates(std::size_t n, std::uint64_t seed) {
  cpex::RandomStream rng(cpex::RunSeed{11, n, seed}, cpex::StreamRole::Algorithm);
  IndexedHeap<SmallerFirst> heap(n);
  std::vector<Slot> slots(n);
  const auto erase = [&](std::size_t i) {
    heap.erase(i);
    slots[i].present = false;
  };
  const auto set = [&](std::size_t i) {
    slots[i] = {true, static_cast<double>(rng.below(7)) - 3.0};
    heap.set(i, slots[i].key);
  };
  cpex::test::random_updates(rng, n, 4000, 0.2, erase, set, [&] {
    std::size_t present = 0;
    for (std::size_t j = 0; j < n; ++j) {
      REQUIRE(heap.contains(j) == slots[j].present);
      if (slots[j].present) {
        ++present;
        REQUIRE(heap.key(j) == slots[j].key);
      }
    }
    REQUIRE(heap.size() == present);
    const std::size_t expected = brute_top(slots, SmallerFirst);
    REQUIRE(heap.top() == expected);
    if (expected != IndexedHeap<>::npos) REQUIRE(heap.top_key() == slots[expected].key);
  });
}

}  // namespace

TEST_CASE("IndexedHeap keeps the minimum with ties to the smaller item", "[structures]") {
  for (std::size_t n : {1u, 2u, 5u, 17u, 64u, 300u}) check_random_updates<true>(n, 1);
}

TEST_CASE("IndexedHeap keeps the minimum with ties to the larger item", "[structures]") {
  for (std::size_t n : {1u, 2u, 5u, 17u, 64u, 300u}) check_random_updates<false>(n, 2);
}

TEST_CASE("IndexedHeap assign builds a heap of the given items", "[structures]") {
  IndexedHeap<true> heap(10);
  heap.set(9, -100.0);
  const std::vector<std::size_t> items = {4, 2, 7, 0, 5, 1};
  const std::vector<double> keys = {3.0, 1.0, 1.0, 8.0, 1.0, 2.0};
  heap.assign(items, keys);
  CHECK(heap.size() == 6);
  CHECK(!heap.contains(9));
  CHECK(heap.top() == 2);  // keys 1.0 at items 2, 7, 5: the smallest item
  heap.erase(2);
  CHECK(heap.top() == 5);
  heap.set(7, 0.5);
  CHECK(heap.top() == 7);
  heap.clear();
  CHECK(heap.empty());
  CHECK(heap.top() == IndexedHeap<true>::npos);
}
