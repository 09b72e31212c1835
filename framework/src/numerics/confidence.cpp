// Confidence radii (see confidence.hpp for the formulas and their sources).
#include "cpex/numerics/confidence.hpp"

#include <cmath>
#include <limits>

namespace cpex::numerics {

double lil_radius(double t, double omega, double epsilon, double sigma) {
  return LilRadius(omega, epsilon, sigma)(t);
}

double lil_c_epsilon(double epsilon) {
  return (2.0 + epsilon) / epsilon * std::pow(1.0 / std::log(1.0 + epsilon), 1.0 + epsilon);
}

double lucb1_log_term(std::uint64_t n, std::uint64_t t, double delta) {
  return Lucb1Bound(n, delta, 1.0).log_term(t);
}

double lucb1_radius(double u, double log_term, double sigma) {
  return Lucb1Bound(1, 1.0, sigma).radius(u, log_term);
}

double abbasi_yadkori_width(double noise_r, double log_det_a, std::size_t dimension,
                            double lambda, double delta, double norm_bound_s) {
  const double log_ratio = 0.5 * (log_det_a - static_cast<double>(dimension) * std::log(lambda));
  return noise_r * std::sqrt(2.0 * (log_ratio + std::log(1.0 / delta))) +
         std::sqrt(lambda) * norm_bound_s;
}

double soare_static_width(double sigma, std::uint64_t n, double directions, double delta) {
  const double nd = static_cast<double>(n);
  const double pi = 3.14159265358979323846;
  const double argument = 6.0 * nd * nd * directions / (delta * pi * pi);
  // Below one sample (or a log below 0) the bound says nothing: no run may stop on it.
  if (!(argument > 1.0)) return std::numeric_limits<double>::infinity();
  return 2.0 * sigma * std::sqrt(2.0 * std::log(argument));
}

}  // namespace cpex::numerics
