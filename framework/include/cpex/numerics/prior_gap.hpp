// The prior of a Bayesian instance (Problem::prior: K arms' means drawn independently from one
// Gaussian or Beta prior H) and the gap between its two best means, the quantity the Bayesian
// fixed-confidence guarantee turns on (Jang, Komiyama & Yamazaki, "Fixed Confidence Best Arm
// Identification in the Bayesian Setting", arXiv 2402.10429):
//   P_H(Delta <= eps) = K int h(x) [H(x)^{K-1} - H(x - eps)^{K-1}] dx
// (the best arm at x, the runner-up within eps of it), whose slope at 0,
//   L(H) = K (K - 1) int h(x)^2 H(x)^{K-2} dx,
// is their L(H) (the density of instances with a vanishing gap; every frequentist
// fixed-confidence algorithm then has an infinite expected sample count under H, and theirs
// O(L(H)^2 / delta log(L(H) / delta))). Integrals by composite Simpson rules on the prior's
// support (Gaussian: mean +- 12 deviations; Beta: [0, 1], A, B >= 1 so that h is bounded).
#pragma once

#include <cstddef>

#include "cpex/problem.hpp"

namespace cpex::numerics {

// The prior's density h and distribution function H.
double prior_density(const Prior& prior, double x);
double prior_cdf(const Prior& prior, double x);

// The regularized incomplete beta function I_x(a, b) (a, b > 0, x in [0, 1]).
double incomplete_beta(double a, double b, double x);

// P_H(Delta <= eps) for `arms` >= 2 arms (eps >= 0).
double prior_gap_probability(const Prior& prior, std::size_t arms, double eps);
// The largest eps with P_H(Delta <= eps) <= q (q in (0, 1)), by bisection to 1e-12 relative.
double prior_gap_quantile(const Prior& prior, std::size_t arms, double q);
// L(H).
double prior_gap_density(const Prior& prior, std::size_t arms);

// Whether these integrals are computed for this prior (Gaussian; Beta with A, B >= 1).
bool prior_gap_supported(const Prior& prior);

}  // namespace cpex::numerics
