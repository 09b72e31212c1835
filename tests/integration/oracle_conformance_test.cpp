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

// A random top-k instance: n in [2, 8] arms, 1 <= k < n, the oracle (per-arm epsilon
// rule) bound to it, and weights: with `ties`, integers in {0, 1, 2} + tie_shift (many
// ties), else uniform in [-1, 1).
struct TopKTrial {
  std::size_t n = 0, k = 0;
  std::unique_ptr<Oracle> oracle;
  std::vector<double> w;
};

TopKTrial random_top_k(const OracleEntry& entry, RandomStream& rng, bool ties, double tie_shift) {
  TopKTrial trial;
  trial.n = 2 + rng.below(7);
  trial.k = 1 + rng.below(trial.n - 1);
  ParamValues params;
  params.set("k", static_cast<std::int64_t>(trial.k));
  params.set("epsilon-rule", std::string("per-arm"));
  trial.oracle = entry.create(params, OracleContext{});
  Problem problem;
  problem.num_arms = trial.n;
  trial.oracle->bind(problem);
  trial.w.resize(trial.n);
  for (auto& x : trial.w) x = ties ? static_cast<double>(rng.below(3)) + tie_shift : rng.uniform01() * 2 - 1;
  return trial;
}

}  // namespace

TEST_CASE("top-k returns the lexicographically first optimal k-subset", "[oracle][conformance]") {
  const OracleEntry* entry = test::plugins().oracle("top-k");
  REQUIRE(entry);
  RandomStream rng(RunSeed{11, 0, 0}, StreamRole::Oracle);
  for (int trial = 0; trial < 300; ++trial) {
    const TopKTrial trial_case = random_top_k(*entry, rng, trial % 2 == 0, 0.0);
    const std::size_t n = trial_case.n, k = trial_case.k;
    const auto& oracle = trial_case.oracle;
    const std::vector<double>& w = trial_case.w;

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
  params.set("epsilon-rule", std::string("per-arm"));
  auto oracle = test::plugins().oracle("top-k")->create(params, OracleContext{});
  const std::vector<double> theta = {1.0, 0.9, 0.85, 0.5};
  Decision best, close{{0, 2}, {}}, far{{0, 3}, {}};
  oracle->optimal(theta, best);
  REQUIRE(best.arms == std::vector<std::size_t>{0, 1});
  CHECK(oracle->acceptable(theta, best, best, 0.0));
  CHECK_FALSE(oracle->acceptable(theta, best, close, 0.0));
  CHECK(oracle->acceptable(theta, best, close, 0.1));
  CHECK_FALSE(oracle->acceptable(theta, best, far, 0.1));
}

TEST_CASE("top-k's second best is the best k-subset other than the excluded one",
          "[oracle][conformance]") {
  const OracleEntry* entry = test::plugins().oracle("top-k");
  REQUIRE((entry->capabilities & kSecondBest) != 0);
  RandomStream rng(RunSeed{12, 0, 0}, StreamRole::Oracle);
  for (int trial = 0; trial < 300; ++trial) {
    const TopKTrial trial_case = random_top_k(*entry, rng, trial % 2 == 0, -1.0);
    const std::size_t n = trial_case.n, k = trial_case.k;
    const auto& oracle = trial_case.oracle;
    const std::vector<double>& w = trial_case.w;
    // Exclude the optimum half of the time, a random k-subset otherwise.
    Decision excluded;
    oracle->maximize(w, excluded);
    if (trial % 4 >= 2) {
      std::vector<std::size_t> all(n);
      for (std::size_t i = 0; i < n; ++i) all[i] = i;
      for (std::size_t i = 0; i < k; ++i) std::swap(all[i], all[i + rng.below(n - i)]);
      excluded.arms.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
      std::sort(excluded.arms.begin(), excluded.arms.end());
    }
    double best_other = -1e300;
    for_each_subset(n, k, [&](const std::vector<std::size_t>& s) {
      if (s == excluded.arms) return;
      double v = 0;
      for (auto i : s) v += w[i];
      best_other = std::max(best_other, v);
    });
    Decision got;
    REQUIRE(oracle->second_best(w, excluded, got));
    REQUIRE(got.arms.size() == k);
    REQUIRE(std::is_sorted(got.arms.begin(), got.arms.end()));
    REQUIRE(std::adjacent_find(got.arms.begin(), got.arms.end()) == got.arms.end());
    REQUIRE(got.arms != excluded.arms);
    REQUIRE(oracle->value(w, got) == Approx(best_other).margin(1e-12));
    Decision again;
    oracle->second_best(w, excluded, again);
    REQUIRE(again == got);
  }
}
