// TopKPartition against a brute-force ranking under random score updates.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "cpex/numerics/top_k_partition.hpp"
#include "cpex/random.hpp"

using cpex::numerics::TopKPartition;

namespace {

std::vector<std::size_t> brute_top(const std::vector<double>& scores, std::size_t k) {
  std::vector<std::size_t> order(scores.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  order.resize(k);
  std::sort(order.begin(), order.end());
  return order;
}

}  // namespace

TEST_CASE("TopKPartition keeps the K best under updates", "[structures]") {
  for (auto [n, k] : {std::pair{2, 1}, {5, 2}, {10, 5}, {30, 29}, {50, 3}}) {
    cpex::RandomStream rng(cpex::RunSeed{3, std::uint64_t(n), std::uint64_t(k)},
                           cpex::StreamRole::Algorithm);
    std::vector<double> scores(n);
    // Coarse scores make ties frequent.
    for (auto& s : scores) s = static_cast<double>(rng.below(5));
    TopKPartition partition(n, k);
    partition.reset(scores);
    REQUIRE(partition.top() == brute_top(scores, k));
    for (int step = 0; step < 2000; ++step) {
      const std::size_t i = rng.below(n);
      scores[i] = static_cast<double>(rng.below(5));
      std::vector<std::size_t> changed;
      const auto before = partition.top();
      partition.update(i, scores[i], [&](std::size_t item) { changed.push_back(item); });
      const auto after = brute_top(scores, k);
      REQUIRE(partition.top() == after);
      REQUIRE(changed.size() <= 2);
      for (std::size_t item = 0; item < std::size_t(n); ++item) {
        const bool now = std::binary_search(after.begin(), after.end(), item);
        REQUIRE(partition.in_top(item) == now);
        const bool was = std::binary_search(before.begin(), before.end(), item);
        if (was != now) REQUIRE(std::count(changed.begin(), changed.end(), item) == 1);
      }
    }
  }
}
