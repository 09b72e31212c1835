// Static allocations of the full-bandit algorithms (seed 000 §4, App. D): a support of
// super arms with proportions p, a basis of n support members whose indicators are
// linearly independent (pulled first, so A is invertible after exactly n pulls: the
// "for t = 1..n pull M_t in supp(p)" of Alg. 2-4), and the tracking rule
// M_t = argmin_{M in supp(p)} T_M(t) / p_M (ties: the first in the support).
//
// Supports for `allocation = uniform`:
//   support = auto    cyclic windows {i, ..., i+k-1 mod n}; these are singular whenever
//                     gcd(n, k) > 1 (e.g. n = 10, k = 5), then the windows with a gap
//                     {i, ..., i+k-2, i+k mod n} are added, and if that is still
//                     singular, the family {0..k}\{j} and {0..k-2} + {j} (always full rank);
//   support = cyclic  the cyclic windows only (an error if they are singular);
//   support = random  ceil(m n) distinct k-subsets drawn uniformly from the algorithm's
//                     stream, m = key `support-multiple` (default 2: 2n members; every
//                     k-subset if C(n, k) < m n); a singular family is completed
//                     by the anchored family below (one rank check, no redraws). Cyclic
//                     windows are badly conditioned for some (n, k) (n = 111, k = 10: the
//                     smallest eigenvalue of their design is 1e-4 of the largest), random
//                     families are close to G-optimal (max_M ||chi_M||^2 near n per pull);
//   support = "0 1 2; 2 3 4; ..."  explicit super arms separated by ';'.
// The rank is checked (column-pivoted QR); a support of rank < n is refused naming the rank.
//
// `allocation = g-allocation`: the G-optimal design of g_design_solver.hpp started from the
// uniform support, then rounded to counts for `rounding-horizon` pulls by the efficient
// apportionment (App. D); support members left with no count are dropped, except the
// starting basis, which keeps at least one (so A(p) stays invertible).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/random.hpp"
#include "g_design_solver.hpp"

namespace cpex::full_bandit {

struct StaticAllocation {
  std::vector<SuperArm> support;
  std::vector<double> weights;        // p_M > 0, summing to 1
  std::vector<std::size_t> basis;     // n indices into support, linearly independent
  double design_value = 0.0;          // G-allocation: the solver's last worst-direction variance
};

// The support named by `spec` (see above); throws ParameterError("support", ...) on bad input.
// `rng` and `random_multiple` (members per arm) are used by spec = random only.
std::vector<SuperArm> uniform_support(std::size_t n, std::size_t k, const std::string& spec,
                                      RandomStream* rng = nullptr, double random_multiple = 2.0);

// Uniform weights over `support`, after the rank check.
StaticAllocation uniform_allocation(std::size_t n, std::vector<SuperArm> support);

// G-allocation from the uniform allocation `start`.
StaticAllocation g_allocation(std::size_t n, const StaticAllocation& start,
                              const WorstDirection& worst_direction, const GDesignOptions& options,
                              std::uint64_t rounding_horizon);

// Follows an allocation: the basis first, then argmin T_M / p_M.
class AllocationTracker {
 public:
  AllocationTracker() = default;
  explicit AllocationTracker(const StaticAllocation* allocation);
  // Index into the support of the next super arm to pull (and counts it).
  std::size_t next();
  bool initial_phase_done() const { return initial_ >= allocation_->basis.size(); }
  std::uint64_t pulls(std::size_t member) const { return counts_[member]; }

 private:
  const StaticAllocation* allocation_ = nullptr;
  std::size_t initial_ = 0;
  std::vector<std::uint64_t> counts_;
};

}  // namespace cpex::full_bandit
