// The Bayesian setting: instances drawn per repetition from the prior (the same draws for every
// algorithm at a point, and the drawn means' distribution that of the prior), and
// se-early-stopping's prior-averaged error at most delta (delta = 0.1, 400 draws, the 95%
// Clopper-Pearson upper end) with every run ending within its deterministic cap.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/runtime/run.hpp"
#include "problems_support.hpp"

using namespace cpex;
using namespace cpex::test;

TEST_CASE("A prior draws a new instance per repetition, from the run's streams", "[bayesian][statistical]") {
  const Pipeline p = pipeline_from(problem_pipeline("plugin = gaussian\nprior = gaussian(1, 2)\narms = 3",
                                                    "plugin = top-k\nk = 1", "plugin = uniform", 1, 3));
  double sum = 0.0, squares = 0.0;
  const int n = 3000;
  for (int r = 0; r < n; ++r) {
    const RunObjects a = instantiate(p, RunSeed{3, 9, static_cast<std::uint64_t>(r)}, nullptr);
    const RunObjects b = instantiate(p, RunSeed{3, 9, static_cast<std::uint64_t>(r)}, nullptr);
    REQUIRE(std::vector<double>(a.environment->truth().begin(), a.environment->truth().end()) ==
            std::vector<double>(b.environment->truth().begin(), b.environment->truth().end()));
    CHECK(a.environment->problem().prior == Prior{Prior::Kind::Gaussian, 1.0, 2.0});
    for (double m : a.environment->truth()) {
      sum += m;
      squares += m * m;
    }
  }
  const double mean = sum / (3 * n), variance = squares / (3 * n) - mean * mean;
  CHECK(mean == Approx(1.0).margin(0.1));
  CHECK(variance == Approx(4.0).epsilon(0.08));
}

TEST_CASE("se-early-stopping's prior-averaged error is at most delta", "[bayesian][statistical]") {
  expect_delta_correct("gaussian prior",
                       problem_pipeline("plugin = gaussian\nprior = gaussian(0, 1)\narms = 3\nsigma = 1",
                                        "plugin = top-k\nk = 1", "plugin = se-early-stopping\ndelta = 0.1", 400, 31),
                       0.1);
  expect_delta_correct("beta prior",
                       problem_pipeline("plugin = bernoulli\nprior = beta(1, 1)\narms = 4", "plugin = top-k\nk = 1",
                                        "plugin = se-early-stopping\ndelta = 0.1", 400, 32),
                       0.1);
}
