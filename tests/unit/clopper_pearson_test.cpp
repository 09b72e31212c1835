// Clopper-Pearson intervals against closed forms and tabulated values.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/report/stats.hpp"

using cpex::clopper_pearson;

TEST_CASE("Clopper-Pearson with no errors has the closed-form upper bound", "[stats]") {
  // For x = 0 the upper bound solves (1-p)^n = alpha/2.
  for (std::uint64_t n : {10u, 100u, 500u, 2000u}) {
    const auto ci = clopper_pearson(0, n);
    CHECK(ci.lower == 0.0);
    CHECK(ci.upper == Approx(1.0 - std::pow(0.025, 1.0 / static_cast<double>(n))).epsilon(1e-10));
  }
}

TEST_CASE("Clopper-Pearson with all successes has the closed-form lower bound", "[stats]") {
  const auto ci = clopper_pearson(50, 50);
  CHECK(ci.upper == 1.0);
  CHECK(ci.lower == Approx(std::pow(0.025, 1.0 / 50.0)).epsilon(1e-10));
}

TEST_CASE("Clopper-Pearson matches tabulated values", "[stats]") {
  // 5 of 10 at 95%: [0.187086, 0.812914] (standard binomial tables).
  const auto half = clopper_pearson(5, 10);
  CHECK(half.lower == Approx(0.187086).margin(1e-6));
  CHECK(half.upper == Approx(0.812914).margin(1e-6));
  // Symmetry: x of n and n-x of n mirror each other.
  const auto a = clopper_pearson(3, 40), b = clopper_pearson(37, 40);
  CHECK(a.lower == Approx(1.0 - b.upper).epsilon(1e-12));
  CHECK(a.upper == Approx(1.0 - b.lower).epsilon(1e-12));
}

TEST_CASE("Summaries count stopped, capped and failed runs, statistics over stopped runs", "[stats]") {
  std::vector<cpex::RunRecord> records(6);
  const std::uint64_t samples[] = {10, 40, 20, 30, 1000, 0};
  for (std::size_t i = 0; i < 6; ++i) {
    records[i].samples = samples[i];
    records[i].correct = i != 2 && i != 4;
    records[i].stop = i == 4 ? cpex::StopReason::MaxSamples
                      : i == 5 ? cpex::StopReason::Error
                               : cpex::StopReason::Rule;
    records[i].wall_seconds = 1.0;
  }
  const auto s = cpex::summarize(records);
  CHECK(s.runs == 6);
  CHECK(s.ended == 4);
  CHECK(s.by_rule == 4);
  CHECK(s.capped == 1);
  CHECK(s.failed == 1);
  CHECK(s.wrong == 1);          // among the ended runs
  CHECK(s.capped_wrong == 1);   // the capped run is wrong too, counted apart
  // The capped run's 1000 samples (the cap) do not enter the sample statistics.
  CHECK(s.mean_samples == 25.0);
  CHECK(s.median_samples == 25.0);
  // sd of {10, 20, 30, 40} is sqrt(500/3); half-width 1.96 * sd / 2.
  CHECK(s.mean_samples_ci95_normal.upper - 25.0 == Approx(1.959963984540054 * std::sqrt(500.0 / 3.0) / 2));
  CHECK(25.0 - s.mean_samples_ci95_normal.lower == Approx(s.mean_samples_ci95_normal.upper - 25.0));
  CHECK(s.min_samples == 10);
  CHECK(s.max_samples == 40);
  CHECK(s.wrong_rate == 0.25);
  CHECK(s.wrong_rate_ci95.lower < 0.25);
  CHECK(s.wrong_rate_ci95.upper > 0.25);
}

TEST_CASE("The mean interval of a count never goes below zero", "[stats]") {
  std::vector<cpex::RunRecord> records(3);
  records[0].samples = 0;
  records[1].samples = 0;
  records[2].samples = 100;
  const auto s = cpex::summarize(records);
  CHECK(s.mean_samples_ci95_normal.lower == 0.0);
  CHECK(s.mean_samples_ci95_normal.upper > 100.0 / 3);
}

TEST_CASE("The median interval is the order-statistic interval of the binomial", "[stats]") {
  // Brute force: the largest j with P(Bin(n, 1/2) <= j) <= 0.025, by summing the pmf.
  for (std::size_t n : {6u, 7u, 10u, 25u, 100u, 1001u}) {
    std::vector<std::uint64_t> sorted(n);
    for (std::size_t i = 0; i < n; ++i) sorted[i] = 3 * i + 1;
    long double cdf = 0, pmf = std::pow(0.5L, static_cast<long double>(n));
    std::size_t j = 0;
    bool found = false;
    for (std::size_t k = 0; k <= n / 2; ++k) {
      cdf += pmf;
      if (cdf > 0.025L) break;
      j = k;
      found = true;
      pmf = pmf * static_cast<long double>(n - k) / static_cast<long double>(k + 1);
    }
    INFO("n = " << n);
    REQUIRE(found);
    const auto ci = cpex::median_interval(sorted);
    CHECK(ci.lower == static_cast<double>(sorted[j]));
    CHECK(ci.upper == static_cast<double>(sorted[n - 1 - j]));
  }
  // Too few values for 95%: the whole range.
  const std::vector<std::uint64_t> five = {1, 2, 3, 4, 5};
  const auto ci = cpex::median_interval(five);
  CHECK(ci.lower == 1.0);
  CHECK(ci.upper == 5.0);
}
