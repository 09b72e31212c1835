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
  arms_ = problem.num_arms;
}

void TopKOracle::maximize(std::span<const double> weights, Decision& out) const {
  if (k_ == 1 && !weights.empty()) {
    // The best arm, ties to the smaller index (the order below): one scan, no index vector
    // (the posterior samplers call this K-arm argmax several times a round).
    std::size_t best = 0;
    for (std::size_t a = 1; a < weights.size(); ++a)
      if (weights[a] > weights[best]) best = a;
    out.arms.assign(1, best);
    out.values.clear();
    return;
  }
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
  if (epsilon <= 0.0 || rule_ == EpsilonRule::Sum) return Oracle::acceptable(theta, optimal, candidate, epsilon);
  double kth = theta[optimal.arms.front()];
  for (std::size_t arm : optimal.arms) kth = std::min(kth, theta[arm]);
  const double floor = rule_ == EpsilonRule::Relative ? (1.0 - epsilon) * kth : kth - epsilon;
  return std::all_of(candidate.arms.begin(), candidate.arms.end(),
                     [&](std::size_t arm) { return theta[arm] >= floor; });
}

void TopKOracle::exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const {
  out.clear();
  std::vector<char> member(arms_, 0);
  for (std::size_t arm : basis.arms) member[arm] = 1;
  for (std::size_t leaving : basis.arms)
    for (std::size_t entering = 0; entering < arms_; ++entering)
      if (!member[entering]) out.emplace_back(leaving, entering);
}

bool TopKOracle::enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const {
  // C(n, k) by the multiplicative formula, stopped as soon as it passes the limit.
  // (over min(k, n - k) factors, whose partial products C(n, i) never pass the total).
  double count = 1.0;
  for (std::size_t i = 0; i < std::min(k_, arms_ - k_); ++i) {
    count = count * static_cast<double>(arms_ - i) / static_cast<double>(i + 1);
    if (count > static_cast<double>(limit)) return false;
  }
  Decision d;
  d.arms.resize(k_);
  for (std::size_t i = 0; i < k_; ++i) d.arms[i] = i;
  while (true) {
    visit(d);
    std::size_t i = k_;
    while (i > 0 && d.arms[i - 1] == arms_ - k_ + i - 1) --i;
    if (i == 0) return true;
    ++d.arms[i - 1];
    for (std::size_t j = i; j < k_; ++j) d.arms[j] = d.arms[j - 1] + 1;
  }
}

}  // namespace cpex::oracles
