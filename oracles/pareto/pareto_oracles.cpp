// Answers and verdicts of the vector-valued oracles (pareto_oracles.hpp).
#include "pareto_oracles.hpp"

#include <algorithm>

#include "cpex/errors.hpp"
#include "cpex/numerics/pareto.hpp"
#include "decision_check.hpp"
#include "objective_directions.hpp"

namespace cpex::oracles {

namespace {

std::size_t objectives_of(const Problem& problem, const char* oracle) {
  if (problem.objectives < 2)
    throw ParameterError("plugin", std::string(oracle) + " asks about vector-valued arms, but the environment's arms "
                                   "have one objective (multivariate-gaussian, multivariate-bernoulli)");
  return problem.objectives;
}

}  // namespace

// ---- pareto-set ----

void ParetoSetOracle::bind(const Problem& problem) {
  d_ = objectives_of(problem, "pareto-set");
  query_.directions = directions_for(requested_, d_);
}

void ParetoSetOracle::optimal(std::span<const double> theta, Decision& out) const {
  std::vector<double> oriented;
  numerics::orient(theta, d_, query_, oriented);
  out.arms = numerics::pareto_set(oriented, d_);
  out.values.clear();
}

double ParetoSetOracle::value(std::span<const double>, const Decision& decision) const {
  return static_cast<double>(decision.arms.size());
}

bool ParetoSetOracle::acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                                 double epsilon) const {
  const std::size_t k = d_ ? theta.size() / d_ : 0;
  if (!well_formed(candidate.arms, k) || !candidate.values.empty()) return false;
  // Every Pareto-optimal arm in the candidate, every arm of it epsilon-Pareto-optimal.
  if (!std::includes(candidate.arms.begin(), candidate.arms.end(), optimal.arms.begin(), optimal.arms.end()))
    return false;
  const double eps = std::max(epsilon, epsilon_);
  if (!(eps > 0.0)) return candidate.arms == optimal.arms;
  std::vector<double> oriented;
  numerics::orient(theta, d_, query_, oriented);
  const std::vector<std::size_t> relaxed = numerics::epsilon_pareto_set(oriented, d_, eps);
  return std::includes(relaxed.begin(), relaxed.end(), candidate.arms.begin(), candidate.arms.end());
}

bool ParetoSetOracle::is_optimal(std::span<const double> theta, const Decision& optimal,
                                 const Decision& candidate) const {
  return well_formed(candidate.arms, d_ ? theta.size() / d_ : 0) && candidate.values.empty() &&
         candidate.arms == optimal.arms;
}

// ---- constrained-best ----

void ConstrainedBestOracle::bind(const Problem& problem) {
  d_ = objectives_of(problem, "constrained-best");
  query_.directions = directions_for(requested_, d_);
  const std::size_t objective = query_.objective;
  if (objective >= d_)
    throw ParameterError("objective", "is " + std::to_string(objective) + ", but the arms have objectives 0 to " +
                                          std::to_string(d_ - 1));
  if (thresholds_.size() != d_ - 1)
    throw ParameterError("thresholds", "has " + std::to_string(thresholds_.size()) + " values, but the arms have " +
                                           std::to_string(d_ - 1) + " objectives besides objective " +
                                           std::to_string(objective) + " (one threshold each, in order)");
  query_.bounds.assign(d_, 0.0);
  for (std::size_t c = 0, t = 0; c < d_; ++c)
    if (c != objective) query_.bounds[c] = thresholds_[t++];
}

bool ConstrainedBestOracle::feasible(std::span<const double> theta, std::size_t a) const {
  for (std::size_t c = 0; c < d_; ++c)
    if (c != query_.objective && !(query_.directions[c] * (theta[a * d_ + c] - query_.bounds[c]) > 0.0))
      return false;
  return true;
}

void ConstrainedBestOracle::optimal(std::span<const double> theta, Decision& out) const {
  out.arms.clear();
  out.values.clear();
  const std::size_t k = theta.size() / d_, objective = query_.objective;
  const double s = query_.directions[objective];
  std::size_t best = k;
  for (std::size_t a = 0; a < k; ++a)
    if (feasible(theta, a) && (best == k || s * theta[a * d_ + objective] > s * theta[best * d_ + objective]))
      best = a;
  if (best < k) out.arms.push_back(best);
}

double ConstrainedBestOracle::value(std::span<const double> theta, const Decision& decision) const {
  if (decision.arms.size() != 1) return 0.0;
  return query_.directions[query_.objective] * theta[decision.arms.front() * d_ + query_.objective];
}

bool ConstrainedBestOracle::acceptable(std::span<const double> theta, const Decision& optimal,
                                       const Decision& candidate, double epsilon) const {
  const std::size_t k = theta.size() / d_;
  if (!well_formed(candidate.arms, k) || !candidate.values.empty() || candidate.arms.size() > 1) return false;
  if (optimal.arms.empty()) return candidate.arms.empty();
  if (candidate.arms.empty() || !feasible(theta, candidate.arms.front())) return false;
  return value(theta, candidate) >= value(theta, optimal) - std::max(epsilon, 0.0);
}

}  // namespace cpex::oracles
