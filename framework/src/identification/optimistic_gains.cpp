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

}  // namespace cpex::identification
