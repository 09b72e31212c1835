// The Pareto algorithms' setting check, oriented means, mid-run answer and pairwise width
// (vector_arms.hpp).
#include "vector_arms.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/errors.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

namespace cpex::pareto {

ParetoSetting require_pareto(const AlgorithmContext& context, const std::string& name) {
  const Problem& problem = *context.problem;
  const Query query = context.oracles.front()->query();
  if (problem.feedback != FeedbackKind::MultiObjective || problem.objectives < 2 || query.kind != Query::Kind::Pareto)
    throw ParameterError("plugin", name + " identifies the Pareto set of vector-valued arms: it needs a "
                                          "multivariate environment and the pareto-set oracle (this pipeline poses the " +
                                          std::string(to_string(query.kind)) + " query)");
  ParetoSetting out;
  out.arms = problem.num_arms;
  out.objectives = problem.objectives;
  for (std::size_t d = 0; d < out.objectives; ++d) out.directions.push_back(direction_of(query, d));
  return out;
}

AlgorithmNeeds pareto_needs(unsigned settings) {
  return {.feedback = {FeedbackKind::MultiObjective}, .oracles = {{"oracle", 0u}}, .settings = settings};
}

void VectorMeans::reset(const ParetoSetting& setting) {
  d_ = setting.objectives;
  directions_ = setting.directions;
  means_.assign(setting.arms * d_, 0.0);
  counts_.assign(setting.arms, 0);
  total_ = 0;
}

void VectorMeans::add(std::size_t arm, std::span<const double> rewards) {
  const double n = static_cast<double>(++counts_[arm]);
  ++total_;
  for (std::size_t d = 0; d < d_; ++d) {
    double& mean = means_[arm * d_ + d];
    mean += (directions_[d] * rewards[d] - mean) / n;
  }
}

std::vector<bool> member_mask(std::size_t arms, const std::vector<std::size_t>& members) {
  std::vector<bool> mask(arms, false);
  for (std::size_t a : members) mask[a] = true;
  return mask;
}

std::vector<std::size_t> accepted_and_front(const VectorMeans& stats, std::vector<std::size_t> accepted,
                                            const std::vector<bool>& active) {
  for (std::size_t a : numerics::pareto_set(stats.means(), stats.objectives(), active)) accepted.push_back(a);
  std::sort(accepted.begin(), accepted.end());
  return accepted;
}

PairwiseWidth::PairwiseWidth(std::size_t arms, std::size_t objectives, double delta, double sigma)
    : sigma_(sigma) {
  const double pairs = 0.5 * static_cast<double>(arms) * static_cast<double>(arms - 1) * static_cast<double>(objectives);
  calibration_ = numerics::kk_gaussian_calibration(0.5 * std::log(pairs / delta));
}

double PairwiseWidth::operator()(std::uint64_t n_i, std::uint64_t n_j) const {
  const double a = static_cast<double>(n_i), b = static_cast<double>(n_j);
  const double level = calibration_ + std::log(4.0 + std::log(a)) + std::log(4.0 + std::log(b));
  return 2.0 * sigma_ * std::sqrt(level * (1.0 / a + 1.0 / b));
}

}  // namespace cpex::pareto
