// Hand-tight reference of lil-lucb, lucb-pp and lil-rand-lucb (the plugins of
// plugins/bestk/lil_lucb_family): the same rule, radii and random streams in one flat class,
// no virtual calls, no library structures. Used for the instructions-per-sample ratio
// (benchmarks/reference_cost_driver.cpp) and checked to take the same samples and return
// the same decision as the plugins (tests/perf/reference_equivalence_test.cpp).
//
// Rule: sample every arm once; each round High = the K best means (ties: smaller index),
// h = argmin_High LCB, l = argmax_Low UCB (ties: smaller index), stop when LCB_h >= UCB_l;
// else sample h then l (lil-lucb, lucb-pp), or h with probability T_l / (T_h + T_l) from
// the algorithm stream (lil-rand-lucb). Radius U(T, omega) of seed 004 Lemma 2.1 with
// omega = delta / N (lil-lucb) or delta / (2 (N - K)) in High and delta / (2K) in Low.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "binary_heap.hpp"
#include "gaussian_arms.hpp"

namespace cpex::reference {

enum class LilVariant { LilLucb, LucbPlusPlus, LilRandLucb };

template <LilVariant V>
class LilLucbFamily {
 public:
  LilLucbFamily(GaussianArms& env, std::size_t k, double delta, double epsilon, const RunSeed& seed)
      : env_(env), n_(env.size()), k_(k), arm_(n_), coin_(seed, StreamRole::Algorithm),
        worst_high_(n_), best_low_(n_), lcb_high_(n_), ucb_low_(n_) {
    const double n = static_cast<double>(n_);
    const bool asym = V != LilVariant::LilLucb;
    const double omega_high = asym ? delta / (2.0 * static_cast<double>(n_ - k_)) : delta / n;
    const double omega_low = asym ? delta / (2.0 * static_cast<double>(k_)) : delta / n;
    lead_ = 1.0 + std::sqrt(epsilon);
    one_eps_ = 1.0 + epsilon;
    c_ = 2.0 * env.sigma() * env.sigma() * (1.0 + epsilon);
    omega_[0] = omega_low;
    omega_[1] = omega_high;
  }

  // One sample; false (and no sample) once the rule stops.
  bool step() {
    std::size_t a;
    if (initial_ < n_) {
      a = initial_++;
    } else if (pending_ != kNone) {
      a = pending_;
      pending_ = kNone;
    } else {
      const HeapEntry& h = lcb_high_.top();
      const HeapEntry& l = ucb_low_.top();
      if (h.key >= -l.key) return false;
      if constexpr (V == LilVariant::LilRandLucb) {
        const auto th = static_cast<double>(arm_[h.arm].count);
        const auto tl = static_cast<double>(arm_[l.arm].count);
        a = coin_.uniform01() * (th + tl) < tl ? h.arm : l.arm;
      } else {
        a = h.arm;
        pending_ = l.arm;
      }
    }
    Arm& s = arm_[a];
    s.sum += env_.pull(a);
    ++samples_;
    s.mean = s.sum / static_cast<double>(++s.count);
    if (initial_ < n_ || s.count == 1) {
      if (samples_ == n_) build();
      return true;
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
      bounds(w == a ? b : w);
    }
    bounds(a);
    return true;
  }

  std::uint64_t samples() const { return samples_; }
  std::uint64_t pulls(std::size_t arm) const { return arm_[arm].count; }
  std::vector<std::size_t> decision() const {
    std::vector<std::size_t> top;
    for (std::size_t i = 0; i < n_; ++i)
      if (worst_high_.has(i)) top.push_back(i);
    return top;
  }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};
  struct Arm {
    double sum = 0, mean = 0;
    std::uint64_t count = 0;
  };

  double radius(std::size_t a, bool high) const {
    const double t = static_cast<double>(arm_[a].count);
    return lead_ * std::sqrt(c_ / t * std::log(std::log(one_eps_ * t + 2.0) / omega_[high]));
  }
  // LCB into High's heap or UCB into Low's, by the arm's side.
  void bounds(std::size_t a) {
    const double m = arm_[a].mean;
    if (worst_high_.has(a)) {
      lcb_high_.put(a, m - radius(a, true));
      ucb_low_.remove(a);
    } else {
      ucb_low_.put(a, -(m + radius(a, false)));
      lcb_high_.remove(a);
    }
  }
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
    for (std::size_t a = 0; a < n_; ++a) bounds(a);
  }

  GaussianArms& env_;
  std::size_t n_, k_;
  std::vector<Arm> arm_;
  RandomStream coin_;
  double lead_ = 1, one_eps_ = 1, c_ = 1, omega_[2] = {1, 1};
  std::size_t initial_ = 0, pending_ = kNone;
  std::uint64_t samples_ = 0;
  BinaryHeap<KeyThenLargerArm> worst_high_;  // key mean: High's worst on top
  BinaryHeap<KeyThenSmallerArm> best_low_;   // key -mean: Low's best on top
  BinaryHeap<KeyThenSmallerArm> lcb_high_;   // key LCB
  BinaryHeap<KeyThenSmallerArm> ucb_low_;    // key -UCB
};

}  // namespace cpex::reference
