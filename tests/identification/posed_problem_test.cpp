// The SDK's identification facade (cpex/identification/posed_problem.hpp): the GLR statistic
// of the best arm equals its closed form, T*(mu) and w*(mu) are the numerics' solver's, the
// thresholds by name are the numerics', every piece's cost is listed with the least as the
// statistic, and bad arguments are refused naming them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "cpex/identification/posed_problem.hpp"
#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

using cpex::identification::PosedProblem;
using cpex::identification::ProblemSpec;

TEST_CASE("PosedProblem: the best arm's GLR is min_j N_1 N_j / (N_1 + N_j) gap^2 / (2 sigma^2)", "[identification][sdk]") {
  ProblemSpec spec;
  spec.arms = 4;
  spec.sigma = 0.5;
  const PosedProblem p = PosedProblem::from_names(spec);
  const std::vector<double> mu = {0.9, 0.6, 0.7, 0.2}, n = {40, 10, 20, 5};
  const auto g = p.glr(mu, n, true);
  double expected = INFINITY;
  for (std::size_t j = 1; j < 4; ++j)
    expected = std::min(expected, n[0] * n[j] / (n[0] + n[j]) * (mu[0] - mu[j]) * (mu[0] - mu[j]) / (2 * 0.25));
  CHECK(g.answer.arms == std::vector<std::size_t>{0});
  CHECK(g.statistic == Approx(expected).epsilon(1e-12));
  REQUIRE(g.pieces.size() == 3);
  double least = INFINITY;
  for (const auto& piece : g.pieces) least = std::min(least, piece.cost);
  CHECK(least == g.statistic);
  // The closest alternative moves arms 0 and 2 to one point.
  CHECK(g.alternative[0] == Approx(g.alternative[2]));
  CHECK(g.alternative[1] == mu[1]);
}

TEST_CASE("PosedProblem: T*, w* and the thresholds are the numerics'", "[identification][sdk]") {
  ProblemSpec spec;
  spec.arms = 5;
  spec.family = "bernoulli";
  spec.query = "top-m";
  spec.m = 2;
  const PosedProblem p = PosedProblem::from_names(spec);
  const std::vector<double> mu = {0.8, 0.75, 0.65, 0.3, 0.2};
  const auto t = p.characteristic_time(mu);
  const auto reference = cpex::numerics::characteristic_time(
      *cpex::numerics::top_m_problem(5, 2), mu, std::vector<cpex::numerics::ArmFamily>(5, cpex::numerics::ArmFamily::bernoulli()));
  CHECK(t.time == reference.value);
  CHECK(t.weights == reference.weights);
  CHECK(t.lower <= 1.0 / t.time);
  CHECK(1.0 / t.time <= t.upper * (1 + 1e-12));
  CHECK(p.pieces(mu) == 6);  // m (K - m)
  CHECK(p.threshold("gk-theorem", 100, 0.01, mu) ==
        cpex::numerics::stopping_threshold(cpex::numerics::StoppingThreshold::GkTheorem, 100, 0.01, 6, 1));
  CHECK_THROWS_WITH(p.threshold("gk", 100, 0.01), Catch::Contains("unknown threshold 'gk'"));
  CHECK_THROWS_WITH(p.answer(std::vector<double>{0.1, 0.2}), Catch::Contains("means has 2 entries for 5 arms"));
  spec.family = "gauss";
  CHECK_THROWS_WITH(PosedProblem::from_names(spec), Catch::Contains("unknown family 'gauss'"));
}
