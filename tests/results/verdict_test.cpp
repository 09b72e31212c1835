// The two verdicts on a run's answer (cpex::judge, Oracle::is_optimal): a near-optimal
// answer within epsilon is correct but not optimal; an optimal answer is correct for
// every epsilon (a property test over random top-k instances with ties, random candidate
// decisions and random epsilons, against brute force); every optimal decision of a tie
// counts; the tolerance accepts rounding and nothing larger; malformed decisions are
// neither.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "cpex/oracle.hpp"
#include "cpex/random.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

std::unique_ptr<Oracle> top_k(std::size_t k, std::size_t n, bool sum_rule) {
  const OracleEntry* entry = test::plugins().oracle("top-k");
  REQUIRE(entry);
  ParamValues params;
  params.set("k", static_cast<std::int64_t>(k));
  params.set("epsilon-rule", std::string(sum_rule ? "sum" : "per-arm"));
  auto oracle = entry->create(params, OracleContext{});
  Problem problem;
  problem.num_arms = n;
  oracle->bind(problem);
  return oracle;
}

Decision arms(std::vector<std::size_t> list) {
  Decision d;
  d.arms = std::move(list);
  return d;
}

Verdict verdict(const Oracle& oracle, const std::vector<double>& theta, const Decision& candidate,
                double epsilon) {
  Decision best;
  oracle.optimal(theta, best);
  return judge(oracle, theta, best, candidate, epsilon);
}

// Sums the values of a decision class by the oracle's default (members' weights).
class SumOracle final : public Oracle {
 public:
  void bind(const Problem&) override {}
  void maximize(std::span<const double>, Decision& out) const override { out = best; }
  Decision best;
};

}  // namespace

TEST_CASE("An answer 0.3 below the optimum is correct at epsilon 0.5 but not optimal", "[verdict]") {
  // Top-2 of {1.0, 0.9, 0.6, 0.1}: the optimum {0, 1} has sum 1.9; {0, 2} has 1.6.
  const std::vector<double> theta = {1.0, 0.9, 0.6, 0.1};
  for (bool sum_rule : {true, false}) {
    INFO("epsilon-rule " << (sum_rule ? "sum" : "per-arm"));
    const auto oracle = top_k(2, 4, sum_rule);
    const Verdict near = verdict(*oracle, theta, arms({0, 2}), 0.5);
    CHECK(near.correct);
    CHECK_FALSE(near.optimal);
    const Verdict exact = verdict(*oracle, theta, arms({0, 1}), 0.5);
    CHECK(exact.correct);
    CHECK(exact.optimal);
    const Verdict far = verdict(*oracle, theta, arms({2, 3}), 0.5);  // 1.2 below
    CHECK_FALSE(far.correct);
    CHECK_FALSE(far.optimal);
    const Verdict strict = verdict(*oracle, theta, arms({0, 2}), 0.0);
    CHECK_FALSE(strict.correct);
    CHECK_FALSE(strict.optimal);
  }
}

TEST_CASE("epsilon-rule = sum judges the sum, per-arm each member", "[verdict]") {
  // Three arms at 1 and three at 0.6, k = 3: the bottom three are each within 0.5 of the
  // k-th arm but 1.2 below the optimum in sum.
  const std::vector<double> theta = {1.0, 1.0, 1.0, 0.6, 0.6, 0.6};
  CHECK(verdict(*top_k(3, 6, false), theta, arms({3, 4, 5}), 0.5).correct);
  CHECK_FALSE(verdict(*top_k(3, 6, true), theta, arms({3, 4, 5}), 0.5).correct);
  CHECK_FALSE(verdict(*top_k(3, 6, false), theta, arms({3, 4, 5}), 0.5).optimal);
}

TEST_CASE("With ties every optimal decision is optimal and correct", "[verdict]") {
  const std::vector<double> theta = {1.0, 0.9, 0.9, 0.1};
  const auto oracle = top_k(2, 4, true);
  Decision best;
  oracle->optimal(theta, best);
  CHECK(best.arms == std::vector<std::size_t>{0, 1});  // the leading one
  for (const auto& tied : {arms({0, 1}), arms({0, 2})}) {
    const Verdict v = judge(*oracle, theta, best, tied, 0.0);
    CHECK(v.optimal);
    CHECK(v.correct);
  }
  CHECK_FALSE(judge(*oracle, theta, best, arms({1, 2}), 0.0).optimal);

  SECTION("a tie of separable CPE-CS allocations (osa-greedy)") {
    const OracleEntry* entry = test::plugins().oracle("osa-greedy");
    REQUIRE(entry);
    ParamValues params;
    params.set("budget", std::int64_t{5});
    auto osa = entry->create(params, OracleContext{});
    Problem problem;
    problem.num_arms = 2;
    problem.group_sizes = {1.0, 1.0};
    osa->bind(problem);
    const std::vector<double> equal = {0.5, 0.5};
    Decision leading;
    osa->optimal(equal, leading);
    Decision swapped = leading;
    std::reverse(swapped.values.begin(), swapped.values.end());
    REQUIRE(swapped.values != leading.values);  // 2 and 3 samples: (2, 3) and (3, 2)
    CHECK(judge(*osa, equal, leading, swapped, 0.0).optimal);
    CHECK(judge(*osa, equal, leading, swapped, 0.0).correct);
    Decision lopsided;
    lopsided.values = {1.0, 4.0};
    CHECK_FALSE(judge(*osa, equal, leading, lopsided, 0.0).optimal);
  }
}

