// lil'CLUCB's challenger with a top-K oracle, kept incrementally. Rank every arm by its
// perturbed mean mu_tilde (LCB on High = M_t, UCB on Low) in the oracle's order (larger
// first, ties to the smaller index). M~_t = the K best of that order, so it swaps the m
// best arms of Low for the m worst of High, where m is the largest j such that Low's j-th
// best outranks High's j-th worst (monotone in j, as the order is total). Four heaps split
// High into its m worst ("in") and the rest ("out"), and Low likewise into its m best and
// the rest; a fifth holds the radii of the 2m swapped arms, whose widest arm is sampled.
// A bound update moves the arm within its heap, then at most one arm across each boundary
// and m by a step or two: O(log N), usually O(1) (IndexedHeap). The answers are those of
// the oracle path (Alg. 3 with two oracle calls), ties included.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpex/numerics/indexed_heap.hpp"

namespace cpex::bestk {

class ChallengerSplit {
 public:
  static constexpr std::size_t npos = numerics::IndexedHeap<>::npos;

  ChallengerSplit() = default;
  explicit ChallengerSplit(std::size_t n)
      : bound_(n), radius_(n), side_(n, kNone), high_in_(n), high_out_(n), low_in_(n),
        low_out_(n), wide_(n) {}

  // Arm `arm` is in High (`high`, bound = its LCB) or Low (bound = its UCB), with radius
  // `radius`. An arm may change sides.
  void set(std::size_t arm, bool high, double bound, double radius) {
    const std::uint8_t side = high ? kHigh : kLow;
    if (side_[arm] != side) remove(arm);
    side_[arm] = side;
    bound_[arm] = bound;
    radius_[arm] = radius;
    if (high) {
      if (high_in_.contains(arm)) {
        high_in_.set(arm, -bound);
        wide_.set(arm, -radius);
      } else {
        high_out_.set(arm, bound);
      }
    } else if (low_in_.contains(arm)) {
      low_in_.set(arm, bound);
      wide_.set(arm, -radius);
    } else {
      low_out_.set(arm, -bound);
    }
    rebalance();
  }

  // m = |M_t \ M~_t|.
  std::size_t swapped() const { return high_in_.size(); }
  // The arm of largest radius (ties: smaller index) among the 2m swapped arms; npos if m = 0.
  std::size_t widest() const { return wide_.top(); }

 private:
  static constexpr std::uint8_t kNone = 0, kHigh = 1, kLow = 2;

  // a outranks b in the oracle's order of mu_tilde.
  bool outranks(std::size_t a, std::size_t b) const {
    return bound_[a] > bound_[b] || (bound_[a] == bound_[b] && a < b);
  }
  void remove(std::size_t arm) {
    high_in_.erase(arm);
    high_out_.erase(arm);
    low_in_.erase(arm);
    low_out_.erase(arm);
    wide_.erase(arm);
  }
  void high_to_in(std::size_t a) {
    high_out_.erase(a);
    high_in_.set(a, -bound_[a]);
    wide_.set(a, -radius_[a]);
  }
  void high_to_out(std::size_t a) {
    high_in_.erase(a);
    wide_.erase(a);
    high_out_.set(a, bound_[a]);
  }
  void low_to_in(std::size_t a) {
    low_out_.erase(a);
    low_in_.set(a, bound_[a]);
    wide_.set(a, -radius_[a]);
  }
  void low_to_out(std::size_t a) {
    low_in_.erase(a);
    wide_.erase(a);
    low_out_.set(a, -bound_[a]);
  }

  void rebalance() {
    // High's in-set holds its worst arms: no out-arm may rank below the best in-arm.
    while (!high_in_.empty() && !high_out_.empty() && outranks(high_in_.top(), high_out_.top())) {
      const std::size_t a = high_in_.top(), b = high_out_.top();
      high_to_out(a);
      high_to_in(b);
    }
    // Low's in-set holds its best arms.
    while (!low_in_.empty() && !low_out_.empty() && outranks(low_out_.top(), low_in_.top())) {
      const std::size_t a = low_in_.top(), b = low_out_.top();
      low_to_out(a);
      low_to_in(b);
    }
    // Both in-sets of size m (an arm that changed sides may have left one).
    while (high_in_.size() > low_in_.size()) high_to_out(high_in_.top());
    while (low_in_.size() > high_in_.size()) low_to_out(low_in_.top());
    // The largest m with Low's m-th best outranking High's m-th worst.
    while (!high_out_.empty() && !low_out_.empty() && outranks(low_out_.top(), high_out_.top())) {
      high_to_in(high_out_.top());
      low_to_in(low_out_.top());
    }
    while (!high_in_.empty() && !outranks(low_in_.top(), high_in_.top())) {
      high_to_out(high_in_.top());
      low_to_out(low_in_.top());
    }
  }

  std::vector<double> bound_, radius_;
  std::vector<std::uint8_t> side_;
  numerics::IndexedHeap<true> high_in_;    // key -LCB: the best of High's m worst on top
  numerics::IndexedHeap<false> high_out_;  // key LCB: the worst of the rest on top
  numerics::IndexedHeap<false> low_in_;    // key UCB: the worst of Low's m best on top
  numerics::IndexedHeap<true> low_out_;    // key -UCB: the best of the rest on top
  numerics::IndexedHeap<true> wide_;       // key -radius over the 2m swapped arms
};

}  // namespace cpex::bestk
