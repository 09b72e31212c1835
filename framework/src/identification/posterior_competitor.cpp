// Posterior samples and the argmax oracle's competitor (posterior_competitor.hpp).
#include "cpex/identification/posterior_competitor.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "cpex/errors.hpp"
#include "cpex/identification/posterior.hpp"

namespace cpex::identification {

const Oracle& argmax_oracle(const AlgorithmContext& context, const std::string& algorithm) {
  const Oracle& oracle = *context.oracles.front();
  const Query query = oracle.query();
  if (query.kind != Query::Kind::Optimal)
    throw ParameterError("plugin", algorithm + " needs an argmax over the decision class, but the oracle asks a " +
                                       to_string(query.kind) + " query");
  return oracle;
}

const Oracle& PosteriorCompetitor::bind(const AlgorithmContext& context, const std::string& algorithm) {
  const Oracle& oracle = argmax_oracle(context, algorithm);
  const bool every_k_subset = !context.oracle_capabilities.empty() &&
                              (context.oracle_capabilities.front() & ~oracle.withdrawn_capabilities() & kCardinality);
  set_top_k(every_k_subset ? oracle.decision_size() : 0);
  return oracle;
}

bool PosteriorCompetitor::draw(const Oracle& oracle, std::span<const double> means, std::span<const double> counts,
                               std::span<const numerics::ArmFamily> families, const Decision& answer,
                               double inflation, RandomStream& rng) {
  refresh(means, counts, families, inflation);
  return draw(oracle, answer, rng);
}

void PosteriorCompetitor::refresh(std::span<const double> means, std::span<const double> counts,
                                  std::span<const numerics::ArmFamily> families, double inflation) {
  const std::size_t n = means.size();
  means_ = means;
  top_k_draws_ = top_k_ > 0 && top_k_ < n && n >= PosteriorTop::kFromArms;
  if (top_k_draws_) {
    top_.refresh(means, counts, families);
    top_inflation_ = inflation;
    return;
  }
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
  }
}

bool PosteriorCompetitor::draw(const Oracle& oracle, const Decision& answer, RandomStream& rng) {
  if (top_k_draws_) {
    const std::vector<std::size_t>& top = top_.draw_top(top_k_, top_inflation_, rng);
    decision_.arms.assign(top.begin(), top.end());
    std::sort(decision_.arms.begin(), decision_.arms.end());
    decision_.values.clear();
    if (decision_.arms == answer.arms) return false;
    advantage_ = 0.0;
    for (std::size_t a : decision_.arms) advantage_ += top_.value(a, rng);
    for (std::size_t a : answer.arms) advantage_ -= top_.value(a, rng);
  } else {
    const std::size_t n = means_.size();
    theta_.resize(n);
    rng.normals(theta_);  // (the draws of n normal() calls, in one)
    for (std::size_t a = 0; a < n; ++a) theta_[a] = means_[a] + spread_[a] * theta_[a];
    oracle.maximize(theta_, decision_);
    if (decision_.arms == answer.arms) return false;
    advantage_ = 0.0;
    for (std::size_t a : decision_.arms) advantage_ += theta_[a];
    for (std::size_t a : answer.arms) advantage_ -= theta_[a];
  }
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
