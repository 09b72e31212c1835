// The `water-planning` oracle around the exact gridded solvers.
#include "water_oracle.hpp"

#include "decision_check.hpp"

namespace cpex::oracles {

void WaterOracle::optimal(std::span<const double> theta, Decision& out) const {
  out.arms.clear();
  out.values.resize(plan_.arms());
  plan_.solve(theta, out.values);
}

double WaterOracle::value(std::span<const double> theta, const Decision& decision) const {
  return plan_.reward(theta, decision.values);
}

bool WaterOracle::acceptable(std::span<const double> theta, const Decision& optimal,
                             const Decision& candidate, double epsilon) const {
  return leading_acceptable(*this, theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
