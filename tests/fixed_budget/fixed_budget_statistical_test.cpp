// Statistical tests of the fixed-budget algorithms on one Gaussian instance (8 arms,
// sigma = 1, the best arms at shuffled positions): the error rate falls as the budget
// grows (95% Clopper-Pearson intervals of consecutive budgets do not overlap at the ends
// of the range), and at every budget it agrees with an independent simulation of the
// same algorithm (reference_simulators.cpp: own code, own generator): the two error rates
// differ by less than 3.3 standard errors of their difference (pooled), which with 4,000
// runs each detects a shift of about 0.03 at an error rate of 0.2. (That sharpness found
// a real bug: Sequential Halving ending at its exact budget before its last halving.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "reference_simulators.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

constexpr int kRuns = 4000;

// The instance: sorted means shuffled by a fixed seed (the best arm lands at index 6).
std::vector<double> shuffled_means() {
  std::vector<double> means = {0.9, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0};
  std::mt19937_64 engine(20240519);
  std::shuffle(means.begin(), means.end(), engine);
  return means;
}

std::string join(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

std::vector<std::size_t> top(const std::vector<double>& means, std::size_t k) {
  std::vector<std::size_t> order(means.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return means[a] > means[b]; });
  order.resize(k);
  std::sort(order.begin(), order.end());
  return order;
}

struct Rate {
  std::uint64_t errors, runs;
};

Rate cpex_rate(const std::string& algorithm, std::size_t k, std::uint64_t budget) {
  const std::string text = "[environment]\nplugin = gaussian\nmeans = " + join(shuffled_means()) +
                           "\nsigma = 1\n[oracle]\nplugin = top-k\nk = " + std::to_string(k) +
                           "\n[algorithm]\nplugin = " + algorithm + "\n[run]\nseed = 77\nrepetitions = " +
                           std::to_string(kRuns) + "\nbudget = " + std::to_string(budget) + "\n";
  const Summary s = summarize(execute(make_jobs({test::pipeline_from(text)}, expand({})), {2}, nullptr));
  REQUIRE(s.failed == 0);
  REQUIRE(s.capped == 0);
  return {s.wrong, s.ended};  // stopped: ended by rule or at the budget
}

using Simulator = std::function<std::vector<std::size_t>(test::GaussianBandit&, std::uint64_t)>;

Rate reference_rate(const Simulator& simulate, std::size_t k, std::uint64_t budget) {
  test::GaussianBandit bandit{shuffled_means(), 1.0, std::mt19937_64(budget * 7919 + k)};
  const auto best = top(bandit.means, k);
  std::uint64_t errors = 0;
  for (int i = 0; i < kRuns; ++i) errors += simulate(bandit, budget) == best ? 0 : 1;
  return {errors, static_cast<std::uint64_t>(kRuns)};
}

void check_algorithm(const std::string& algorithm, std::size_t k, const std::vector<std::uint64_t>& budgets,
                     const Simulator& simulate) {
  std::vector<Interval> intervals;
  for (std::uint64_t budget : budgets) {
    const Rate ours = cpex_rate(algorithm, k, budget);
    const Rate theirs = reference_rate(simulate, k, budget);
    const double p = static_cast<double>(ours.errors) / static_cast<double>(ours.runs);
    const double q = static_cast<double>(theirs.errors) / static_cast<double>(theirs.runs);
    const double pooled = static_cast<double>(ours.errors + theirs.errors) /
                          static_cast<double>(ours.runs + theirs.runs);
    const double se = std::sqrt(pooled * (1.0 - pooled) *
                                (1.0 / static_cast<double>(ours.runs) + 1.0 / static_cast<double>(theirs.runs)));
    INFO(algorithm << " k=" << k << " T=" << budget << ": cpex " << ours.errors << "/" << ours.runs
                   << ", reference " << theirs.errors << "/" << theirs.runs << ", z = " << (p - q) / se);
    CHECK(std::abs(p - q) <= 3.3 * se);
    intervals.push_back(clopper_pearson(ours.errors, ours.runs, 0.95));
  }
  INFO(algorithm << ": the error rate at the largest budget is below the smallest's");
  CHECK(intervals.back().upper < intervals.front().lower);
  for (std::size_t i = 1; i < intervals.size(); ++i) CHECK(intervals[i].lower <= intervals[i - 1].upper);
}

}  // namespace

TEST_CASE("Successive Rejects: error falls with the budget, equals a reference simulation",
          "[fixed-budget][statistical]") {
  check_algorithm("successive-rejects", 1, {40, 80, 160},
                  [](test::GaussianBandit& b, std::uint64_t T) { return test::simulate_successive_rejects(b, T); });
}

TEST_CASE("Sequential Halving: error falls with the budget, equals a reference simulation",
          "[fixed-budget][statistical]") {
  check_algorithm("sequential-halving", 1, {48, 96, 192},
                  [](test::GaussianBandit& b, std::uint64_t T) { return test::simulate_sequential_halving(b, T); });
}

TEST_CASE("SAR (top-2): error falls with the budget, equals a reference simulation",
          "[fixed-budget][statistical]") {
  check_algorithm("sar", 2, {60, 120, 240},
                  [](test::GaussianBandit& b, std::uint64_t T) { return test::simulate_sar(b, 2, T); });
}

TEST_CASE("CSAR on top-3: error falls with the budget, equals a reference simulation",
          "[fixed-budget][statistical]") {
  check_algorithm("csar", 3, {60, 120, 240},
                  [](test::GaussianBandit& b, std::uint64_t T) { return test::simulate_csar_top_k(b, 3, T); });
}

TEST_CASE("UGapE (fixed budget): error falls with the budget, equals a reference simulation",
          "[fixed-budget][statistical]") {
  // a = 2 for every budget (beta = 2 sqrt(2 / T_i)).
  check_algorithm("ugape\na = 2", 2, {60, 120, 240},
                  [](test::GaussianBandit& b, std::uint64_t T) { return test::simulate_ugape_budget(b, 2, T, 2.0); });
}
