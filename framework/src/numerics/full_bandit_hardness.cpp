// H_eps of a full-bandit instance through the decision oracle (see the header).
#include "cpex/numerics/full_bandit_hardness.hpp"

#include <limits>

namespace cpex::numerics {

FullBanditHardness full_bandit_hardness(const Oracle& oracle, std::span<const double> theta, double epsilon) {
  FullBanditHardness out;
  out.rho = static_cast<double>(theta.size());
  Decision best, second;
  oracle.maximize(theta, best);
  if (!oracle.second_best(theta, best, second)) {
    out.delta_min = std::numeric_limits<double>::infinity();
    return out;
  }
  out.delta_min = oracle.value(theta, best) - oracle.value(theta, second);
  const double denominator = out.delta_min + epsilon;
  out.h = denominator > 0.0 ? out.rho / (denominator * denominator) : std::numeric_limits<double>::infinity();
  return out;
}

}  // namespace cpex::numerics
