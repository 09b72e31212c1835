// C-Tracking's projection of weights onto the floored simplex {w in simplex : w_a >= eps}
// (Garivier & Kaufmann 2016, section 3.1): out = max(w - eta, eps) / (its sum), eta >= 0 found
// by bisection on sum_a max(w_a - eta, eps) = 1 (water filling: the weights below eps are
// raised to eps, the others lowered by a common amount, which moves no weight further than any
// other L-infinity projection onto that set).
//
// The bisection is the definition of the result, bit for bit: 100 halvings of [0, 1] at most,
// stopped at a width of 1e-17, each deciding whether the sum in index order exceeds 1. Done
// literally it costs ~57 passes over the K weights a round (C-Tracking: one projection a round).
// FloorProjection takes the same decisions at the cost of about two passes: it keeps the
// weights sorted with their prefix sums (computed again only when the weights change, from the
// last order; C-Tracking of a w* solved lazily or once projects the same weights every round,
// only eps changes), so
// that the exact sum at a midpoint is a binary search away. A decision is taken from it when the
// sum is further from 1 than the rounding of the index-order sum can reach (a bound of
// recursive summation, u (K - 1) sum, plus the rounding of the terms); the few decisions
// closer than that (the last halvings) are predicted from the exact sum and checked together in
// one pass computing up to eight midpoints' index-order sums side by side (eight independent
// chains of additions, each in index order: the literal sums). A wrong prediction keeps the
// checked decisions before it and resumes from it. The result equals the literal bisection's
// (tests/identification/floor_projection_test.cpp).
//
// From kWaterLevelFromArms = 1,000 arms the result is instead the exact water level: with the
// weights sorted and their prefix sums in long double, eta solves sum_a max(w_a - eta, eps) = 1
// in closed form once a binary search over the sorted weights has found how many are above the
// floor (eta = (P_j + (K - j) eps - 1)/j), and out = max(w - eta, eps) / (its sum) as above. The
// two agree to the bisection's width (1e-17 in eta, plus the rounding its index-order sums
// carry, ~u K); the literal bisection needs at least one index-order pass of several sums a round,
// which at 10^4 arms was half of a C-Tracking round (docs/performance.md).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::identification {

// out = the projection of w (a probability vector) onto {w_a >= eps}, eps <= 1/(2K). One-off
// form of FloorProjection::project.
void project_onto_floor(std::span<const double> w, double eps, std::vector<double>& out);

class FloorProjection {
 public:
  // The projection as project_onto_floor, reusing the sorted weights of the last call when w
  // is equal to its weights. No allocation once the buffers have grown to K.
  void project(std::span<const double> w, double eps, std::vector<double>& out);
  // The same with out left unscaled: out[a] / (the value returned) is project()'s out[a], to
  // the bit (1 where no scaling was needed), so a caller can fold the division into its own
  // pass (C-Tracking's). `same_weights`: the caller knows w equals the last call's weights (the
  // check of every weight is skipped; the first call of an object must not say so).
  double project_unscaled(std::span<const double> w, double eps, std::vector<double>& out,
                          bool same_weights = false);

  // The number of index-order passes over the weights that the last project() made (the
  // literal bisection makes one per halving): for tests and benchmarks.
  std::size_t passes() const { return passes_; }

 private:
  // Sorts w (descending) with prefix sums, unless w equals the weights kept.
  void prepare(std::span<const double> w);
  // sorted_ = w in decreasing order, order_ = their arms (ties in any order: the values are
  // what counts).
  void sort_weights(std::span<const double> w);
  // The exact sum at eta minus 1 (to ~1e-19), and the number of arms above the floor there.
  struct Guess {
    long double excess = 0.0L;
    std::size_t above = 0;
  };
  // The number of arms with fl(w_a - eta) > eps, known to be in [fewest, most].
  std::size_t above(double eta, double eps, std::size_t fewest, std::size_t most) const;
  // +1 when the index-order sum at eta is surely > 1, -1 when surely <= 1, 0 when its rounding
  // could decide either way; `guess` is set in every case. [fewest, most]: as for above().
  int certain_side(double eta, double eps, std::size_t fewest, std::size_t most, Guess& guess) const;
  // sums[j] = the index-order sum of max(w_a - etas[j], eps), j < n <= kChains, in one pass.
  void index_order_sums(std::span<const double> w, double eps, const double* etas, std::size_t n, double* sums);

  // The exact water level into out (true), from the sorted weights and prefix sums; false when
  // it cannot be trusted (the literal bisection then decides).
  bool water_level(std::span<const double> w, double eps, std::vector<double>& out,
                   double& scale) const;

 public:
  static constexpr std::size_t kWaterLevelFromArms = 1000;

 private:
  static constexpr std::size_t kChains = 8;
  static constexpr std::size_t kMaxMoves = 16;  // per weight, in the insertion sort
  struct Halving {
    int side;          // +1: lo = mid; -1: hi = mid
    std::size_t slot;  // the index of its sum in the checked batch, or kChains when certain
  };
  std::vector<double> weights_, sorted_;
  std::vector<std::size_t> order_;  // the arm of each sorted weight
  std::vector<long double> prefix_;  // prefix_[m] = sum of the m largest weights
  std::vector<Halving> path_;
  bool certifiable_ = false;  // the weights are finite and >= 0 (the bounds assume it)
  long double total_ = 0.0L;  // sum of the weights
  std::size_t passes_ = 0;
};

}  // namespace cpex::identification
