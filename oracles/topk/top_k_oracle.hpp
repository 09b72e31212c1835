// The `top-k` oracle, also registered as `matroid-uniform`: the decision class of all
// k-subsets of the arms, which are the bases of the uniform matroid of rank k. Linear
// maximization is selection of the k largest weights (ties to the smaller index) in
// O(N + k log k) — the matroid greedy algorithm's answer; the second-best decision is one
// exchange away from the optimum, O(N). The two names differ only in their defaults
// (oracles/topk/register.cpp): `top-k` needs k and judges epsilon per arm (Best-K),
// `matroid-uniform` has k = 1 and judges epsilon on the sum (the CPE-L papers).
#pragma once

#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::oracles {

class TopKOracle : public Oracle {
 public:
  explicit TopKOracle(std::size_t k, bool sum_rule = false) : k_(k), sum_rule_(sum_rule) {}

  void bind(const Problem& problem) override;
  std::size_t decision_size() const override { return k_; }
  void maximize(std::span<const double> weights, Decision& out) const override;
  // The optimum if it is not `excluded`; otherwise the optimum with its weakest member
  // (smallest weight, ties to the larger index) exchanged for the strongest outsider
  // (largest weight, ties to the smaller index). One exchange suffices: any other
  // k-subset loses at least one member and gains at least one outsider.
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // A candidate that is not k distinct arms is never acceptable. With epsilon > 0, the
  // (epsilon, k)-optimality of Kalyanakrishnan et al. (2012): every recommended arm has
  // theta >= theta_[k] - epsilon. With epsilon = 0: an optimal set. With
  // `epsilon-rule = sum` (sum_rule): theta(M*) - theta(candidate) <= epsilon.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  std::size_t k_;
  bool sum_rule_ = false;
  mutable std::vector<std::size_t> order_;  // scratch; an oracle serves one run at a time
};

}  // namespace cpex::oracles
