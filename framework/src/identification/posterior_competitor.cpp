// Posterior samples and the argmax oracle's competitor (posterior_competitor.hpp).
#include "cpex/identification/posterior_competitor.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "cpex/errors.hpp"

namespace cpex::identification {

namespace {

double posterior_variance(const numerics::ArmFamily& family, double mean, double count) {
  const double edge = 1.0 / (count + 1.0);
  double clamped = mean;
  if (family.kind() == numerics::ArmFamily::Kind::Bernoulli) clamped = std::clamp(mean, edge, 1.0 - edge);
  if (family.kind() == numerics::ArmFamily::Kind::Poisson || family.kind() == numerics::ArmFamily::Kind::Exponential)
    clamped = std::max(mean, edge);
  const double v = family.variance(clamped);
  return std::isfinite(v) && v > 0.0 ? v : 1.0;
}

}  // namespace

const Oracle& argmax_oracle(const AlgorithmContext& context, const std::string& algorithm) {
  const Oracle& oracle = *context.oracles.front();
  const Query query = oracle.query();
  if (query.kind != Query::Kind::Optimal)
    throw ParameterError("plugin", algorithm + " needs an argmax over the decision class, but the oracle asks a " +
                                       to_string(query.kind) + " query");
  return oracle;
}

bool PosteriorCompetitor::draw(const Oracle& oracle, std::span<const double> means, std::span<const double> counts,
                               std::span<const numerics::ArmFamily> families, const Decision& answer,
                               double inflation, RandomStream& rng) {
  const std::size_t n = means.size();
  theta_.resize(n);
  for (std::size_t a = 0; a < n; ++a) {
    const double spread = std::sqrt(inflation * posterior_variance(families[a], means[a], counts[a]) / counts[a]);
    theta_[a] = means[a] + spread * rng.normal();
  }
  oracle.maximize(theta_, decision_);
  if (decision_.arms == answer.arms) return false;
  advantage_ = 0.0;
  for (std::size_t a : decision_.arms) advantage_ += theta_[a];
  for (std::size_t a : answer.arms) advantage_ -= theta_[a];
  if (!(advantage_ > 0.0)) return false;
  up_.clear();
  down_.clear();
  std::set_difference(decision_.arms.begin(), decision_.arms.end(), answer.arms.begin(), answer.arms.end(),
                      std::back_inserter(up_));
  std::set_difference(answer.arms.begin(), answer.arms.end(), decision_.arms.begin(), decision_.arms.end(),
                      std::back_inserter(down_));
  return true;
}

}  // namespace cpex::identification
