// Posterior draws of the arms' means (posterior.hpp).
#include "cpex/identification/posterior.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::identification {

namespace {

using Kind = numerics::ArmFamily::Kind;

double draw(const numerics::ArmFamily& family, double mean, double n, RandomStream& rng) {
  switch (family.kind()) {
    case Kind::Gaussian: return mean + family.sigma() / std::sqrt(n) * rng.normal();
    case Kind::Bernoulli: {
      const double s = std::round(mean * n);  // the number of ones
      return rng.beta(1.0 + s, 1.0 + n - s);
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

}  // namespace

void posterior_draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                    std::span<const double> counts, RandomStream& rng, std::vector<double>& out) {
  out.resize(means.size());
  for (std::size_t a = 0; a < means.size(); ++a) out[a] = draw(families[a], means[a], counts[a], rng);
}

}  // namespace cpex::identification
