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

#include <cstdint>

#include "lucb_skeleton.hpp"

namespace cpex::reference {

struct LilClucbArm : SkeletonArm {
  double tilde = 0, radius = 0;
};

class LilClucb : public LucbSkeleton<LilClucb, LilClucbArm> {
 public:
  LilClucb(GaussianArms& env, std::size_t k, double delta, double epsilon)
      : LucbSkeleton(env, k), radius_(env.sigma(), epsilon), hi_in_(n_), hi_out_(n_), lo_in_(n_),
        lo_out_(n_), wide_(n_) {
    omega_ = delta / static_cast<double>(n_);
  }

  bool step() {
    std::size_t a;
    if (!scheduled(a)) {
      if (hi_in_.size() == 0) return false;
      a = wide_.top().arm;
    }
    sample(a);
    return true;
  }

  // New mu~ and radius of arm a (after its sample or a change of side; called by the skeleton).
  void refresh(std::size_t a) {
    LilClucbArm& s = arm_[a];
    s.radius = radius_(static_cast<double>(s.count), omega_);
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

 private:
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

  LilRadius radius_;
  double omega_ = 1;
  BinaryHeap<KeyThenSmallerArm> hi_in_;      // High's m worst mu~; key -mu~ (best of them on top)
  BinaryHeap<KeyThenLargerArm> hi_out_;      // the rest of High; key mu~ (worst on top)
  BinaryHeap<KeyThenLargerArm> lo_in_;       // Low's m best mu~; key mu~ (worst of them on top)
  BinaryHeap<KeyThenSmallerArm> lo_out_;     // the rest of Low; key -mu~ (best on top)
  BinaryHeap<KeyThenSmallerArm> wide_;       // key -radius over the 2m swapped arms
};

}  // namespace cpex::reference
