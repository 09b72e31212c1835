// COCI's statistics (seed 003 Alg. 1): the unbiased variance estimator, the confidence
// radius and the box clamped to [0, 1].
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "coci_statistics.hpp"
#include "cpex/random.hpp"

using namespace cpex;
using cpe_cs::ArmEstimate;

TEST_CASE("The variance estimate is the paper's unbiased estimator", "[unit][coci]") {
  RandomStream rng(RunSeed{1, 0, 0}, StreamRole::Algorithm);
  for (int trial = 0; trial < 50; ++trial) {
    ArmEstimate arm;
    double sum = 0, squares = 0;
    const int s = 2 + static_cast<int>(rng.below(40));
    for (int j = 0; j < s; ++j) {
      const double x = rng.below(2) ? rng.uniform01() : static_cast<double>(rng.below(2));
      arm.add(x);
      sum += x;
      squares += x * x;
    }
    const double paper = (squares - sum * sum / s) / (s - 1);  // seed 003 §2
    CHECK(arm.variance() == Approx(paper).margin(1e-12));
    CHECK(arm.mean() == Approx(sum / s).epsilon(1e-12));
    CHECK(arm.estimate(2) == arm.variance());
    CHECK(arm.estimate(1) == arm.mean());
  }
  ArmEstimate one;
  one.add(0.7);
  CHECK(one.variance() == 0.0);  // needs two samples
}

TEST_CASE("Unbiasedness: the variance estimate averages to p (1 - p) on Bernoulli samples",
          "[unit][coci]") {
  RandomStream rng(RunSeed{2, 0, 0}, StreamRole::Algorithm);
  const double p = 0.3;
  double mean_of_estimates = 0;
  const int repeats = 20000;
  for (int r = 0; r < repeats; ++r) {
    ArmEstimate arm;
    for (int j = 0; j < 3; ++j) arm.add(rng.uniform01() < p ? 1.0 : 0.0);
    mean_of_estimates += arm.variance() / repeats;
  }
  // With 3 samples the biased (1/s) version averages to 2/3 p (1 - p) = 0.14.
  CHECK(mean_of_estimates == Approx(p * (1 - p)).margin(0.006));
}

TEST_CASE("The radius of Alg. 1 is sqrt(ln(4 t^3 / (tau delta)) / (2 T))", "[unit][coci]") {
  CHECK(cpe_cs::coci_radius(1, 1, 1, 0.1) == Approx(std::sqrt(std::log(40.0) / 2.0)));
  CHECK(cpe_cs::coci_radius(10, 100, 2, 0.05) ==
        Approx(std::sqrt(std::log(4e6 / 0.1) / 20.0)));
  // Shrinks with the arm's pulls, grows (slowly) with the round.
  CHECK(cpe_cs::coci_radius(20, 100, 1, 0.1) < cpe_cs::coci_radius(10, 100, 1, 0.1));
  CHECK(cpe_cs::coci_radius(10, 1000, 1, 0.1) > cpe_cs::coci_radius(10, 100, 1, 0.1));
}

TEST_CASE("The confidence box is clamped to [0, 1]", "[unit][coci]") {
  const std::vector<double> estimate = {0.05, 0.5, 0.97, 0.0, 1.0};
  const std::vector<double> radius = {0.1, 0.2, 0.1, 0.0, 2.0};
  std::vector<double> lower(5), upper(5);
  cpe_cs::coci_box(estimate, radius, lower, upper);
  CHECK(lower[0] == 0.0);
  CHECK(lower[1] == Approx(0.3));
  CHECK(lower[3] == 0.0);
  CHECK(lower[4] == 0.0);
  CHECK(upper[0] == Approx(0.15));
  CHECK(upper[1] == Approx(0.7));
  CHECK(upper[2] == 1.0);
  CHECK(upper[3] == 0.0);
  CHECK(upper[4] == 1.0);
  CHECK(lower[2] == Approx(0.87));
}
