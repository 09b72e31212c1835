// The GLR stopping thresholds and Kaufmann & Koolen's calibration function.
#include "cpex/numerics/stopping_thresholds.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "cpex/enum_names.hpp"

namespace cpex::numerics {

namespace {
constexpr EnumName<StoppingThreshold> kThresholdNames[] = {{StoppingThreshold::GkExperiments, "gk-experiments"},
                                                           {StoppingThreshold::GkTheorem, "gk-theorem"},
                                                           {StoppingThreshold::Kk2021, "kk2021"}};
}  // namespace

const char* to_string(StoppingThreshold threshold) { return name_of(kThresholdNames, threshold); }

bool parse_stopping_threshold(const std::string& name, StoppingThreshold& out) {
  const auto found = value_of(kThresholdNames, name);
  if (found) out = *found;
  return found.has_value();
}

double inverse_h(double y) {
  if (y <= 1.0) return 1.0;
  // Newton on g(u) = u - log u - y, convex and increasing on u > 1, from the larger of two
  // lower bounds of the root (u >= y gives u = y + log u >= y + log y; h(u) <= 1 + (u-1)^2/2
  // gives u >= 1 + sqrt(2 (y - 1))): the first step lands above the root, the next ones
  // decrease monotonically to it.
  double u = std::max(y + std::log(y), 1.0 + std::sqrt(2.0 * (y - 1.0)));
  for (int step = 0; step < 100; ++step) {
    const double next = u - (u - std::log(u) - y) / (1.0 - 1.0 / u);
    if (!(next > 1.0)) break;
    const bool done = std::abs(next - u) <= 1e-15 * u;
    u = next;
    if (done) break;
  }
  return u;
}

double kk_calibration(double x) {
  constexpr double z = 1.5;
  const double log_z = std::log(z);
  const double zeta2 = std::numbers::pi * std::numbers::pi / 6.0;
  const double arg = 0.5 * (inverse_h(1.0 + x) + std::log(2.0 * zeta2));
  const double h_tilde =
      arg >= inverse_h(1.0 / log_z) ? std::exp(1.0 / inverse_h(arg)) * inverse_h(arg) : z * (arg - std::log(log_z));
  return 2.0 * h_tilde;
}

double riemann_zeta(double s) {
  // Euler-Maclaurin: sum_{n < N} n^-s + N^{1-s}/(s-1) + N^-s/2 + sum_k B_2k/(2k)! s(s+1)...(s+2k-2) N^{-s-2k+1}.
  constexpr int kTerms = 30;
  const double big_n = kTerms;
  double total = 0.0;
  for (int n = 1; n < kTerms; ++n) total += std::pow(static_cast<double>(n), -s);
  total += std::pow(big_n, 1.0 - s) / (s - 1.0) + 0.5 * std::pow(big_n, -s);
  // Bernoulli numbers B2, B4, B6, B8 over (2k)!.
  constexpr double kCoefficients[] = {1.0 / 12.0, -1.0 / 720.0, 1.0 / 30240.0, -1.0 / 1209600.0};
  double rising = s;  // s (s+1) ... (s + 2k - 2)
  double power = std::pow(big_n, -s - 1.0);
  for (int k = 0; k < 4; ++k) {
    total += kCoefficients[k] * rising * power;
    rising *= (s + 2.0 * k + 1.0) * (s + 2.0 * k + 2.0);
    power /= big_n * big_n;
  }
  return total;
}

double kk_gaussian_calibration(double x) {
  const auto objective = [x](double lambda) {
    const double g = 2.0 * lambda - 2.0 * lambda * std::log(4.0 * lambda) + std::log(riemann_zeta(2.0 * lambda)) -
                     0.5 * std::log(1.0 - lambda);
    return (g + x) / lambda;
  };
  // Unimodal on (1/2, 1), infinite at both ends (zeta's pole at 1, the log at 1): golden-section
  // search for the minimum.
  double lo = 0.5 + 1e-12, hi = 1.0 - 1e-12;
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = objective(a), fb = objective(b);
  for (int step = 0; step < 200 && hi - lo > 1e-14; ++step) {
    if (fa > fb) {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = objective(b);
    } else {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = objective(a);
    }
  }
  return std::min(fa, fb);
}

double stopping_threshold(StoppingThreshold threshold, std::uint64_t t, double delta, std::size_t pieces,
                          std::size_t size) {
  const double samples = static_cast<double>(std::max<std::uint64_t>(t, 1));
  const double n = static_cast<double>(std::max<std::size_t>(pieces, 1));
  switch (threshold) {
    case StoppingThreshold::GkExperiments: return std::log((std::log(samples) + 1.0) / delta);
    case StoppingThreshold::GkTheorem: return std::log(2.0 * samples * n / delta);
    case StoppingThreshold::Kk2021: {
      const double s = static_cast<double>(std::max<std::size_t>(size, 1));
      return s * kk_calibration(std::log(n / delta) / s) + 3.0 * s * std::log1p(std::log(std::max(1.0, samples / s)));
    }
  }
  return 0.0;
}

}  // namespace cpex::numerics
