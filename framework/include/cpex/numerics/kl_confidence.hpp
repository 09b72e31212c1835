// KL confidence bounds of a one-parameter exponential family (Kaufmann & Kalyanakrishnan,
// COLT 2013, §2; Garivier & Cappé 2011 for the index): for an arm with N samples of
// empirical mean x and an exploration level beta,
//
//   upper = sup { q >= x : q a mean of the family, N d(x, q) <= beta },
//   lower = inf { q <= x : q a mean of the family, N d(x, q) <= beta },
//
// d the family's KL divergence. Written against ArmFamily::kl and ArmFamily::valid_mean
// only (bisection on q, which needs only that d(x, q) grows as q moves away from x and
// that the means form an interval), so every family of exponential_family.hpp works
// unchanged. The result is within 1e-12 max(1, |bound|) of the exact bound, on its safe
// side (upper: at or above it, lower: at or below it), and always a mean of the family:
// where the exact bound lies closer than that to the end of the means (a Bernoulli lower
// bound of a mean near 0, say), the last mean before the end, to the double's precision.
#pragma once

#include <cmath>

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::numerics {

// sup { q >= mean : valid_mean(q), count * d(mean, q) <= level }; `mean` itself when
// level <= 0. Needs count > 0 and valid_mean(mean).
double kl_upper_bound(const ArmFamily& family, double mean, double count, double level);

// inf { q <= mean : valid_mean(q), count * d(mean, q) <= level }.
double kl_lower_bound(const ArmFamily& family, double mean, double count, double level);

// The same bounds, with the same guarantee (within 1e-12 max(1, |bound|) of the exact bound,
// on its safe side, a mean of the family) but not the same last bits, for a caller that
// recomputes every arm's bounds every round (the game's optimistic gains): `start` is a
// previous bound of the arm on the same side (a level or a sample ago), from which Newton's
// method takes two or three steps — d(mean, q) is convex in q for Gaussian, Bernoulli and
// Poisson arms, so its iterates approach the root from the outside after the first step.
// Gaussian arms: the closed form mean +- sigma sqrt(2 level / count). Other families, or a
// start on the wrong side, or a step that leaves the family's means: kl_upper_bound /
// kl_lower_bound.
double kl_upper_bound_from(const ArmFamily& family, double mean, double count, double level, double start);
double kl_lower_bound_from(const ArmFamily& family, double mean, double count, double level, double start);

// The closed form of kl_upper_bound_from / kl_lower_bound_from for a Gaussian arm (direction
// +1 upper, -1 lower; budget = level / count > 0): mean +- sigma sqrt(2 budget), moved out by
// more than the rounding of the square root, the product and the sum.
inline double gaussian_kl_bound(double sigma, double mean, double budget, double direction) {
  const double s = sigma * std::sqrt(2.0 * budget);
  return mean + direction * (s * (1.0 + 1e-14) + 4e-16 * std::abs(mean));
}

}  // namespace cpex::numerics
