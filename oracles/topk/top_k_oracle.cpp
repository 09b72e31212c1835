// Top-k selection.
#include "top_k_oracle.hpp"

#include <algorithm>
#include <numeric>

#include "cpex/errors.hpp"
#include "decision_check.hpp"

namespace cpex::oracles {

void TopKOracle::bind(const Problem& problem) {
  if (k_ >= problem.num_arms)
    throw ParameterError("k", "k = " + std::to_string(k_) +
                                  " must be smaller than the number of arms");
}

void TopKOracle::maximize(std::span<const double> weights, Decision& out) const {
  order_.resize(weights.size());
  std::iota(order_.begin(), order_.end(), std::size_t{0});
  auto better = [&](std::size_t a, std::size_t b) {
    return weights[a] > weights[b] || (weights[a] == weights[b] && a < b);
  };
  std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(k_) - 1,
                   order_.end(), better);
  out.arms.assign(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(k_));
  std::sort(out.arms.begin(), out.arms.end());
  out.values.clear();
}

bool TopKOracle::second_best(std::span<const double> weights, const Decision& excluded,
                             Decision& out) const {
  maximize(weights, out);
  if (out.arms != excluded.arms) return true;
  if (k_ >= weights.size()) return false;
  std::size_t weakest = out.arms.front();
  for (std::size_t arm : out.arms)
    if (weights[arm] <= weights[weakest]) weakest = arm;  // ascending: ties to the larger index
  std::size_t strongest = weights.size();
  std::size_t member = 0;  // walks the sorted optimum to skip its arms
  for (std::size_t arm = 0; arm < weights.size(); ++arm) {
    if (member < out.arms.size() && out.arms[member] == arm) {
      ++member;
      continue;
    }
    if (strongest == weights.size() || weights[arm] > weights[strongest]) strongest = arm;
  }
  *std::find(out.arms.begin(), out.arms.end(), weakest) = strongest;
  std::sort(out.arms.begin(), out.arms.end());
  return true;
}

bool TopKOracle::acceptable(std::span<const double> theta, const Decision& optimal,
                            const Decision& candidate, double epsilon) const {
  if (candidate.arms.size() != k_ || !well_formed(candidate.arms, theta.size())) return false;
  if (epsilon <= 0.0 || sum_rule_) return Oracle::acceptable(theta, optimal, candidate, epsilon);
  double kth = theta[optimal.arms.front()];
  for (std::size_t arm : optimal.arms) kth = std::min(kth, theta[arm]);
  return std::all_of(candidate.arms.begin(), candidate.arms.end(),
                     [&](std::size_t arm) { return theta[arm] >= kth - epsilon; });
}

}  // namespace cpex::oracles
