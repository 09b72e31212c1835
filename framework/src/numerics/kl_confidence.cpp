// KL confidence bounds by bisection on the family's divergence (kl_confidence.hpp).
#include "cpex/numerics/kl_confidence.hpp"

#include "illinois_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cpex::numerics {

namespace {

// The bound on the side `direction` (+1 upper, -1 lower): q = mean + direction * s for
// the largest s >= 0 with q a mean and d(mean, q) <= budget. g(s) = d(mean, q(s)) - budget
// is <= 0 on [0, s*] and > 0 beyond (+infinity where q(s) is not a mean: the means are an
// interval containing `mean`, and d grows away from it). A quadratic model of d gives a
// first bracket (doubling where it is too short); then the Illinois variant of false position (function values only, superlinear; a
// bisection step where g is infinite or the secant leaves the bracket) shrinks the
// bracket [in, out] around s* to a relative 1e-12.
double kl_bound(const ArmFamily& family, double mean, double count, double level, double direction) {
  if (!(level > 0.0) || !(count > 0.0)) return mean;
  // A mean at the end of the family's means on this side (a Bernoulli mean of 1 for the upper
  // bound, 0 for the lower) is its own bound: what the search below returns, without it.
  if (!family.valid_mean(std::nextafter(mean, direction * std::numeric_limits<double>::infinity()))) return mean;
  const double budget = level / count;
  auto point = [&](double s) { return mean + direction * s; };
  auto excess = [&](double s) {
    const double q = point(s);
    return family.valid_mean(q) ? family.kl(mean, q) - budget : std::numeric_limits<double>::infinity();
  };
  // A first bracket from a quadratic model d(mean, q(s)) ~ c s^2: probe at s1, fit c, try
  // the model's root (every family's divergence is quadratic near the mean).
  double in = 0.0, g_in = -budget;
  double out = std::sqrt(budget) * std::max(1.0, std::abs(mean)), g_out = excess(out);
  if (std::isfinite(g_out) && g_out > 0.0) {
    const double model = out * std::sqrt(budget / (g_out + budget));
    if (model > 0.0 && model < out) {
      const double g = excess(model);
      (g <= 0.0 ? in : out) = model;
      (g <= 0.0 ? g_in : g_out) = g;
    }
  }
  while (g_out <= 0.0) {
    in = out;
    g_in = g_out;
    out *= 2.0;
    if (!std::isfinite(out)) return point(in);
    g_out = excess(out);
  }
  int side = 0;  // which end moved last: -1 in, +1 out
  IllinoisBracket bracket{in, out, g_in, g_out, side};
  for (int i = 0; i < 200; ++i) {
    if (out - in <= 1e-12 * std::max(1.0, std::abs(point(out)))) break;
    const double middle = 0.5 * (in + out);
    double s = std::isfinite(g_out) && g_out > g_in ? in - g_in * (out - in) / (g_out - g_in) : middle;
    if (!(s > in && s < out)) s = middle;
    if (s <= in || s >= out) break;  // no double strictly inside
    const double g = excess(s);
    bracket.move(s, g, g <= 0.0);  // (an infinite g_out stays infinite when halved)
  }
  // On the safe side (wider) when that is still a mean of the family; otherwise the bound
  // is near the end of the family's means: the last mean before that end (bisection on
  // validity alone, to the double's precision).
  if (family.valid_mean(point(out))) return point(out);
  for (int i = 0; i < 200; ++i) {
    const double middle = 0.5 * (in + out);
    if (middle <= in || middle >= out) break;
    (family.valid_mean(point(middle)) ? in : out) = middle;
  }
  return point(in);
}

// kl_bound by Newton's method on g(q) = d(mean, q) - budget from `start` (the header's
// kl_upper_bound_from). g is convex on the side `direction` (Gaussian, Bernoulli, Poisson),
// so after one step every iterate is on the outside of the root (g >= 0) and moves toward
// it; it stops when the step's estimated error (g'' h^2 / (2 |g'|), times 10) or the step
// itself is below 1e-14 max(1, |q|) — two steps from a bound a level ago — and the result is
// moved out by 2e-13 max(1, |q|): on the safe side of the root despite rounding, within 1e-12
// of it. (From the inside, the first
// step lands outside, by about the square of its length.)
double kl_bound_from(const ArmFamily& family, double mean, double count, double level, double start,
                     double direction) {
  using Kind = ArmFamily::Kind;
  if (!(level > 0.0) || !(count > 0.0)) return mean;
  const double budget = level / count;
  if (family.kind() == Kind::Gaussian)
    return gaussian_kl_bound(family.sigma(), mean, budget, direction);
  auto fallback = [&] { return kl_bound(family, mean, count, level, direction); };
  if (family.kind() != Kind::Bernoulli && family.kind() != Kind::Poisson) return fallback();
  double q = start;
  if (!(direction * (q - mean) > 0.0) || !family.valid_mean(q) || !(family.variance(q) > 0.0)) return fallback();
  for (int step = 0; step < 50; ++step) {
    const double v = family.variance(q);
    const double slope = (q - mean) / v;  // g'(q) = kl_slope, of the sign of direction
    // g''(q) = (V - (q - mean) V') / V^2, V' = 1 - 2q (Bernoulli), 1 (Poisson).
    const double curvature = (v - (q - mean) * (family.kind() == Kind::Bernoulli ? 1.0 - 2.0 * q : 1.0)) / (v * v);
    const double next = q - (family.kl(mean, q) - budget) / slope;
    if (!(direction * (next - mean) > 0.0) || !family.valid_mean(next) || !(family.variance(next) > 0.0))
      return fallback();
    const double moved = std::abs(next - q);
    q = next;
    // Newton's error after a step of length h is about g'' h^2 / (2 |g'|): done when ten times
    // that is below 1e-14 (or the step itself is).
    const double scale = std::max(1.0, std::abs(q));
    if (moved <= 1e-14 * scale || 10.0 * curvature * moved * moved / (2.0 * std::abs(slope)) <= 1e-14 * scale) {
      const double out = q + direction * 2e-13 * std::max(1.0, std::abs(q));
      return family.valid_mean(out) ? out : fallback();
    }
  }
  return fallback();
}

}  // namespace

double kl_upper_bound_from(const ArmFamily& family, double mean, double count, double level, double start) {
  return kl_bound_from(family, mean, count, level, start, 1.0);
}

double kl_lower_bound_from(const ArmFamily& family, double mean, double count, double level, double start) {
  return kl_bound_from(family, mean, count, level, start, -1.0);
}

double kl_upper_bound(const ArmFamily& family, double mean, double count, double level) {
  return kl_bound(family, mean, count, level, 1.0);
}

double kl_lower_bound(const ArmFamily& family, double mean, double count, double level) {
  return kl_bound(family, mean, count, level, -1.0);
}

}  // namespace cpex::numerics
