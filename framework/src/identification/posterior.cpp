// Posterior draws of the arms' means (posterior.hpp).
#include "cpex/identification/posterior.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::identification {

namespace {

using Kind = numerics::ArmFamily::Kind;

// Gamma(shape, 1) for shape >= 1 by Marsaglia & Tsang (2000), "A simple method for generating
// gamma variables" (gamma_from, given d and c): d = shape - 1/3, c = 1/sqrt(9d); x normal, v = (1 +
// cx)^3 > 0, accept d v when u < 1 - 0.0331 x^4 (the squeeze) or log u < x^2/2 + d (1 - v + log v).
// Exact, one normal and one uniform a try (acceptance > 0.95), against Boost's tangent-based method
// (RandomStream::gamma) several times its cost: the Beta posterior draws of TTTS and T3C
// are most of their rounds.
double gamma_from(double d, double c, RandomStream& rng) {
  for (;;) {
    const double x = rng.normal(), root = 1.0 + c * x;
    if (root <= 0.0) continue;
    const double v = root * root * root, u = rng.uniform01(), x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
    if (u > 0.0 && std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return d * v;
  }
}

// The constants d = shape - 1/3 and c = 1 / sqrt(9 d) of a shape.
double shape_d(double shape) { return shape - 1.0 / 3.0; }
double shape_c(double d) { return 1.0 / std::sqrt(9.0 * d); }

double gamma_at_least_one(double shape, RandomStream& rng) {
  const double d = shape_d(shape);
  return gamma_from(d, shape_c(d), rng);
}

}  // namespace

double posterior_variance(const numerics::ArmFamily& family, double mean, double count) {
  const double edge = 1.0 / (count + 1.0);
  double clamped = mean;
  if (family.kind() == Kind::Bernoulli) clamped = std::clamp(mean, edge, 1.0 - edge);
  if (family.kind() == Kind::Poisson || family.kind() == Kind::Exponential) clamped = std::max(mean, edge);
  const double v = family.variance(clamped);
  return std::isfinite(v) && v > 0.0 ? v : 1.0;
}

double posterior_draw(const numerics::ArmFamily& family, double mean, double n, RandomStream& rng) {
  switch (family.kind()) {
    case Kind::Gaussian: return mean + family.sigma() / std::sqrt(n) * rng.normal();
    case Kind::Bernoulli: {
      const double s = std::round(mean * n);  // the number of ones
      const double ones = gamma_at_least_one(1.0 + s, rng), zeros = gamma_at_least_one(1.0 + n - s, rng);
      return ones / (ones + zeros);
    }
    case Kind::Poisson: return rng.gamma(1.0 + std::round(mean * n)) / n;
    case Kind::Exponential: return mean * n / rng.gamma(1.0 + n);
    case Kind::GaussianUnknownVariance: {
      // sigma() is the MLE standard deviation: s^2 = N/(N - 1) sigma^2.
      const double dof = std::max(1.0, n - 1.0);
      const double s = family.sigma() * std::sqrt(n / dof);
      const double z = rng.normal();
      const double chi2 = 2.0 * rng.gamma(0.5 * dof);
      return mean + s / std::sqrt(n) * z / std::sqrt(chi2 / dof);
    }
  }
  return mean;
}

void posterior_draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                    std::span<const double> counts, RandomStream& rng, std::vector<double>& out) {
  out.resize(means.size());
  for (std::size_t a = 0; a < means.size(); ++a) out[a] = posterior_draw(families[a], means[a], counts[a], rng);
}

void PosteriorDraws::draw(std::span<const numerics::ArmFamily> families,
                          std::span<const double> means, std::span<const double> counts,
                          RandomStream& rng, std::vector<double>& out) {
  out.resize(means.size());
  for (std::size_t a = 0; a < means.size(); ++a)
    out[a] = draw_one(a, families[a], means[a], counts[a], rng);
}

double PosteriorDraws::draw_one(std::size_t arm, const numerics::ArmFamily& family, double mean,
                                double count, RandomStream& rng) {
  if (family.kind() != Kind::Bernoulli) return posterior_draw(family, mean, count, rng);
  if (beta_.size() <= arm) beta_.resize(arm + 1);
  BetaConstants& b = beta_[arm];
  if (b.mean != mean || b.count != count) {  // (posterior_draw's shapes, the same expressions)
    const double s = std::round(mean * count);
    b = {mean, count, shape_d(1.0 + s), 0.0, shape_d(1.0 + count - s), 0.0};
    b.c_ones = shape_c(b.d_ones);
    b.c_zeros = shape_c(b.d_zeros);
  }
  const double ones = gamma_from(b.d_ones, b.c_ones, rng),
               zeros = gamma_from(b.d_zeros, b.c_zeros, rng);
  return ones / (ones + zeros);
}

}  // namespace cpex::identification
