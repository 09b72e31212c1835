// T*(mu) of combinatorial identification with the class behind an oracle, for the two
// feedback models of CPEx's combinatorial families (docs/algorithms/identification-oracle.md):
//
// CPE-L (Chen et al. 2014: one base arm per pull, w over the base arms):
//   exact     matroids (kMatroid: single exchanges) and listed classes (kEnumerable, at most
//             kMaxListedDecisions decisions) through the identification problems and the
//             certified cutting-plane solver (characteristic_time.hpp);
//   bounds    any other class with linear maximization and second best, Gaussian arms: a
//             certified interval [lower, upper] on T* from the oracle alone. A collection C of
//             decisions (grown by the oracle) gives T*_C <= T* (fewer alternatives: the
//             restricted problem, solved exactly; its certified upper bound on max_w F_C
//             bounds max_w F); at the restricted weights w, a lower bound on the full inner
//             minimum F(w) = min_S (mu(S*) - mu(S))^2 / (2 sum_{e in S ^ S*} sigma_e^2 / w_e)
//             gives T* <= 1 / F_low(w). F_low: every S is a point (f_S, g_S) = (gap, variance),
//             both linear in S's indicator; the oracle minimizes f - beta g (one maximization
//             with weights mu_e +- beta sigma_e^2 / w_e; the second best when that returns
//             S*), and the dichotomic search (Aneja & Nair 1979) finds every supported point
//             of the (min f, max g) frontier; f^2 / 2g grows with f and falls with g, so the
//             decisions between two consecutive supported points (f1, g1), (f2, g2) have a
//             value >= f1^2 / (2 g2). The decisions found join C; the loop stops at the
//             relative gap or when nothing new is found.
//
// Full bandit (seeds 000/001: a pull of super arm M observes 1_M^T theta + N(0, sigma^2)):
//   the linear-bandit lower bound over the super arms X the algorithm may pull (here: the
//   decisions of the class, listed by enumerate(); at most `full_bandit_limit` of them),
//     T* = 2 sigma^2 min_{p in simplex(X)} max_{S != S*} ||1_S* - 1_S||^2_{A(p)^-1} / Delta_S^2,
//   A(p) = sum_M p_M 1_M 1_M^T, with the certified design solver (transductive_design.hpp).
//   For matroids the maximum is over single exchanges only: for bases S*, S there is a
//   bijection pairing S* \ S with S \ S* in exchanges (e, f) (Brualdi 1969), so
//   ||z_S|| <= sum ||e_e - e_f|| and Delta_S = sum (theta_e - theta_f), and a ratio of sums is
//   at most the largest ratio (the mediant inequality).
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/oracle.hpp"

namespace cpex::numerics {

struct CombinatorialTime {
  double value = std::numeric_limits<double>::infinity();  // T* (the upper end when a range)
  double lower = 0.0, upper = std::numeric_limits<double>::infinity();  // certified range of T*
  std::vector<double> weights;  // w* (CPE-L: per base arm; full bandit: per super arm of `super_arms`)
  std::string method;           // "matroid exchanges", "listed class", "oracle bounds", "linear design", ...
  std::size_t decisions = 0;    // decisions listed or collected
  std::size_t oracle_calls = 0; // oracle bounds: maximizations and second bests
  bool exact() const { return upper <= lower * (1.0 + 1e-6) || method != "oracle bounds"; }
};

struct CombinatorialOptions {
  double relative_gap = 1e-3;        // oracle bounds: stop at (upper - lower) <= gap * upper
  int rounds = 40;                   // oracle bounds: collection rounds
  std::size_t search_calls = 400;    // oracle bounds: oracle calls per dichotomic search
  std::size_t full_bandit_limit = 5000;  // super arms the full-bandit design may list
};

// CPE-L T*: throws std::invalid_argument with one line when no method applies (no
// capability, or oracle bounds on non-Gaussian arms); +inf (value) without a unique optimum.
CombinatorialTime cpe_characteristic_time(const Oracle& oracle, unsigned capabilities, std::span<const double> mu,
                                          std::span<const ArmFamily> families, CombinatorialOptions options = {});

// Full-bandit T* with noise sigma; throws std::invalid_argument with one line when the class
// cannot be listed within the limit.
CombinatorialTime full_bandit_characteristic_time(const Oracle& oracle, unsigned capabilities,
                                                  std::span<const double> theta, double sigma,
                                                  CombinatorialOptions options = {});

}  // namespace cpex::numerics
