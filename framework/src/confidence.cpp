// Confidence radii (see confidence.hpp for the formulas and their sources).
#include "cpex/numerics/confidence.hpp"

#include <cmath>

namespace cpex::numerics {

double lil_radius(double t, double omega, double epsilon, double sigma) {
  const double inner = std::log(std::log((1.0 + epsilon) * t + 2.0) / omega);
  return (1.0 + std::sqrt(epsilon)) *
         std::sqrt(2.0 * sigma * sigma * (1.0 + epsilon) / t * inner);
}

double lil_c_epsilon(double epsilon) {
  return (2.0 + epsilon) / epsilon * std::pow(1.0 / std::log(1.0 + epsilon), 1.0 + epsilon);
}

double lucb1_log_term(std::uint64_t n, std::uint64_t t, double delta) {
  const double td = static_cast<double>(t);
  return std::log(1.25 * static_cast<double>(n) / delta) + 4.0 * std::log(td);
}

double lucb1_radius(double u, double log_term, double sigma) {
  return std::sqrt(2.0 * sigma * sigma * log_term / u);
}

}  // namespace cpex::numerics
