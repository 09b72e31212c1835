// Hand-tight reference of `lil-clucb` with a top-K oracle (lil'CLUCB, seed 004 Alg. 2;
// plugins/bestk/lil_clucb): the same rule, radius and random streams in one flat class, no
// virtual calls, no library structures (benchmarks/reference_cost_driver.cpp; checked equal
// to the plugin by tests/perf/reference_equivalence_test.cpp).
//
// Rule: sample every arm once; M = the K best means (ties: smaller index); mu~ = LCB on M,
// UCB off it, radius U(T, delta / N); M~ = the K best of mu~; stop when M~ = M, else sample
// the widest arm (ties: smaller index) of M (sym. diff.) M~. M~ swaps Low's m best mu~ for
// High's m worst; the swapped arms are kept in heaps and m moves by a step at a time.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "binary_heap.hpp"
#include "gaussian_arms.hpp"

namespace cpex::reference {

class LilClucb {
 public:
  LilClucb(GaussianArms& env, std::size_t k, double delta, double epsilon)
      : env_(env), n_(env.size()), k_(k), arm_(n_), worst_high_(n_), best_low_(n_), hi_in_(n_),
        hi_out_(n_), lo_in_(n_), lo_out_(n_), wide_(n_) {
    omega_ = delta / static_cast<double>(n_);
    lead_ = 1.0 + std::sqrt(epsilon);
    one_eps_ = 1.0 + epsilon;
    c_ = 2.0 * env.sigma() * env.sigma() * (1.0 + epsilon);
  }

  bool step() {
    std::size_t a;
    if (initial_ < n_) {
      a = initial_++;
    } else {
      if (hi_in_.size() == 0) return false;
      a = wide_.top().arm;
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
      tilde(w == a ? b : w);
    }
    tilde(a);
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
  struct Arm {
    double sum = 0, mean = 0, tilde = 0, radius = 0;
    std::uint64_t count = 0;
  };
  // x ranks before y in the oracle's order of mu~.
  bool before(std::uint32_t x, std::uint32_t y) const {
    return arm_[x].tilde > arm_[y].tilde || (arm_[x].tilde == arm_[y].tilde && x < y);
  }
  // Move arm x between the swapped and the kept part of its side.
  void swap_in(std::uint32_t x, bool high) {
    if (high) {
      hi_out_.remove(x);
      hi_in_.put(x, -arm_[x].tilde);
    } else {
      lo_out_.remove(x);
      lo_in_.put(x, arm_[x].tilde);
    }
    wide_.put(x, -arm_[x].radius);
  }
  void swap_out(std::uint32_t x, bool high) {
    wide_.remove(x);
    if (high) {
      hi_in_.remove(x);
      hi_out_.put(x, arm_[x].tilde);
    } else {
      lo_in_.remove(x);
      lo_out_.put(x, -arm_[x].tilde);
    }
  }
  // New mu~ and radius of arm a (after its sample or a change of side).
  void tilde(std::size_t a) {
    Arm& s = arm_[a];
    const double t = static_cast<double>(s.count);
    s.radius = lead_ * std::sqrt(c_ / t * std::log(std::log(one_eps_ * t + 2.0) / omega_));
    const bool high = worst_high_.has(a);
    s.tilde = high ? s.mean - s.radius : s.mean + s.radius;
    // Leave the other side's heaps (after a change of side).
    if (high ? lo_in_.has(a) : hi_in_.has(a)) swap_out(static_cast<std::uint32_t>(a), !high);
    if (high)
      lo_out_.remove(a);
    else
      hi_out_.remove(a);
    if (high) {
      if (hi_in_.has(a)) {
        hi_in_.put(a, -s.tilde);
        wide_.put(a, -s.radius);
      } else {
        hi_out_.put(a, s.tilde);
      }
    } else if (lo_in_.has(a)) {
      lo_in_.put(a, s.tilde);
      wide_.put(a, -s.radius);
    } else {
      lo_out_.put(a, -s.tilde);
    }
    settle();
  }
  void settle() {
    while (hi_in_.size() && hi_out_.size() && before(hi_in_.top().arm, hi_out_.top().arm)) {
      const std::uint32_t x = hi_in_.top().arm, y = hi_out_.top().arm;
      swap_out(x, true);
      swap_in(y, true);
    }
    while (lo_in_.size() && lo_out_.size() && before(lo_out_.top().arm, lo_in_.top().arm)) {
      const std::uint32_t x = lo_in_.top().arm, y = lo_out_.top().arm;
      swap_out(x, false);
      swap_in(y, false);
    }
    while (hi_in_.size() > lo_in_.size()) swap_out(hi_in_.top().arm, true);
    while (lo_in_.size() > hi_in_.size()) swap_out(lo_in_.top().arm, false);
    while (hi_out_.size() && lo_out_.size() && before(lo_out_.top().arm, hi_out_.top().arm)) {
      swap_in(hi_out_.top().arm, true);
      swap_in(lo_out_.top().arm, false);
    }
    while (hi_in_.size() && !before(lo_in_.top().arm, hi_in_.top().arm)) {
      swap_out(hi_in_.top().arm, true);
      swap_out(lo_in_.top().arm, false);
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
    for (std::size_t a = 0; a < n_; ++a) tilde(a);
  }

  GaussianArms& env_;
  std::size_t n_, k_;
  std::vector<Arm> arm_;
  double omega_ = 1, lead_ = 1, one_eps_ = 1, c_ = 1;
  std::size_t initial_ = 0;
  std::uint64_t samples_ = 0;
  BinaryHeap<KeyThenLargerArm> worst_high_;  // key mean: High's worst on top
  BinaryHeap<KeyThenSmallerArm> best_low_;   // key -mean: Low's best on top
  BinaryHeap<KeyThenSmallerArm> hi_in_;      // High's m worst mu~; key -mu~ (best of them on top)
  BinaryHeap<KeyThenLargerArm> hi_out_;      // the rest of High; key mu~ (worst on top)
  BinaryHeap<KeyThenLargerArm> lo_in_;       // Low's m best mu~; key mu~ (worst of them on top)
  BinaryHeap<KeyThenSmallerArm> lo_out_;     // the rest of Low; key -mu~ (best on top)
  BinaryHeap<KeyThenSmallerArm> wide_;       // key -radius over the 2m swapped arms
};

}  // namespace cpex::reference
