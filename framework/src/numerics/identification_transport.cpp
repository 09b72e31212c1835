// The one-dimensional best responses of the identification problems: two arms held apart by
// a shift (epsilon-good answers) and a set of arms against another (listed-class pieces).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/numerics/identification.hpp"
#include "infinity.hpp"

namespace cpex::numerics {

namespace {

// The smallest and largest value a mean of the family can take.
double lowest_mean(const ArmFamily& f) {
  using Kind = ArmFamily::Kind;
  return f.kind() == Kind::Bernoulli || f.kind() == Kind::Poisson || f.kind() == Kind::Exponential ? 0.0
                                                                                                    : -kInfinity;
}
double highest_mean(const ArmFamily& f) { return f.kind() == ArmFamily::Kind::Bernoulli ? 1.0 : kInfinity; }

// A root of the continuous function phi on [lo, hi] with phi(lo) <= 0 <= phi(hi), by
// bisection to the last bit (phi may be infinite at the ends).
template <class Phi>
double bisect(Phi phi, double lo, double hi) {
  for (int step = 0; step < 200; ++step) {
    const double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;
    (phi(mid) <= 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// Whether every family is Gaussian (known sigmas): closed forms apply.
bool gaussian(const ArmFamily& f) { return f.kind() == ArmFamily::Kind::Gaussian; }

// lambda >= mu with (lambda - mu) / V(lambda) = c (c >= 0; a negative c gives lambda <= mu):
// the point where an arm of weight w moved by the multiplier eta = c w stops. Exponential
// families whose (lambda - mu)/V(lambda) is increasing in lambda (Gaussian, Bernoulli,
// Poisson); +-infinity (the family's end) when no finite lambda reaches c.
double tilted_mean(const ArmFamily& f, double mu, double c) {
  switch (f.kind()) {
    case ArmFamily::Kind::Gaussian: return mu + c * f.variance(mu);
    case ArmFamily::Kind::Bernoulli: {
      // c l^2 + (1 - c) l - mu = 0, the root in [0, 1].
      if (c == 0.0) return mu;
      const double b = 1.0 - c, disc = b * b + 4.0 * c * mu;
      const double root = std::sqrt(std::max(0.0, disc));
      // Stable form of (-b + root) / (2c).
      return b >= 0.0 ? 2.0 * mu / (b + root) : (-b + root) / (2.0 * c);
    }
    case ArmFamily::Kind::Poisson: return c < 1.0 ? mu / (1.0 - c) : kInfinity;  // (l - mu)/l = c
    default: return std::nan("");
  }
}

}  // namespace

Transport shifted_transport(const ArmFamily& fi, double w_i, double mu_i, const ArmFamily& fj, double w_j,
                            double mu_j, double epsilon, bool relative) {
  const double scale = relative ? 1.0 / (1.0 - epsilon) : 1.0;
  auto y_of = [&](double x) { return relative ? x * scale : x + epsilon; };
  // The piece {y_of(lambda_i) <= lambda_j} already holds mu.
  if (y_of(mu_i) <= mu_j) return {0.0, mu_i};
  if (!(w_i > 0.0) || !(w_j > 0.0)) return {0.0, mu_i};
  auto value = [&](double x) { return w_i * fi.kl(mu_i, x) + w_j * fj.kl(mu_j, y_of(x)); };
  if (gaussian(fi) && gaussian(fj)) {
    // Minimize w_i (x - mu_i)^2 / (2 s_i^2) + w_j (s x + e - mu_j)^2 / (2 s_j^2) (y = s x + e).
    const double pi = w_i / fi.variance(mu_i), pj = w_j / fj.variance(mu_j);
    const double slope = relative ? scale : 1.0, shift = relative ? 0.0 : epsilon;
    const double x = (pi * mu_i + pj * slope * (mu_j - shift)) / (pi + pj * slope * slope);
    return {value(x), x};
  }
  // x in [lo, hi]: lambda_i between the largest x whose y is mu_j and mu_i, inside the family.
  double lo = relative ? mu_j / scale : mu_j - epsilon;
  double hi = mu_i;
  lo = std::max(lo, lowest_mean(fi));
  hi = std::min(hi, relative ? highest_mean(fj) / scale : highest_mean(fj) - epsilon);
  if (hi < lo) return {kInfinity, mu_i};  // no point of the piece inside the family
  // One point only (e.g. Bernoulli means 1 and 1: lambda_i = 1 - eps, lambda_j = 1).
  if (!(hi > lo)) return {value(lo), lo};
  auto phi = [&](double x) { return w_i * fi.kl_slope(mu_i, x) + w_j * scale * fj.kl_slope(mu_j, y_of(x)); };
  const double x = bisect(phi, lo, hi);
  Transport best{value(x), x};
  // Not convex for Gaussian arms of unknown variance: compare with the ends.
  for (double end : {lo, hi}) {
    const double v = value(end);
    if (v < best.cost) best = {v, end};
  }
  return best;
}

double sum_transport(std::span<const std::size_t> up, std::span<const std::size_t> down, std::span<const double> w,
                     std::span<const double> mu, std::span<const ArmFamily> families, std::vector<double>& point) {
  point.clear();
  double gap = 0.0;
  bool free_arm = false, all_gaussian = true;
  for (std::size_t a : down) gap += mu[a];
  for (std::size_t a : up) gap -= mu[a];
  for (auto arms : {up, down})
    for (std::size_t a : arms) {
      free_arm = free_arm || !(w[a] > 0.0);
      all_gaussian = all_gaussian && gaussian(families[a]);
    }
  if (gap <= 0.0 || free_arm) {
    for (auto arms : {up, down})
      for (std::size_t a : arms) point.push_back(mu[a]);
    return 0.0;
  }
  if (up.size() == 1 && down.size() == 1) {
    const std::size_t i = down.front(), j = up.front();
    const Transport t = pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]);
    point = {t.point, t.point};
    return t.cost;
  }
  if (all_gaussian) {
    // Move every arm by (sigma_a^2 / w_a) Delta / sum_b sigma_b^2 / w_b: value Delta^2 / (2 sum).
    double total = 0.0;
    for (auto arms : {up, down})
      for (std::size_t a : arms) total += families[a].variance(mu[a]) / w[a];
    for (std::size_t a : up) point.push_back(mu[a] + families[a].variance(mu[a]) / w[a] * gap / total);
    for (std::size_t a : down) point.push_back(mu[a] - families[a].variance(mu[a]) / w[a] * gap / total);
    return gap * gap / (2.0 * total);
  }
  // Lagrange multiplier eta: lambda_a = tilted_mean(mu_a, +-eta / w_a); the excess
  // sum_up lambda - sum_down lambda increases in eta from -gap.
  auto excess = [&](double eta) {
    double e = 0.0;
    for (std::size_t a : up) e += tilted_mean(families[a], mu[a], eta / w[a]);
    for (std::size_t a : down) e -= tilted_mean(families[a], mu[a], -eta / w[a]);
    return e;
  };
  double hi = 1.0;
  for (int step = 0; step < 2000 && !(excess(hi) >= 0.0); ++step) hi *= 2.0;
  const double eta = bisect(excess, 0.0, hi);
  double value = 0.0;
  for (std::size_t a : up) {
    point.push_back(tilted_mean(families[a], mu[a], eta / w[a]));
    value += w[a] * families[a].kl(mu[a], point.back());
  }
  for (std::size_t a : down) {
    point.push_back(tilted_mean(families[a], mu[a], -eta / w[a]));
    value += w[a] * families[a].kl(mu[a], point.back());
  }
  return value;
}

}  // namespace cpex::numerics

namespace cpex::numerics {

Transport level_transport(const ArmFamily& f0, double w0, double mu0, std::span<const LevelArm> others,
                          double direction) {
  // s * (value) turns the mirrored problem (direction -1) into the raised one.
  const double s = direction < 0.0 ? -1.0 : 1.0;
  double top = s * mu0;
  for (const LevelArm& o : others) top = std::max(top, s * o.mu);
  if (!(top > s * mu0)) return {0.0, mu0};
  auto value = [&](double x) {
    double total = w0 > 0.0 ? w0 * f0.kl(mu0, x) : 0.0;
    for (const LevelArm& o : others)
      if (s * o.mu > s * x && o.w > 0.0) total += o.w * o.family.kl(o.mu, x);
    return total;
  };
  const bool all_gaussian =
      gaussian(f0) && std::all_of(others.begin(), others.end(), [](const LevelArm& o) { return gaussian(o.family); });
  if (all_gaussian && w0 > 0.0) {
    // The level of precision-weighted means: arms taken from the farthest beyond mu0 inward,
    // the level x_m of the m first valid when it is not beyond the next arm.
    std::vector<const LevelArm*> order;
    for (const LevelArm& o : others)
      if (s * o.mu > s * mu0 && o.w > 0.0) order.push_back(&o);
    std::sort(order.begin(), order.end(), [&](const LevelArm* a, const LevelArm* b) { return s * a->mu > s * b->mu; });
    double precision = w0 / f0.variance(mu0), weighted = precision * mu0;
    double x = mu0;
    for (std::size_t m = 0; m < order.size(); ++m) {
      const double p = order[m]->w / order[m]->family.variance(order[m]->mu);
      precision += p;
      weighted += p * order[m]->mu;
      x = weighted / precision;
      if (m + 1 == order.size() || s * order[m + 1]->mu <= s * x) break;
    }
    return {value(x), x};
  }
  // The objective is convex in x: its derivative phi is <= 0 at the lower end of the
  // interval between mu0 and the farthest arm, >= 0 at the upper end.
  auto phi = [&](double x) {
    double slope = w0 > 0.0 ? w0 * f0.kl_slope(mu0, x) : 0.0;
    for (const LevelArm& o : others)
      if (s * o.mu > s * x && o.w > 0.0) slope += o.w * o.family.kl_slope(o.mu, x);
    return slope;
  };
  const double x = s > 0.0 ? bisect(phi, mu0, top) : bisect(phi, -top, mu0);
  return {value(x), x};
}

}  // namespace cpex::numerics
