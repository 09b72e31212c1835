// Hand-tight reference of `lil-ucb` (lil'UCB, Jamieson et al. 2014; plugins/bestk/lil_ucb):
// the same rule, radius and random streams in one flat class, no virtual calls, no library
// structures (benchmarks/reference_cost_driver.cpp; checked equal to the plugin by
// tests/perf/reference_equivalence_test.cpp).
//
// Rule: sample every arm once, then argmax_i mean_i + (1 + beta) U(T_i, delta) (ties:
// smaller index); stop as soon as the most-pulled arm (ties: smaller index) has
// T >= 1 + lambda (total - T), and return it.
#pragma once

#include <cstdint>
#include <vector>

#include "lucb_skeleton.hpp"  // LilRadius, SkeletonArm

namespace cpex::reference {

class LilUcb {
 public:
  LilUcb(GaussianArms& env, double delta, double epsilon, double beta, double lambda)
      : env_(env), n_(env.size()), arm_(n_), index_(n_), radius_(env.sigma(), epsilon),
        delta_(delta), beta_(beta), lambda_(lambda) {}

  bool step() {
    std::size_t a;
    if (initial_ < n_) {
      a = initial_++;
    } else {
      const auto top = static_cast<double>(arm_[most_].count);
      if (top >= 1.0 + lambda_ * (static_cast<double>(samples_) - top)) return false;
      a = index_.top().arm;
    }
    SkeletonArm& s = arm_[a];
    s.sum += env_.pull(a);
    ++samples_;
    const double t = static_cast<double>(++s.count);
    s.mean = s.sum / t;
    index_.put(a, -(s.mean + (1.0 + beta_) * radius_(t, delta_)));
    if (s.count > arm_[most_].count || (s.count == arm_[most_].count && a < most_)) most_ = a;
    return true;
  }

  std::uint64_t samples() const { return samples_; }
  std::uint64_t pulls(std::size_t arm) const { return arm_[arm].count; }
  std::vector<std::size_t> decision() const { return {most_}; }

 private:
  GaussianArms& env_;
  std::size_t n_;
  std::vector<SkeletonArm> arm_;
  BinaryHeap<KeyThenSmallerArm> index_;  // key -(UCB index)
  LilRadius radius_;
  double delta_, beta_, lambda_;
  std::size_t initial_ = 0, most_ = 0;
  std::uint64_t samples_ = 0;
};

}  // namespace cpex::reference
