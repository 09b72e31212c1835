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
