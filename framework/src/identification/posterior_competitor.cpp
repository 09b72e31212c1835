// Posterior samples and the argmax oracle's competitor (posterior_competitor.hpp).
#include "cpex/identification/posterior_competitor.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

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
  // The spreads of the previous draw are kept with their inputs: a round's draws share them and
  // a pull changes one arm's, so the square roots are recomputed for the arms that changed only.
  if (spread_.size() != n || inflation != spread_inflation_ ||
      !std::equal(families.begin(), families.end(), spread_families_.begin(), spread_families_.end())) {
    spread_families_.assign(families.begin(), families.end());
    spread_.assign(n, 0.0);
    spread_means_.assign(n, std::numeric_limits<double>::quiet_NaN());
    spread_counts_.assign(n, std::numeric_limits<double>::quiet_NaN());
    spread_inflation_ = inflation;
  }
  for (std::size_t a = 0; a < n; ++a) {
    if (means[a] != spread_means_[a] || counts[a] != spread_counts_[a]) {
      spread_[a] = std::sqrt(inflation * posterior_variance(families[a], means[a], counts[a]) / counts[a]);
      spread_means_[a] = means[a];
      spread_counts_[a] = counts[a];
    }
    theta_[a] = means[a] + spread_[a] * rng.normal();
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
