// RankedMaxTree against brute force: ranks and "heaviest among the m smallest keys".
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "cpex/numerics/ranked_max_tree.hpp"
#include "cpex/random.hpp"

using cpex::numerics::RankedMaxTree;

TEST_CASE("RankedMaxTree answers rank and prefix-maximum queries like brute force",
          "[structures]") {
  for (std::size_t n : {1u, 2u, 7u, 50u, 200u}) {
    cpex::RandomStream rng(cpex::RunSeed{17, n, 0}, cpex::StreamRole::Algorithm);
    RankedMaxTree tree(n);
    std::vector<char> in(n, 0);
    std::vector<double> key(n), weight(n);
    for (int step = 0; step < 4000; ++step) {
      const std::size_t i = rng.below(n);
      if (in[i]) {
        tree.erase(i);
        in[i] = 0;
      } else {
        key[i] = static_cast<double>(rng.below(6));  // many equal keys
        weight[i] = static_cast<double>(rng.below(4));
        tree.insert(i, key[i], weight[i]);
        in[i] = 1;
      }
      std::vector<std::size_t> order;
      for (std::size_t j = 0; j < n; ++j)
        if (in[j]) order.push_back(j);
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
      });
      REQUIRE(tree.size() == order.size());
      for (std::size_t r = 0; r < order.size(); ++r) REQUIRE(tree.kth(r) == order[r]);
      REQUIRE(tree.kth(order.size()) == RankedMaxTree::npos);
      for (std::size_t m = 0; m <= order.size(); ++m) {
        std::size_t best = RankedMaxTree::npos;
        for (std::size_t r = 0; r < m; ++r) {
          const std::size_t j = order[r];
          if (best == RankedMaxTree::npos || weight[j] > weight[best] ||
              (weight[j] == weight[best] && j < best))
            best = j;
        }
        REQUIRE(tree.heaviest_of_first(m) == best);
      }
    }
  }
}
