// The normal interval masses and truncated quantiles (normal_distribution.hpp).
#include "cpex/numerics/normal_distribution.hpp"

#include <algorithm>
#include <limits>

#include <boost/math/special_functions/erf.hpp>

namespace cpex::numerics {

namespace {

// Double arithmetic throughout (no promotion to long double), and no throwing: the callers
// keep the arguments inside the domain.
using Fast = boost::math::policies::policy<boost::math::policies::promote_double<false>,
                                           boost::math::policies::overflow_error<boost::math::policies::ignore_error>>;

// Q^{-1}(p) for p in (0, 1).
double tail_inverse(double p) { return std::numbers::sqrt2 * boost::math::erfc_inv(2.0 * p, Fast()); }

// The quantile on (a, b] with 0 <= a < b: Q^{-1} of a point between Q(b) and Q(a).
double upper_quantile(double a, double b, double u) {
  const double qa = normal_tail(a), qb = normal_tail(b);
  if (!(qa > std::numeric_limits<double>::min())) {
    // a past ~37.5: the tail beyond a is the exponential law a + E / a to O(1/a^2).
    return std::min(b, a - std::log1p(-u) / a);
  }
  // p > 0 for u < 1; the least positive double stands for a rounding to 0 (a finite quantile).
  const double p = std::max(qa - u * (qa - qb), std::numeric_limits<double>::denorm_min());
  return std::clamp(tail_inverse(p), a, b);
}

}  // namespace

double normal_interval_mass(double a, double b) {
  if (a >= 0.0) return normal_tail(a) - normal_tail(b);
  if (b <= 0.0) return normal_tail(-b) - normal_tail(-a);
  return 1.0 - normal_tail(b) - normal_tail(-a);
}

double truncated_normal_quantile(double a, double b, double u) {
  if (a >= 0.0) return upper_quantile(a, b, u);
  if (b <= 0.0) return -upper_quantile(-b, -a, u);
  const double pa = normal_tail(-a), pb = 1.0 - normal_tail(b);  // Phi(a), Phi(b)
  // u = 0 with a = -inf would give p = 0 and an infinite quantile: the least positive double
  // stands for it (the quantile of u = 0 is the interval's end, which is not a value).
  const double p = std::max(pa + u * (pb - pa), std::numeric_limits<double>::denorm_min());
  const double z = p < 0.5 ? -tail_inverse(p) : tail_inverse(1.0 - p);
  return std::clamp(z, a, b);
}

}  // namespace cpex::numerics
