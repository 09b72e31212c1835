// The prior numerics (numerics/prior_gap.hpp) against closed forms: for two arms of a
// Gaussian prior N(m, s^2) the gap |X1 - X2| is half-normal of scale s sqrt(2) (P(gap <= e)
// = erf(e / (2 s)), L(H) = 1 / (s sqrt(pi))); of Beta(1, 1), |U1 - U2| has density 2 (1 - x)
// (P = 2e - e^2, L = 2); for K arms of Beta(1, 1) the largest minus the second largest of K
// uniforms is Beta(1, K): P = 1 - (1 - e)^K and L = K. The incomplete beta function against
// hand-computed values, and the Kaufmann-Koolen Gaussian calibration C^g against a dense grid.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/numerics/prior_gap.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

using namespace cpex;
using namespace cpex::numerics;

TEST_CASE("Gap probabilities and L(H) match closed forms", "[prior][unit]") {
  const Prior normal{Prior::Kind::Gaussian, 0.3, 0.7};
  for (double e : {0.01, 0.1, 0.5, 1.5})
    CHECK(prior_gap_probability(normal, 2, e) == Approx(std::erf(e / (2.0 * 0.7))).epsilon(1e-7));
  CHECK(prior_gap_density(normal, 2) == Approx(1.0 / (0.7 * std::sqrt(M_PI))).epsilon(1e-7));
  const Prior uniform{Prior::Kind::Beta, 1.0, 1.0};
  for (double e : {0.01, 0.2, 0.7}) {
    CHECK(prior_gap_probability(uniform, 2, e) == Approx(2.0 * e - e * e).epsilon(1e-6));
    CHECK(prior_gap_probability(uniform, 5, e) == Approx(1.0 - std::pow(1.0 - e, 5)).epsilon(1e-6));
  }
  CHECK(prior_gap_density(uniform, 2) == Approx(2.0).epsilon(1e-7));
  CHECK(prior_gap_density(uniform, 5) == Approx(5.0).epsilon(1e-7));
  // The quantile inverts the probability.
  const double e = prior_gap_quantile(uniform, 5, 0.025);
  CHECK(1.0 - std::pow(1.0 - e, 5) == Approx(0.025).epsilon(1e-6));
  CHECK(prior_gap_quantile(normal, 2, 0.05) == Approx(2.0 * 0.7 * 0.0443403879).epsilon(1e-6));  // erf^-1(0.05)
}

TEST_CASE("Densities and distribution functions of the priors", "[prior][unit]") {
  const Prior beta{Prior::Kind::Beta, 2.0, 3.0};
  // Beta(2, 3): density 12 x (1 - x)^2, CDF 6x^2 - 8x^3 + 3x^4.
  for (double x : {0.1, 0.4, 0.9}) {
    CHECK(prior_density(beta, x) == Approx(12.0 * x * (1 - x) * (1 - x)));
    CHECK(prior_cdf(beta, x) == Approx(6 * x * x - 8 * x * x * x + 3 * x * x * x * x).epsilon(1e-12));
  }
  CHECK(incomplete_beta(0.5, 0.5, 0.5) == Approx(0.5).epsilon(1e-12));
  CHECK(prior_gap_supported(beta));
  CHECK_FALSE(prior_gap_supported(Prior{Prior::Kind::Beta, 0.5, 2.0}));
  CHECK(prior_cdf(Prior{Prior::Kind::Gaussian, 1.0, 2.0}, 1.0) == Approx(0.5));
}

TEST_CASE("The Gaussian calibration C^g is the minimum over lambda", "[prior][unit]") {
  const auto g = [](double lambda, double x) {
    return (2 * lambda - 2 * lambda * std::log(4 * lambda) + std::log(riemann_zeta(2 * lambda)) -
            0.5 * std::log(1 - lambda) + x) / lambda;
  };
  CHECK(riemann_zeta(2.0) == Approx(M_PI * M_PI / 6.0).epsilon(1e-12));
  CHECK(riemann_zeta(1.5) == Approx(2.6123753486854883).epsilon(1e-10));
  for (double x : {0.5, 2.0, 10.0, 40.0}) {
    double grid = 1e300;
    for (int i = 1; i < 100000; ++i) grid = std::min(grid, g(0.5 + 0.5 * i / 100000.0, x));
    CHECK(kk_gaussian_calibration(x) == Approx(grid).epsilon(1e-7));
    CHECK(kk_gaussian_calibration(x) <= grid + 1e-12);
  }
}
