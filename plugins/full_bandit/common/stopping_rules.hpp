// Stopping rules shared by the full-bandit algorithms (seed 000), written so that
// CLUCB-QM (seed 001) can reuse SAQM's rule with its own width and allocation.
#pragma once

#include <span>
#include <vector>

#include "cpex/algorithm.hpp"
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

// A certified upper bound of max_{|M| = k} chi_M^T W chi_M for any symmetric W (no
// enumeration, O(n^2 log k)): for i in M, sum_{j in M, j != i} W_ij is at most the sum of
// the k - 1 largest W_ij over j != i, so chi_M^T W chi_M <= sum_{i in M} r_i with
// r_i = W_ii + (the k - 1 largest off-diagonal entries of row i), and that is at most the
// sum of the k largest r_i. Exact when W = a I + b 1 1^T (b of any sign), the shape of a
// uniform random design's A^{-1}. SAQM's `alpha = certified` stops on C_t sqrt of it.
double certified_quadratic_bound(const Eigen::MatrixXd& w, std::size_t k);

// max over size-k M != best of theta_hat(M) + width ||chi_M - chi_best||_{A^{-1}}, by
// enumeration of all C(n, k) super arms (sa-exhaustive, Alg. 5, and the exact optimum of
// SA-FOA's Z'_t for the Fig. 1 trace). O(C(n, k) k).
struct GapMaximum {
  double value = 0.0;
  std::vector<std::size_t> arms;
};
GapMaximum exact_gap_maximum(const numerics::SuperArmLeastSquares& ls, std::span<const std::size_t> best,
                             std::size_t k, double width);

// The exhaustive stop of SA-Ex (seed 000 Alg. 5), also CLUCB-Ex's (seed 001 App. E.3):
// Z*_t = exact_gap_maximum(ls, best, k, width).value - best_value, recorded as "Z*" in
// `trace` when given; true when Z*_t < epsilon, or at once when the class has no other
// decision than `best`.
bool exhaustive_stop(const numerics::SuperArmLeastSquares& ls, std::span<const std::size_t> best,
                     double best_value, std::size_t k, double width, double epsilon, TraceSink* trace);

}  // namespace cpex::full_bandit
