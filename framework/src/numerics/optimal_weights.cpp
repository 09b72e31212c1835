// w*(mu) and T*(mu) by Garivier & Kaufmann's Theorem 5: two nested scalar equations, each
// solved by Newton's method kept inside a bisection bracket (see optimal_weights.hpp).
#include "cpex/numerics/optimal_weights.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "infinity.hpp"
#include "safeguarded_newton.hpp"

namespace cpex::numerics {

// x_a(y): the x >= 0 with g_a(x) = d(mu_1, m_a(x)) + x d(mu_a, m_a(x)) = y, for
// 0 <= y < d(mu_1, mu_a) (+infinity from there on).
double OptimalWeightsSolver::inverse_g(std::size_t arm, double y) const {
  const double limit = divergence_[arm];
  if (y <= 0.0) return 0.0;
  if (!(y < limit)) return kInfinity;
  if (family_.kind() == ArmFamily::Kind::Gaussian) return y / (limit - y);  // g = D x/(1+x)
  const double top = mu_[result_.best], mean = mu_[arm];
  // g is increasing and concave with g'(x) = d(mu_a, m_a(x)): a Newton step from any point
  // lands at or below the root, and then increases monotonically to it (quadratically).
  // Start from the Gaussian solution, exact when d is quadratic.
  double lo = 0.0, hi = kInfinity;
  double x = std::isfinite(limit) ? y / (limit - y) : y;
  const double tol = options_.tolerance;
  for (int step = 0; step < options_.max_iterations; ++step) {
    const double m = (top + x * mean) / (1.0 + x);
    const double slope = family_.kl(mean, m);
    const double f = family_.kl(top, m) + x * slope - y;
    if (f == 0.0) return x;
    (f < 0.0 ? lo : hi) = x;
    const double next = safeguarded(x, f, slope, lo, hi);
    if (std::abs(next - x) <= tol * next) return next;
    if (std::isfinite(hi) && hi - lo <= tol * hi) return 0.5 * (lo + hi);
    x = next;
  }
  return x;
}

namespace {
// From this many (non-Gaussian) arms F's evaluations share the terms of equal means.
constexpr std::size_t kMemoFromArms = 32;
}  // namespace

OptimalWeightsSolver::Terms OptimalWeightsSolver::terms(std::size_t arm, double y) const {
  Terms out;
  out.x = inverse_g(arm, y);
  if (!std::isfinite(out.x)) return out;
  if (family_.kind() == ArmFamily::Kind::Gaussian) {
    // m_a(x) splits mu_1 - mu_a in the ratio x : 1, so d(mu_1, m)/d(mu_a, m) = x^2, and
    // dx/dy = D/(D - y)^2 from x = y/(D - y), D = d(mu_1, mu_a).
    const double limit = divergence_[arm], rest = limit - y;
    out.ratio = out.x * out.x;
    out.slope = 2.0 * out.x * limit / (rest * rest);
    return out;
  }
  const double top = mu_[result_.best], mean = mu_[arm], x = out.x;
  const double m = (top + x * mean) / (1.0 + x);
  const double num = family_.kl(top, m), den = family_.kl(mean, m);
  out.ratio = num / den;
  // r = num/den as a function of x, times dx/dy = 1/g'(x) = 1/den.
  const double dm = (mean - top) / ((1.0 + x) * (1.0 + x));
  const double dnum = family_.kl_slope(top, m) * dm, dden = family_.kl_slope(mean, m) * dm;
  out.slope = (dnum * den - num * dden) / (den * den) / den;
  return out;
}

// F(y) - 1 and its derivative, with x_[a] = x_a(y) for every arm a != best.
double OptimalWeightsSolver::outer(double y, double* slope) {
  double value = 0.0, derivative = 0.0;
  memo_.next();
  for (std::size_t a = 0; a < mu_.size(); ++a) {
    if (a == result_.best) continue;
    const Terms t = memo_.enabled() ? memo_.get(mu_[a], [&] { return terms(a, y); }) : terms(a, y);
    x_[a] = t.x;
    if (!std::isfinite(t.x)) {
      value = kInfinity;
      continue;
    }
    value += t.ratio;
    derivative += t.slope;
  }
  *slope = derivative;
  return value - 1.0;
}

const OptimalWeights& OptimalWeightsSolver::solve(std::span<const double> means) {
  const std::size_t k = means.size();
  if (k < 2) throw std::invalid_argument("optimal weights need at least 2 arms, got " + std::to_string(k));
  if (family_.kind() == ArmFamily::Kind::Gaussian && !(family_.sigma() > 0.0 && std::isfinite(family_.sigma())))
    throw std::invalid_argument("optimal weights: the Gaussian sigma must be positive and finite");
  mu_.assign(means.begin(), means.end());
  for (std::size_t a = 0; a < k; ++a)
    if (!std::isfinite(mu_[a]) || !family_.valid_mean(mu_[a]))
      throw std::invalid_argument("optimal weights: mean " + std::to_string(a) + " = " +
                                  std::to_string(mu_[a]) + " is not a " + family_.name() + " mean");
  OptimalWeights& r = result_;
  r.weights.assign(k, 0.0);
  r.iterations = 0;
  r.best = static_cast<std::size_t>(std::max_element(mu_.begin(), mu_.end()) - mu_.begin());
  const double top = mu_[r.best];
  const auto tied = static_cast<std::size_t>(std::count(mu_.begin(), mu_.end(), top));
  r.unique_best = tied == 1;
  if (!r.unique_best) {
    for (std::size_t a = 0; a < k; ++a)
      if (mu_[a] == top) r.weights[a] = 1.0 / static_cast<double>(tied);
    r.characteristic_time = kInfinity;
    r.rate = 0.0;
    return r;
  }
  const bool share = family_.kind() != ArmFamily::Kind::Gaussian && k >= kMemoFromArms &&
                     options_.share_equal_means;
  if (share && !memo_.enabled()) memo_.enable();
  divergence_.assign(k, kInfinity);
  x_.assign(k, 1.0);
  double hi = kInfinity;
  memo_.next();
  for (std::size_t a = 0; a < k; ++a)
    if (a != r.best) {
      const auto divergence = [&] { return Terms{.x = family_.kl(top, mu_[a])}; };
      divergence_[a] = memo_.enabled() ? memo_.get(mu_[a], divergence).x : divergence().x;
      hi = std::min(hi, divergence_[a]);
    }
  double slope = 0.0, lo = 0.0;
  if (!std::isfinite(hi)) {  // Bernoulli, best mean 1 and every other 0: F < 1 until some y
    hi = 1.0;
    while (outer(hi, &slope) < 0.0 && hi < 1e300) hi *= 2.0;
  }
  const double tol = options_.tolerance;
  double y = warm_y_ > lo && warm_y_ < hi ? warm_y_ : 0.5 * hi;
  for (; r.iterations < options_.max_iterations; ++r.iterations) {
    const double f = outer(y, &slope);
    if (f == 0.0) break;
    (f < 0.0 ? lo : hi) = y;
    const double next = safeguarded(y, f, slope, lo, hi);
    if (std::abs(next - y) <= tol * next || hi - lo <= tol * hi) {
      y = next;
      break;
    }
    // A Newton step within the tolerance that the bracket refused (it rounds onto the end just
    // set to y): y is the root to the tolerance. (Bisecting on from there took ~40 halvings.)
    if (std::abs(f / slope) <= tol * y) break;
    y = next;
  }
  outer(y, &slope);  // x_ at the final y
  warm_y_ = y;
  double total = 1.0;
  for (std::size_t a = 0; a < k; ++a)
    if (a != r.best) total += x_[a];
  for (std::size_t a = 0; a < k; ++a) r.weights[a] = (a == r.best ? 1.0 : x_[a]) / total;
  r.rate = y;
  r.characteristic_time = total / y;
  return r;
}

OptimalWeights optimal_weights(std::span<const double> means, const ArmFamily& family,
                               const OptimalWeightsOptions& options) {
  OptimalWeightsSolver solver(family, options);
  return solver.solve(means);
}

double characteristic_time(std::span<const double> means, const ArmFamily& family) {
  return optimal_weights(means, family).characteristic_time;
}

}  // namespace cpex::numerics
