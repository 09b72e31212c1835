// The extreme KL bound of a set of arms without computing every arm's bound each round
// (kl-lucb's u_t = argmax_Low U and l_t = argmin_High L). A KL bound grows with the level
// beta, and kl-lucb's beta(t) grows with the round t, so a bound computed at the level of
// a later round is an outer bound (U at beta(t') >= U at beta(t) for t <= t') for as long
// as the arm gets no sample. Every arm of the set keeps such an outer bound, at the level
// of the end of the current epoch (rounds [2^e, 2^(e+1)); all are recomputed when an epoch
// ends: O(K) per epoch, O(K / t) per round), padded by a relative 1e-9 over the solver's
// 1e-12, in an indexed heap. The extreme is found by computing exact bounds in the heap's
// order until no outer bound can beat the best exact one: usually one or two solves per
// round instead of K. The answer is exactly the full scan's (ties to the smaller index).
// Up to kScanArms arms the outer bounds cost more than they save: the set is scanned.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "cpex/numerics/indexed_heap.hpp"

namespace cpex::bestk::kl {

class LazyKlBounds {
 public:
  // bound(arm, level): the arm's KL bound at `level` (upper when `upper`, else lower).
  using Bound = std::function<double(std::size_t, double)>;

  static constexpr std::size_t kScanArms = 16;

  void reset(std::size_t arms, bool upper, Bound bound);
  // Sets the level of outer bounds (the level of the current epoch's last round) and
  // recomputes every member's outer bound.
  void set_outer_level(double level);
  // Adds `arm` (or refreshes it after a sample).
  void refresh(std::size_t arm);
  void erase(std::size_t arm) { heap_.erase(arm); }
  bool contains(std::size_t arm) const { return heap_.contains(arm); }

  struct Extreme {
    std::size_t arm = 0;
    double bound = 0.0;
  };
  // The member of largest upper (smallest lower) bound at `level` <= the outer level;
  // ties to the smaller index. Needs a non-empty set.
  Extreme extreme(double level);

 private:
  double outer(std::size_t arm) const;

  bool lazy_ = true;    // more than kScanArms arms
  double sign_ = 1.0;  // +1 upper (max), -1 lower (min): the heap's key is -sign * outer
  double outer_level_ = 0.0;
  Bound bound_;
  numerics::IndexedHeap<true> heap_;
  std::vector<std::size_t> popped_;
  std::vector<double> popped_keys_;
};

}  // namespace cpex::bestk::kl
