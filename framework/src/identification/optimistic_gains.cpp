// The game sampler's optimistic gains (optimistic_gains.hpp).
#include "cpex/identification/optimistic_gains.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/numerics/kl_confidence.hpp"

namespace cpex::identification {

double optimism_level(std::uint64_t t) { return std::log(static_cast<double>(t)); }

double optimistic_gain(const numerics::ArmFamily& family, double mean, double count, double level, double lambda,
                       double& upper, double& lower) {
  // Each bound from the arm's bound of the round before (a level, or a sample, ago): a few
  // Newton steps, or the closed form of Gaussian arms (kl_confidence.hpp).
  upper = numerics::kl_upper_bound_from(family, mean, count, level, upper);
  lower = numerics::kl_lower_bound_from(family, mean, count, level, lower);
  return std::max({family.kl(upper, lambda), family.kl(lower, lambda), level / count});
}

void optimistic_gains(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                      std::span<const double> counts, double level, std::span<const double> lambda,
                      std::span<double> upper, std::span<double> lower, std::span<double> gains) {
  for (std::size_t a = 0; a < means.size(); ++a) {
    const numerics::ArmFamily& family = families[a];
    const double count = counts[a];
    if (family.kind() != numerics::ArmFamily::Kind::Gaussian || !(level > 0.0) || !(count > 0.0)) {
      gains[a] = optimistic_gain(family, means[a], count, level, lambda[a], upper[a], lower[a]);
      continue;
    }
    // kl_bound_from's closed form and ArmFamily::kl's Gaussian divergence, inline.
    const double sigma = family.sigma(), budget = level / count;
    upper[a] = numerics::gaussian_kl_bound(sigma, means[a], budget, 1.0);
    lower[a] = numerics::gaussian_kl_bound(sigma, means[a], budget, -1.0);
    gains[a] =
        std::max({numerics::ArmFamily::gaussian_kl(sigma, upper[a], lambda[a]),
                  numerics::ArmFamily::gaussian_kl(sigma, lower[a], lambda[a]), level / count});
  }
}

}  // namespace cpex::identification
