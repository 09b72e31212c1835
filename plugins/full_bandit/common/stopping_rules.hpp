// Stopping rules shared by the full-bandit algorithms (seed 000), written so that issue 10's
// CLUCB-QM can reuse SAQM's rule with its own width and allocation.
#pragma once

#include <span>
#include <vector>

#include "cpex/numerics/super_arm_least_squares.hpp"

namespace cpex::full_bandit {

// SAQM's condition (4) as Lemma 8 proves it:
//   theta_hat(M_hat) - C_t ||chi_{M_hat}||_{A^{-1}} >= theta_hat(M_second) + Z_t / alpha_t - epsilon,
// with Z_t = C_t ||chi_{M'}||_{A^{-1}} for the approximate CEM maximizer M'. Alg. 2 prints
// "(1/alpha_t) C_t Z_t", which counts C_t twice; Lemma 8's proof uses Z_t / alpha_t.
struct SaqmTerms {
  double best_lower = 0.0;    // theta_hat(M_hat) - C_t ||chi_{M_hat}||
  double second_value = 0.0;  // theta_hat(M_second)
  double z = 0.0;             // Z_t
};
inline bool saqm_should_stop(const SaqmTerms& terms, double alpha, double epsilon) {
  return terms.best_lower >= terms.second_value + terms.z / alpha - epsilon;
}

// max over size-k M != best of theta_hat(M) + width ||chi_M - chi_best||_{A^{-1}}, by
// enumeration of all C(n, k) super arms (sa-exhaustive, Alg. 5, and the exact optimum of
// SA-FOA's Z'_t for the Fig. 1 trace). O(C(n, k) k).
struct GapMaximum {
  double value = 0.0;
  std::vector<std::size_t> arms;
};
GapMaximum exact_gap_maximum(const numerics::SuperArmLeastSquares& ls, std::span<const std::size_t> best,
                             std::size_t k, double width);

}  // namespace cpex::full_bandit
