// Default implementations of the Oracle interface for linear decision classes.
#include "cpex/oracle.hpp"

#include <cmath>

#include "cpex/errors.hpp"

namespace cpex {

void Oracle::maximize(std::span<const double>, Decision&) const {
  throw Error("this oracle does not offer linear maximization");
}

bool Oracle::second_best(std::span<const double>, const Decision&, Decision&) const {
  throw Error("this oracle does not offer the second-best decision");
}

void Oracle::maximize_quadratic(const Eigen::MatrixXd&, std::size_t, Decision&) const {
  throw Error("this oracle does not offer quadratic maximization");
}

void Oracle::optimal(std::span<const double> theta, Decision& out) const { maximize(theta, out); }

double Oracle::value(std::span<const double> theta, const Decision& decision) const {
  double total = 0.0;
  for (std::size_t arm : decision.arms) total += theta[arm];
  return total;
}

bool Oracle::acceptable(std::span<const double> theta, const Decision& optimal,
                        const Decision& candidate, double epsilon) const {
  if (candidate == optimal) return true;
  const double best = value(theta, optimal);
  // Sums in another order may differ by rounding: allow a few ulps of the scale.
  const double slack = 1e-12 * (1.0 + std::abs(best));
  return value(theta, candidate) >= best - epsilon - slack;
}

}  // namespace cpex
