// The Pareto-set and constrained best-arm algorithms are delta-correct: APE (exact and
// epsilon_1 = 0.1), auer-psi, and the GLR samplers top-two and track-and-stop on the Pareto
// set and the constrained best arm, on Gaussian and Bernoulli objectives, one objective
// minimized; delta = 0.1, the 95% Clopper-Pearson upper end of the error rate <= delta. EGE-SR
// and EGE-SH's error falls as the budget grows.
#include <catch2/catch.hpp>

#include "problems_support.hpp"

using namespace cpex;
using namespace cpex::test;

namespace {

// Pareto sets away from arm 0: {1, 2, 4} of 5 Gaussian arms (arm 0 dominated by arm 1 by 0.25,
// arm 3 by arm 2 by 0.2); {0, 2} of 3 Bernoulli arms with objective 1 minimized (arm 1 has more
// of it than arm 2 and less of objective 0).
const char* kGaussian =
    "plugin = multivariate-gaussian\nmeans = 0.5 0.3; 0.75 0.55; 0.4 0.9; 0.2 0.7; 0.95 0.1\nsigma = 0.5";
const char* kBernoulliMin = "plugin = multivariate-bernoulli\nmeans = 0.8 0.6; 0.5 0.5; 0.6 0.2";
const char* kMinOracle = "plugin = pareto-set\ndirections = max, min";
const char* kConstrained = "plugin = multivariate-gaussian\nmeans = 0.9 0.8; 0.7 0.4; 0.5 0.2; 0.3 0.1\nsigma = 0.5";
const char* kConstrainedOracle = "plugin = constrained-best\nthresholds = 0.6\ndirections = max, min";

}  // namespace

TEST_CASE("APE is delta-correct on the Pareto set", "[pareto][statistical]") {
  expect_delta_correct("ape gaussian", problem_pipeline(kGaussian, "plugin = pareto-set", "plugin = ape\ndelta = 0.1", 300, 5), 0.1);
  expect_delta_correct("ape bernoulli min", problem_pipeline(kBernoulliMin, kMinOracle, "plugin = ape\ndelta = 0.1", 300, 6), 0.1);
  // epsilon_1 = 0.1: a set between S* and S*_0.1 (arm 0 of the Gaussian instance is within 0.1
  // of optimal once raised... it is 0.25 away: the answer must still leave it out).
  const Summary s = expect_delta_correct(
      "ape epsilon 0.1", problem_pipeline(kGaussian, "plugin = pareto-set", "plugin = ape\ndelta = 0.1\nepsilon = 0.1", 300, 7),
      0.1);
  CHECK(s.mean_samples > 0);
}

TEST_CASE("auer-psi is delta-correct on the Pareto set", "[pareto][statistical]") {
  expect_delta_correct("auer-psi gaussian",
                       problem_pipeline(kGaussian, "plugin = pareto-set", "plugin = auer-psi\ndelta = 0.1", 200, 8), 0.1);
  expect_delta_correct("auer-psi bernoulli min",
                       problem_pipeline(kBernoulliMin, kMinOracle, "plugin = auer-psi\ndelta = 0.1", 200, 9), 0.1);
}

TEST_CASE("The GLR samplers are delta-correct on the Pareto set and the constrained best arm",
          "[pareto][statistical]") {
  for (const char* algorithm : {"plugin = top-two\ndelta = 0.1", "plugin = top-two\ndelta = 0.1\nthreshold = kk2021",
                                "plugin = track-and-stop\ndelta = 0.1"}) {
    const int runs = std::string(algorithm).find("track") != std::string::npos ? 150 : 300;
    expect_delta_correct(std::string(algorithm) + " gaussian", problem_pipeline(kGaussian, "plugin = pareto-set", algorithm, runs, 10), 0.1);
    expect_delta_correct(std::string(algorithm) + " bernoulli min", problem_pipeline(kBernoulliMin, kMinOracle, algorithm, runs, 11), 0.1);
    expect_delta_correct(std::string(algorithm) + " constrained", problem_pipeline(kConstrained, kConstrainedOracle, algorithm, runs, 12), 0.1);
  }
}

TEST_CASE("EGE-SR and EGE-SH: the error falls as the budget grows", "[pareto][statistical]") {
  for (const char* algorithm : {"plugin = ege-sr", "plugin = ege-sh"}) {
    double previous = 1.0;
    for (int budget : {200, 800, 3200}) {
      const Summary s = run_summary(problem_pipeline(kGaussian, "plugin = pareto-set", algorithm, 400, 13,
                                                     "budget = " + std::to_string(budget)));
      INFO(algorithm << " budget " << budget << ": wrong " << s.wrong << "/" << s.ended);
      CHECK(s.at_budget + s.by_rule == 400);
      CHECK(s.wrong_rate <= previous);
      previous = s.wrong_rate;
    }
    CHECK(previous < 0.1);
  }
}
