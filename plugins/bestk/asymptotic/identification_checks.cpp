// Start-of-run checks and the recommendation of the asymptotically optimal algorithms.
#include "identification_checks.hpp"

#include "cpex/errors.hpp"

namespace cpex::bestk {

numerics::ArmFamily best_arm_family(const AlgorithmContext& context, const std::string& algorithm) {
  const std::size_t k = context.oracles.front()->decision_size();
  if (k != 1)
    throw ParameterError("k", algorithm + " identifies the single best arm and needs k = 1 in "
                              "[oracle], got k = " + std::to_string(k));
  const Problem& problem = *context.problem;
  if (problem.parameter != KeyParameter::Mean)
    throw ParameterError("plugin", algorithm + " identifies the largest mean, but the environment's "
                                   "arms are judged by their " + to_string(problem.parameter));
  const auto family = numerics::arm_family_of(problem.rewards, problem.noise_sigma);
  if (!family)
    throw ParameterError("plugin", algorithm + " needs gaussian or bernoulli rewards, but the "
                                   "environment's rewards are " + describe(problem.rewards));
  return *family;
}

std::size_t empirical_best(const ArmStatistics& stats) {
  if (!stats.all_seen()) return 0;
  std::size_t best = 0;
  for (std::size_t a = 1; a < stats.arms(); ++a)
    if (stats.mean(a) > stats.mean(best)) best = a;
  return best;
}

}  // namespace cpex::bestk
