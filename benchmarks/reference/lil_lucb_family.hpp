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

#include "lucb_skeleton.hpp"

namespace cpex::reference {

enum class LilVariant { LilLucb, LucbPlusPlus, LilRandLucb };

template <LilVariant V>
class LilLucbFamily : public LucbSkeleton<LilLucbFamily<V>> {
  using Base = LucbSkeleton<LilLucbFamily<V>>;
  using Base::arm_, Base::n_, Base::k_, Base::worst_high_;

 public:
  LilLucbFamily(GaussianArms& env, std::size_t k, double delta, double epsilon, const RunSeed& seed)
      : Base(env, k), coin_(seed, StreamRole::Algorithm), radius_(env.sigma(), epsilon),
        lcb_high_(n_), ucb_low_(n_) {
    const double n = static_cast<double>(n_);
    const bool asym = V != LilVariant::LilLucb;
    const double omega_high = asym ? delta / (2.0 * static_cast<double>(n_ - k_)) : delta / n;
    const double omega_low = asym ? delta / (2.0 * static_cast<double>(k_)) : delta / n;
    omega_[0] = omega_low;
    omega_[1] = omega_high;
  }

  // One sample; false (and no sample) once the rule stops.
  bool step() {
    std::size_t a;
    if (!this->scheduled(a)) {
      const HeapEntry& h = lcb_high_.top();
      const HeapEntry& l = ucb_low_.top();
      if (h.key >= -l.key) return false;
      if constexpr (V == LilVariant::LilRandLucb) {
        const auto th = static_cast<double>(arm_[h.arm].count);
        const auto tl = static_cast<double>(arm_[l.arm].count);
        a = coin_.uniform01() * (th + tl) < tl ? h.arm : l.arm;
      } else {
        a = h.arm;
        this->pending_ = l.arm;
      }
    }
    this->sample(a);
    return true;
  }

  // LCB into High's heap or UCB into Low's, by the arm's side (called by the skeleton).
  void refresh(std::size_t a) {
    const double m = arm_[a].mean, t = static_cast<double>(arm_[a].count);
    if (worst_high_.has(a)) {
      lcb_high_.put(a, m - radius_(t, omega_[1]));
      ucb_low_.remove(a);
    } else {
      ucb_low_.put(a, -(m + radius_(t, omega_[0])));
      lcb_high_.remove(a);
    }
  }

 private:
  RandomStream coin_;
  LilRadius radius_;
  double omega_[2] = {1, 1};
  BinaryHeap<KeyThenSmallerArm> lcb_high_;  // key LCB
  BinaryHeap<KeyThenSmallerArm> ucb_low_;   // key -UCB
};

}  // namespace cpex::reference
