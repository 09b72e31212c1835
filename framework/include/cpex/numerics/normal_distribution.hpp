// The standard normal distribution's density, distribution function and tail, and draws of it
// truncated to an interval by inversion, for the samplers that use Gaussian posteriors
// (top-two's expected improvement, TTTS's union of events, the posterior draws of the k best
// arms at thousands of arms).
#pragma once

#include <cmath>
#include <numbers>

namespace cpex::numerics {

// Phi(x) = P(Z <= x) for a standard normal Z (erfc keeps the lower tail's relative accuracy).
inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Q(x) = P(Z > x) = Phi(-x), with the upper tail's relative accuracy.
inline double normal_tail(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }

// phi(x), the standard normal density.
inline double normal_pdf(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi); }

// P(a < Z <= b) for a <= b (either may be infinite), computed from the tail on the side of the
// interval away from 0 so that a mass far in one tail keeps its relative accuracy.
double normal_interval_mass(double a, double b);

// The u-quantile (u in [0, 1)) of Z conditioned on a < Z <= b (a < b, either may be infinite,
// the interval's mass positive): inversion by the tail away from 0, in [a, b]. Past the tails'
// representable range (a mass below ~1e-300) the exponential tail a + E / a (E = -log(1 - u))
// stands for it, accurate to O(1/a^2).
double truncated_normal_quantile(double a, double b, double u);

}  // namespace cpex::numerics
