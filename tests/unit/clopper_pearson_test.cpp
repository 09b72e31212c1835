// Clopper-Pearson intervals against closed forms and tabulated values.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/stats.hpp"

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

TEST_CASE("Summaries count errors, caps and sample statistics", "[stats]") {
  std::vector<cpex::RunRecord> records(4);
  const std::uint64_t samples[] = {10, 40, 20, 30};
  for (std::size_t i = 0; i < 4; ++i) {
    records[i].samples = samples[i];
    records[i].correct = i != 2;
    records[i].stopped = i != 3;
    records[i].wall_seconds = 1.0;
  }
  const auto s = cpex::summarize(records);
  CHECK(s.runs == 4);
  CHECK(s.errors == 1);
  CHECK(s.capped == 1);
  CHECK(s.mean_samples == 25.0);
  CHECK(s.median_samples == 25.0);
  // sd of {10, 20, 30, 40} is sqrt(500/3); half-width 1.96 * sd / 2.
  CHECK(s.mean_samples_ci.upper - 25.0 == Approx(1.959963984540054 * std::sqrt(500.0 / 3.0) / 2));
  CHECK(25.0 - s.mean_samples_ci.lower == Approx(s.mean_samples_ci.upper - 25.0));
  CHECK(s.min_samples == 10);
  CHECK(s.max_samples == 40);
  CHECK(s.error_rate == 0.25);
  CHECK(s.error_rate_ci.lower < 0.25);
  CHECK(s.error_rate_ci.upper > 0.25);
}
