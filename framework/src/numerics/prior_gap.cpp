// Densities, gap probabilities and L(H) of Bayesian priors (prior_gap.hpp).
#include "cpex/numerics/prior_gap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace cpex::numerics {

namespace {

// Simpson intervals over the support: enough for 1e-9 relative on the smooth integrands here.
constexpr int kIntervals = 20000;

// The support the integrals run over.
void support(const Prior& prior, double& lo, double& hi) {
  if (prior.kind == Prior::Kind::Beta) {
    lo = 0.0;
    hi = 1.0;
  } else {
    lo = prior.a - 12.0 * prior.b;
    hi = prior.a + 12.0 * prior.b;
  }
}

template <class F>
double simpson(F f, double lo, double hi) {
  const double h = (hi - lo) / kIntervals;
  double total = f(lo) + f(hi);
  for (int i = 1; i < kIntervals; ++i) total += (i % 2 ? 4.0 : 2.0) * f(lo + i * h);
  return total * h / 3.0;
}

// Lentz's continued fraction of the incomplete beta function (x < (a + 1)/(a + b + 2)).
double beta_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::abs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + aa * d;
    if (std::abs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (std::abs(c) < tiny) c = tiny;
    d = 1.0 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + aa * d;
    if (std::abs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (std::abs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double step = d * c;
    h *= step;
    if (std::abs(step - 1.0) < 1e-15) break;
  }
  return h;
}

}  // namespace

double incomplete_beta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) +
                                b * std::log1p(-x));
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(a, b, x) / a;
  return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

double prior_density(const Prior& prior, double x) {
  if (prior.kind == Prior::Kind::Gaussian) {
    const double z = (x - prior.a) / prior.b;
    return std::exp(-0.5 * z * z) / (prior.b * std::sqrt(2.0 * std::numbers::pi));
  }
  if (prior.kind == Prior::Kind::Beta) {
    if (x < 0.0 || x > 1.0) return 0.0;
    const double log_norm = std::lgamma(prior.a + prior.b) - std::lgamma(prior.a) - std::lgamma(prior.b);
    const double left = prior.a == 1.0 ? 0.0 : (prior.a - 1.0) * std::log(x);
    const double right = prior.b == 1.0 ? 0.0 : (prior.b - 1.0) * std::log1p(-x);
    return std::exp(log_norm + left + right);
  }
  return 0.0;
}

double prior_cdf(const Prior& prior, double x) {
  if (prior.kind == Prior::Kind::Gaussian) return 0.5 * std::erfc(-(x - prior.a) / (prior.b * std::sqrt(2.0)));
  if (prior.kind == Prior::Kind::Beta) return incomplete_beta(prior.a, prior.b, x);
  return 0.0;
}

bool prior_gap_supported(const Prior& prior) {
  return prior.kind == Prior::Kind::Gaussian || (prior.kind == Prior::Kind::Beta && prior.a >= 1.0 && prior.b >= 1.0);
}

double prior_gap_probability(const Prior& prior, std::size_t arms, double eps) {
  if (!(eps > 0.0)) return 0.0;
  double lo = 0.0, hi = 0.0;
  support(prior, lo, hi);
  const double others = static_cast<double>(arms - 1);
  const double value = simpson(
      [&](double x) {
        return prior_density(prior, x) * (std::pow(prior_cdf(prior, x), others) - std::pow(prior_cdf(prior, x - eps), others));
      },
      lo, hi);
  return std::clamp(static_cast<double>(arms) * value, 0.0, 1.0);
}

double prior_gap_quantile(const Prior& prior, std::size_t arms, double q) {
  double lo = 0.0, hi = prior.kind == Prior::Kind::Beta ? 1.0 : 24.0 * prior.b;
  for (int step = 0; step < 200 && hi - lo > 1e-12 * hi; ++step) {
    const double mid = 0.5 * (lo + hi);
    (prior_gap_probability(prior, arms, mid) <= q ? lo : hi) = mid;
  }
  return lo;
}

double prior_gap_density(const Prior& prior, std::size_t arms) {
  double lo = 0.0, hi = 0.0;
  support(prior, lo, hi);
  const double others = static_cast<double>(arms) - 2.0;
  const double value = simpson(
      [&](double x) {
        const double h = prior_density(prior, x);
        return h * h * (others > 0.0 ? std::pow(prior_cdf(prior, x), others) : 1.0);
      },
      lo, hi);
  return static_cast<double>(arms) * static_cast<double>(arms - 1) * value;
}

}  // namespace cpex::numerics
