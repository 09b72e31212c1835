// The standard normal distribution's density and distribution function, for the samplers that
// use Gaussian posteriors (top-two's expected improvement, TTTS's union of events).
#pragma once

#include <cmath>
#include <numbers>

namespace cpex::numerics {

// Phi(x) = P(Z <= x) for a standard normal Z (erfc keeps the lower tail's relative accuracy).
inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// phi(x), the standard normal density.
inline double normal_pdf(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi); }

}  // namespace cpex::numerics
