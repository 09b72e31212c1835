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

double clucb_log_term(std::uint64_t n, std::uint64_t t, double delta) {
  return std::log(4.0 * static_cast<double>(n) / delta) + 3.0 * std::log(static_cast<double>(t));
}

double coci_log_term(std::uint64_t t, int tau, double delta) {
  const double td = static_cast<double>(t);
  return std::log(4.0 * td * td * td / (tau * delta));
}

double abbasi_yadkori_width(double noise_r, double log_det_a, std::size_t dimension,
                            double lambda, double delta, double norm_bound_s) {
  const double log_ratio = 0.5 * (log_det_a - static_cast<double>(dimension) * std::log(lambda));
  return noise_r * std::sqrt(2.0 * (log_ratio + std::log(1.0 / delta))) +
         std::sqrt(lambda) * norm_bound_s;
}

double static_log_term(std::uint64_t n, double log_events, double delta) {
  const double pi = 3.14159265358979323846;
  return std::log(6.0 / (pi * pi)) + 2.0 * std::log(static_cast<double>(n)) + log_events - std::log(delta);
}

double soare_static_width_from_log(double sigma, std::uint64_t n, double log_directions, double delta) {
  const double log_term = static_log_term(n, log_directions, delta);
  // Below one sample (or a log below 0) the bound says nothing: no run may stop on it.
  if (!(log_term > 0.0)) return std::numeric_limits<double>::infinity();
  return 2.0 * sigma * std::sqrt(2.0 * log_term);
}

double soare_static_width(double sigma, std::uint64_t n, double directions, double delta) {
  return soare_static_width_from_log(sigma, n, std::log(directions), delta);
}

}  // namespace cpex::numerics
