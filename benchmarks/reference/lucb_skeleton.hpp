// The part the LUCB-style hand-tight references share (lucb1.hpp, lil_lucb_family.hpp,
// lil_clucb.hpp): per-arm sums and means, the first round of one sample per arm, and the
// split of the arms into High = the K best means (ties: smaller index) and Low, kept by two
// heaps as means change; and the lil radius U(T, omega) of seed 004 Lemma 2.1 (also lil_ucb.hpp).
// CRTP, all inline: the derived reference keeps its own rule and is told, by
// refresh(arm), which arm's bounds to recompute (after its sample or a change of side).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "binary_heap.hpp"
#include "gaussian_arms.hpp"

namespace cpex::reference {

// U(T, omega) = (1 + sqrt(eps)) sqrt(2 sigma^2 (1 + eps) / T log(log((1 + eps) T + 2) / omega)).
struct LilRadius {
  LilRadius(double sigma, double epsilon)
      : lead(1.0 + std::sqrt(epsilon)), one_eps(1.0 + epsilon),
        c(2.0 * sigma * sigma * (1.0 + epsilon)) {}
  double operator()(double t, double omega) const {
    return lead * std::sqrt(c / t * std::log(std::log(one_eps * t + 2.0) / omega));
  }
  double lead, one_eps, c;
};

// The sample-count fields every reference's Arm has (derived Arm types may add to them).
struct SkeletonArm {
  double sum = 0, mean = 0;
  std::uint64_t count = 0;
};

template <class Derived, class Arm = SkeletonArm>
class LucbSkeleton {
 public:
  std::uint64_t samples() const { return samples_; }
  std::uint64_t pulls(std::size_t arm) const { return arm_[arm].count; }
  std::vector<std::size_t> decision() const {
    std::vector<std::size_t> top;
    for (std::size_t i = 0; i < n_; ++i)
      if (worst_high_.has(i)) top.push_back(i);
    return top;
  }

 protected:
  LucbSkeleton(GaussianArms& env, std::size_t k)
      : env_(env), n_(env.size()), k_(k), arm_(n_), worst_high_(n_), best_low_(n_) {}

  // The arm the first round (one sample per arm) or the second sample of the last round
  // (pending_, set by the derived rule) names, if any.
  bool scheduled(std::size_t& a) {
    if (initial_ < n_) {
      a = initial_++;
      return true;
    }
    if (pending_ != kNone) {
      a = pending_;
      pending_ = kNone;
      return true;
    }
    return false;
  }

  // Samples arm a and updates its mean; once every arm has a sample, keeps High the K best
  // means and has the derived class refresh the arms whose mean or side changed.
  void sample(std::size_t a) {
    Arm& s = arm_[a];
    s.sum += env_.pull(a);
    ++samples_;
    s.mean = s.sum / static_cast<double>(++s.count);
    if (initial_ < n_ || s.count == 1) {
      if (samples_ == n_) build();
      return;
    }
    if (worst_high_.has(a))
      worst_high_.put(a, s.mean);
    else
      best_low_.put(a, -s.mean);
    const std::uint32_t w = worst_high_.top().arm, b = best_low_.top().arm;
    if (arm_[b].mean > arm_[w].mean || (arm_[b].mean == arm_[w].mean && b < w)) {
      worst_high_.remove(w);
      best_low_.remove(b);
      worst_high_.put(b, arm_[b].mean);
      best_low_.put(w, -arm_[w].mean);
      self().refresh(w == a ? b : w);
    }
    self().refresh(a);
  }

  GaussianArms& env_;
  std::size_t n_, k_;
  std::vector<Arm> arm_;
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::size_t initial_ = 0;      // arms sampled in the first round
  std::size_t pending_ = kNone;  // the arm to sample next, if the rule chose two
  std::uint64_t samples_ = 0;
  BinaryHeap<KeyThenLargerArm> worst_high_;  // key mean: High's worst on top
  BinaryHeap<KeyThenSmallerArm> best_low_;   // key -mean: Low's best on top

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  void build() {
    std::vector<std::uint32_t> order(n_);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
      return arm_[x].mean > arm_[y].mean || (arm_[x].mean == arm_[y].mean && x < y);
    });
    for (std::size_t r = 0; r < n_; ++r) {
      const std::uint32_t a = order[r];
      if (r < k_)
        worst_high_.put(a, arm_[a].mean);
      else
        best_low_.put(a, -arm_[a].mean);
    }
    for (std::size_t a = 0; a < n_; ++a) self().refresh(a);
  }
};

}  // namespace cpex::reference
