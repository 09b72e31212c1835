// Conformance: every linear-maximization oracle against brute force over its decision
// class on random small instances (with frequent ties), through the plugin registry.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

#include "cpex/capabilities.hpp"
#include "cpex/random.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

// All k-subsets of n arms in lexicographic order.
void for_each_subset(std::size_t n, std::size_t k,
                     const std::function<void(const std::vector<std::size_t>&)>& visit) {
  std::vector<std::size_t> set(k);
  for (std::size_t i = 0; i < k; ++i) set[i] = i;
  for (;;) {
    visit(set);
    std::size_t i = k;
    while (i > 0 && set[i - 1] == n - k + i - 1) --i;
    if (i == 0) return;
    ++set[i - 1];
    for (std::size_t j = i; j < k; ++j) set[j] = set[j - 1] + 1;
  }
}

}  // namespace

TEST_CASE("top-k returns the lexicographically first optimal k-subset", "[oracle][conformance]") {
  const OracleEntry* entry = test::plugins().oracle("top-k");
  REQUIRE(entry);
  RandomStream rng(RunSeed{11, 0, 0}, StreamRole::Oracle);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 2 + rng.below(7);
    const std::size_t k = 1 + rng.below(n - 1);
    ParamValues params;
    params.set("k", static_cast<std::int64_t>(k));
    auto oracle = entry->create(params);
    Problem problem;
    problem.num_arms = n;
    oracle->bind(problem);
    std::vector<double> w(n);
    const bool ties = trial % 2 == 0;
    for (auto& x : w) x = ties ? static_cast<double>(rng.below(3)) : rng.uniform01() * 2 - 1;

    double best = -1e300;
    std::vector<std::size_t> first_best;
    for_each_subset(n, k, [&](const std::vector<std::size_t>& s) {
      double v = 0;
      for (auto i : s) v += w[i];
      if (v > best + 1e-12) {
        best = v;
        first_best = s;
      }
    });
    Decision got;
    oracle->maximize(w, got);
    REQUIRE(got.arms == first_best);
    CHECK(oracle->value(w, got) == Approx(best));
    CHECK(oracle->decision_size() == k);
  }
}

TEST_CASE("top-k judges epsilon-optimality arm by arm", "[oracle]") {
  ParamValues params;
  params.set("k", std::int64_t{2});
  auto oracle = test::plugins().oracle("top-k")->create(params);
  const std::vector<double> theta = {1.0, 0.9, 0.85, 0.5};
  Decision best, close{{0, 2}, {}}, far{{0, 3}, {}};
  oracle->optimal(theta, best);
  REQUIRE(best.arms == std::vector<std::size_t>{0, 1});
  CHECK(oracle->acceptable(theta, best, best, 0.0));
  CHECK_FALSE(oracle->acceptable(theta, best, close, 0.0));
  CHECK(oracle->acceptable(theta, best, close, 0.1));
  CHECK_FALSE(oracle->acceptable(theta, best, far, 0.1));
}
