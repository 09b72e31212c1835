// Thresholds of the GLR (Chernoff) stopping rule: stop when every piece p of the answer's
// alternative has Z_p(t) > beta_p(t, delta) (identification.hpp: `offsets`). t is the number of
// samples so far; N the number of pieces of the alternative (K - 1 for the best arm, m(K - m)
// for top-m, K for thresholds, ...); s = |S_p| the number of arms piece p moves.
//
//   gk-experiments  beta = log((log t + 1) / delta): Garivier & Kaufmann (COLT 2016) §6 and their
//                   code; not covered by their theorems (they say so), empirically delta-correct.
//   gk-theorem      beta = log(2 t N / delta): their Theorem 10 (N = K - 1), a union bound over
//                   the pieces for any sampling rule.
//   kk2021          beta = s T(log(N / delta) / s) + 3 s log(1 + log(t / s)): Kaufmann & Koolen
//                   (JMLR 2021)'s deviation inequality for a sum of s per-arm KL divergences,
//                   P(exists t: sum_{a in S} [N_a d(mu_hat_a, mu_a) - 3 log(1 + log N_a)] >
//                   |S| T(x / |S|)) <= e^{-x}, with a union bound over the N pieces and the
//                   concavity of log(1 + log n) (sum_{a in S} N_a <= t); for the best arm
//                   2 T(log((K - 1)/delta)/2) + 6 log(1 + log(t/2)). Its calibration function
//                     T(x) = 2 h~_{3/2}((h^{-1}(1 + x) + log(2 zeta(2))) / 2),
//                     h(u) = u - log u (u >= 1), h~_z(x) = e^{1/h^{-1}(x)} h^{-1}(x) if
//                     x >= h^{-1}(1/log z), else z (x - log log z),
//                   is computed exactly (not by its approximation x + 4 log(1 + x + sqrt(2x)),
//                   which lies below T for x below about 15 and so voids the guarantee there).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cpex::numerics {

enum class StoppingThreshold { GkExperiments, GkTheorem, Kk2021 };

// "gk-experiments", "gk-theorem", "kk2021" and back (parse: nullopt-free, unknown -> false).
const char* to_string(StoppingThreshold threshold);
bool parse_stopping_threshold(const std::string& name, StoppingThreshold& out);

// beta_p(t, delta) for a piece moving `size` arms among `pieces` pieces (t >= 1).
double stopping_threshold(StoppingThreshold threshold, std::uint64_t t, double delta, std::size_t pieces,
                          std::size_t size);

// h^{-1}(y) for y >= 1: the u >= 1 with u - log u = y.
double inverse_h(double y);
// Kaufmann & Koolen's calibration function T(x), x > 0.
double kk_calibration(double x);

// Their Gaussian calibration (Kaufmann & Koolen, JMLR 2021, Thm 9): for arms of a set S of
// Gaussian (or sigma-sub-Gaussian, in units of sigma) rewards,
//   P(exists t: sum_{a in S} [N_a (mu_hat_a - mu_a)^2 / (2 sigma^2) - 2 log(4 + log N_a)]
//     >= |S| C^g(x / |S|)) <= e^{-x},
//   C^g(x) = min_{lambda in (1/2, 1]} (g(lambda) + x) / lambda,
//   g(lambda) = 2 lambda - 2 lambda log(4 lambda) + log zeta(2 lambda) - 1/2 log(1 - lambda)
// (about x + log x), computed by golden-section search on lambda with zeta by Euler-Maclaurin.
// The pairwise confidence of APE and auer-psi (plugins/pareto/).
double kk_gaussian_calibration(double x);
// The Riemann zeta function at s > 1.
double riemann_zeta(double s);

}  // namespace cpex::numerics
