// KL confidence bounds by closed form or bisection (kl_bounds.hpp).
#include "kl_bounds.hpp"

#include <cmath>
#include <limits>

namespace cpex::identification {

namespace {

using Kind = numerics::ArmFamily::Kind;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The half-width of the closed forms; NaN for the families without one.
double closed_width(const numerics::ArmFamily& family, double count, double level) {
  if (family.kind() == Kind::Gaussian) return family.sigma() * std::sqrt(2.0 * level / count);
  if (family.kind() == Kind::GaussianUnknownVariance)
    return family.sigma() * std::sqrt(std::expm1(2.0 * level / count));
  return std::nan("");
}

// The last q between `inside` (count d(mean, inside) <= level) and `outside` (> level), by
// bisection to the last bit; `outside` may be the end of the family's means.
double bisect(const numerics::ArmFamily& family, double mean, double count, double level, double inside,
              double outside) {
  for (int step = 0; step < 200; ++step) {
    const double mid = 0.5 * (inside + outside);
    if (!(mid != inside && mid != outside)) break;
    (count * family.kl(mean, mid) <= level ? inside : outside) = mid;
  }
  return outside;  // the safe side: at or beyond the exact bound
}

}  // namespace

double kl_upper_bound(const numerics::ArmFamily& family, double mean, double count, double level) {
  if (!(level > 0.0) || !(count > 0.0)) return level > 0.0 ? kInfinity : mean;
  const double width = closed_width(family, count, level);
  if (!std::isnan(width)) return mean + width;
  if (family.kind() == Kind::Bernoulli) {
    if (mean >= 1.0 || count * family.kl(mean, 1.0) <= level) return 1.0;
    return std::min(1.0, bisect(family, mean, count, level, mean, 1.0));
  }
  // Poisson, Exponential: unbounded above; double a bracket first.
  double outside = std::max(2.0 * mean, 1.0);
  while (count * family.kl(mean, outside) <= level && outside < 1e300) outside *= 2.0;
  return bisect(family, mean, count, level, mean, outside);
}

double kl_lower_bound(const numerics::ArmFamily& family, double mean, double count, double level) {
  if (!(level > 0.0) || !(count > 0.0)) return level > 0.0 ? -kInfinity : mean;
  const double width = closed_width(family, count, level);
  if (!std::isnan(width)) return mean - width;
  // Bernoulli, Poisson, Exponential: means >= 0; d(mean, 0) is finite for Bernoulli and
  // Poisson arms (the bound may reach 0), infinite for exponential arms of positive mean.
  if (mean <= 0.0 || count * family.kl(mean, 0.0) <= level) return 0.0;
  return std::max(0.0, bisect(family, mean, count, level, mean, 0.0));
}

}  // namespace cpex::identification
