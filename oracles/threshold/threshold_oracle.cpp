// Answers and verdicts of the thresholding queries.
#include "threshold_oracle.hpp"

#include "decision_check.hpp"

namespace cpex::oracles {

void ThresholdOracle::optimal(std::span<const double> theta, Decision& out) const {
  out.arms.clear();
  out.values.clear();
  if (!any_) {
    for (std::size_t a = 0; a < theta.size(); ++a)
      if (theta[a] > tau_) out.arms.push_back(a);
    return;
  }
  std::size_t best = 0;
  for (std::size_t a = 1; a < theta.size(); ++a)
    if (theta[a] > theta[best]) best = a;
  if (!theta.empty() && theta[best] > tau_) out.arms.push_back(best);
}

double ThresholdOracle::value(std::span<const double> theta, const Decision& decision) const {
  double total = 0.0;
  for (std::size_t a : decision.arms) total += theta[a] - tau_;
  return total;
}

bool ThresholdOracle::acceptable(std::span<const double> theta, const Decision&, const Decision& candidate,
                                 double epsilon) const {
  if (!well_formed(candidate.arms, theta.size())) return false;
  if (any_) {
    if (candidate.arms.size() > 1) return false;
    if (candidate.arms.size() == 1) return theta[candidate.arms.front()] > tau_ - epsilon;
    for (double mean : theta)
      if (mean > tau_ + epsilon) return false;
    return true;
  }
  std::size_t member = 0;
  for (std::size_t a = 0; a < theta.size(); ++a) {
    const bool in = member < candidate.arms.size() && candidate.arms[member] == a;
    if (in) ++member;
    if (epsilon <= 0.0 ? in != (theta[a] > tau_) : (in ? theta[a] < tau_ - epsilon : theta[a] > tau_ + epsilon))
      return false;
  }
  return true;
}

bool ThresholdOracle::is_optimal(std::span<const double> theta, const Decision& optimal,
                                 const Decision& candidate) const {
  return acceptable(theta, optimal, candidate, 0.0);
}

}  // namespace cpex::oracles