TEST_CASE("The optimality tolerance accepts rounding and rejects a gap of 1e-8", "[verdict]") {
  // 0.1 + 0.2 = 0.30000000000000004 > 0.3 in doubles; mathematically a tie.
  SumOracle oracle;
  oracle.best = arms({0, 1});
  const std::vector<double> rounded = {0.1, 0.2, 0.3};
  CHECK(judge(oracle, rounded, oracle.best, arms({2}), 0.0).optimal);
  const std::vector<double> below = {0.1, 0.2, 0.3 - 1e-8};
  CHECK_FALSE(judge(oracle, below, oracle.best, arms({2}), 0.0).optimal);
  // Relative above 1: an optimum of 1e6 tolerates 1e-3, not 1e-2.
  CHECK(optimality_tolerance(0.5) == 1e-9);
  CHECK(optimality_tolerance(-1e6) == Approx(1e-3));
  const std::vector<double> large = {5e5, 5e5, 1e6 - 1e-4, 1e6 - 1e-2};
  CHECK(judge(oracle, large, oracle.best, arms({2}), 0.0).optimal);
  CHECK_FALSE(judge(oracle, large, oracle.best, arms({3}), 0.0).optimal);
}

TEST_CASE("A decision with an arm twice or out of range is neither optimal nor correct", "[verdict]") {
  const std::vector<double> theta = {1.0, 0.9, 0.6, 0.1};
  const auto oracle = top_k(2, 4, true);
  for (const auto& bad : {arms({0, 0}), arms({0, 4}), arms({0, 1, 2})}) {
    const Verdict v = verdict(*oracle, theta, bad, 10.0);
    CHECK_FALSE(v.optimal);
    CHECK_FALSE(v.correct);
  }
}

TEST_CASE("optimal implies correct, and optimal is exact optimality, on random instances",
          "[verdict][property]") {
  RandomStream rng(RunSeed{17, 0, 0}, StreamRole::Oracle);
  int optimal_seen = 0, near_seen = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 2 + rng.below(7);
    const std::size_t k = 1 + rng.below(n - 1);
    const bool sum_rule = rng.below(2) == 1;
    const auto oracle = top_k(k, n, sum_rule);
    std::vector<double> theta(n);
    const bool ties = trial % 2 == 0;  // values on a grid of 3: frequent ties
    for (auto& x : theta) x = ties ? 0.5 * static_cast<double>(rng.below(3)) : rng.uniform01();
    Decision best;
    oracle->optimal(theta, best);
    double optimum = 0.0;
    for (std::size_t arm : best.arms) optimum += theta[arm];

    // A random candidate: mostly k distinct arms, sometimes another size or an arm twice.
    Decision candidate;
    const std::size_t size = rng.below(5) == 0 ? rng.below(n + 1) : k;
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    for (std::size_t i = 0; i < size; ++i) std::swap(all[i], all[i + rng.below(n - i)]);
    candidate.arms.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(size));
    if (size >= 2 && rng.below(10) == 0) candidate.arms[1] = candidate.arms[0];
    std::sort(candidate.arms.begin(), candidate.arms.end());
    const double epsilon = rng.below(3) == 0 ? 0.0 : rng.uniform01();

    const Verdict v = judge(*oracle, theta, best, candidate, epsilon);
    INFO("trial " << trial << ", n " << n << ", k " << k << ", epsilon " << epsilon);
    CHECK((!v.optimal || v.correct));
    const bool distinct = std::adjacent_find(candidate.arms.begin(), candidate.arms.end()) ==
                          candidate.arms.end();
    double value = 0.0;
    for (std::size_t arm : candidate.arms) value += theta[arm];
    const bool brute = distinct && candidate.arms.size() == k && std::abs(value - optimum) <= 1e-9;
    CHECK(v.optimal == brute);
    // Every epsilon, including the ones the run did not use.
    for (double other : {0.0, 1e-12, 0.01, 0.3, 1.0, 10.0})
      CHECK((!v.optimal || judge(*oracle, theta, best, candidate, other).correct));
    optimal_seen += v.optimal && candidate != best;
    near_seen += v.correct && !v.optimal;
  }
  // The property was exercised on both sides: tied optima other than the leading one, and
  // correct answers that are not optimal.
  CHECK(optimal_seen > 50);
  CHECK(near_seen > 50);
}
