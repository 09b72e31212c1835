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

}  // namespace

double kl_upper_bound(const ArmFamily& family, double mean, double count, double level) {
  return kl_bound(family, mean, count, level, 1.0);
}

double kl_lower_bound(const ArmFamily& family, double mean, double count, double level) {
  return kl_bound(family, mean, count, level, -1.0);
}

}  // namespace cpex::numerics
