// Answers and verdicts of the thresholding queries.
#include "threshold_oracle.hpp"

#include "decision_check.hpp"

namespace cpex::oracles {

void ThresholdOracle::optimal(std::span<const double> theta, Decision& out) const {
  const double tau = query_.tau;
  out.arms.clear();
  out.values.clear();
  if (!any()) {
    for (std::size_t a = 0; a < theta.size(); ++a)
      if (theta[a] > tau) out.arms.push_back(a);
    return;
  }
  std::size_t best = 0;
  for (std::size_t a = 1; a < theta.size(); ++a)
    if (theta[a] > theta[best]) best = a;
  if (!theta.empty() && theta[best] > tau) out.arms.push_back(best);
}

double ThresholdOracle::value(std::span<const double> theta, const Decision& decision) const {
  const double tau = query_.tau;
  double total = 0.0;
  for (std::size_t a : decision.arms) total += theta[a] - tau;
  return total;
}

bool ThresholdOracle::acceptable(std::span<const double> theta, const Decision&, const Decision& candidate,
                                 double epsilon) const {
  const double tau = query_.tau;
  if (!well_formed(candidate.arms, theta.size())) return false;
  if (any()) {
    if (candidate.arms.size() > 1) return false;
    if (candidate.arms.size() == 1) return theta[candidate.arms.front()] > tau - epsilon;
    for (double mean : theta)
      if (mean > tau + epsilon) return false;
    return true;
  }
  std::size_t member = 0;
  for (std::size_t a = 0; a < theta.size(); ++a) {
    const bool in = member < candidate.arms.size() && candidate.arms[member] == a;
    if (in) ++member;
    if (epsilon <= 0.0 ? in != (theta[a] > tau) : (in ? theta[a] < tau - epsilon : theta[a] > tau + epsilon))
      return false;
  }
  return true;
}

}  // namespace cpex::oracles
