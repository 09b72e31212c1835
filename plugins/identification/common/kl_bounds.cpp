// KL confidence bounds by closed form or a safeguarded Newton iteration (kl_bounds.hpp).
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

// The q between `inside` (count d(mean, inside) <= level) and `outside` (> level; possibly
// the end of the family's means, where d is infinite) where count d(mean, q) = level: Newton's
// method from an outside point (d(mean, .) is convex there for Bernoulli and Poisson arms, so the
// iterates stay outside and converge from that safe side), each step kept inside the bracket
// (else the midpoint), until the divergence meets the level to a relative 1e-13 or a step is
// below 1e-10 of the bound's distance to the mean. Returns the last outside point.
double edge(const numerics::ArmFamily& family, double mean, double count, double level, double inside,
            double outside) {
  // A first outside point near the bound: the Gaussian approximation's distance
  // sqrt(2 V(mean) level / count), doubled while it falls inside.
  const double direction = outside > inside ? 1.0 : -1.0;
  double distance = std::sqrt(2.0 * family.variance(mean) * level / count);
  for (int doubling = 0; doubling < 60 && distance > 0.0; ++doubling, distance *= 2.0) {
    const double guess = mean + direction * distance;
    if (!((guess - inside) * (outside - guess) > 0.0)) break;
    (count * family.kl(mean, guess) <= level ? inside : outside) = guess;
    if (outside == guess) break;
  }
  for (int step = 0; step < 200; ++step) {
    const double excess = count * family.kl(mean, outside) - level;
    if (excess <= 1e-13 * level) break;  // the level met to rounding, from outside
    const double slope = count * family.kl_slope(mean, outside);
    double next = outside - excess / slope;
    const double mid = 0.5 * (inside + outside);
    if (!std::isfinite(next) || !((next - inside) * (outside - next) > 0.0)) next = mid;
    if (!(next != inside && next != outside)) break;
    const bool small = std::abs(next - outside) <= 1e-10 * std::abs(outside - mean);
    (count * family.kl(mean, next) <= level ? inside : outside) = next;
    if (small) break;
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
    return std::min(1.0, edge(family, mean, count, level, mean, 1.0));
  }
  // Poisson, Exponential: unbounded above; double a bracket first.
  double outside = std::max(2.0 * mean, 1.0);
  while (count * family.kl(mean, outside) <= level && outside < 1e300) outside *= 2.0;
  return edge(family, mean, count, level, mean, outside);
}

double kl_lower_bound(const numerics::ArmFamily& family, double mean, double count, double level) {
  if (!(level > 0.0) || !(count > 0.0)) return level > 0.0 ? -kInfinity : mean;
  const double width = closed_width(family, count, level);
  if (!std::isnan(width)) return mean - width;
  // Bernoulli, Poisson, Exponential: means >= 0, and d(mean, 0) is infinite unless mean = 0.
  if (mean <= 0.0) return 0.0;
  return std::max(0.0, edge(family, mean, count, level, mean, 0.0));
}

}  // namespace cpex::identification
