// The `osa-greedy` oracle around GreedyOSA.
#include "osa_oracle.hpp"

#include <cmath>

#include "cpex/errors.hpp"
#include "decision_check.hpp"

namespace cpex::oracles {

void OsaOracle::bind(const Problem& problem) {
  const std::size_t m = problem.num_arms;
  if (problem.group_sizes.size() != m)
    throw ParameterError("budget", "osa-greedy needs the group size of each of the " +
                                       std::to_string(m) +
                                       " arms from the environment (e.g. `opinion`), got " +
                                       std::to_string(problem.group_sizes.size()));
  for (std::size_t i = 0; i < m; ++i)
    if (!(problem.group_sizes[i] > 0.0))
      throw ParameterError("budget", "group " + std::to_string(i) +
                                         " has size 0; every group needs at least one member");
  if (budget_ < m)
    throw ParameterError("budget", "budget k = " + std::to_string(budget_) +
                                       " is smaller than the number of groups (" +
                                       std::to_string(m) + "): every group needs a sample");
  sizes_ = problem.group_sizes;
  population_ = 0.0;
  for (double n : sizes_) population_ += n;
}

void OsaOracle::optimal(std::span<const double> theta, Decision& out) const {
  out.arms.clear();
  out.values.resize(theta.size());
  greedy_osa(theta, sizes_, budget_, out.values, scratch_);
}

double OsaOracle::value(std::span<const double> theta, const Decision& decision) const {
  double variance = 0.0;
  for (std::size_t i = 0; i < theta.size(); ++i)
    variance += sizes_[i] * sizes_[i] * theta[i] / decision.values[i];
  return -variance / (population_ * population_);
}

bool OsaOracle::acceptable(std::span<const double> theta, const Decision& optimal,
                           const Decision& candidate, double epsilon) const {
  return leading_acceptable(*this, theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
