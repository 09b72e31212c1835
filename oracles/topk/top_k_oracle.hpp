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
  // How epsilon is judged: per arm (theta_i >= theta_[k] - eps, Best-K), on the sum
  // (theta(M*) - theta(M) <= eps, CPE-L), or relative to the k-th mean
  // (theta_i >= (1 - eps) theta_[k], multiplicative epsilon-good arms).
  enum class EpsilonRule { PerArm, Sum, Relative };

  explicit TopKOracle(std::size_t k, EpsilonRule rule = EpsilonRule::PerArm) : k_(k), rule_(rule) {}

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
  // `epsilon-rule = relative`: every recommended arm has theta >= (1 - epsilon) theta_[k].
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;
  Query query() const override {
    Query q;
    q.relative_epsilon = rule_ == EpsilonRule::Relative;
    return q;
  }
  // Every exchange of a member for an outsider (all k-subsets are bases).
  void exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const override;
  // The k-subsets in lexicographic order.
  bool enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const override;

 private:
  std::size_t k_;
  EpsilonRule rule_ = EpsilonRule::PerArm;
  std::size_t arms_ = 0;  // the bound problem's number of arms
  mutable std::vector<std::size_t> order_;  // scratch; an oracle serves one run at a time
};

}  // namespace cpex::oracles
