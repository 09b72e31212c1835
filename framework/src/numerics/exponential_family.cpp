// KL divergences and the two-arm GLR statistic of the Gaussian and Bernoulli families.
#include "cpex/numerics/exponential_family.hpp"

#include <cmath>
#include <limits>

namespace cpex::numerics {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// psi(z) = z - log(1 + z) >= 0 for z > -1, without cancellation near 0 (series below 1e-2:
// z^2/2 - z^3/3 + ... to z^10, truncation error below 1e-18 relative).
double psi(double z) {
  if (std::abs(z) >= 1e-2) return z - std::log1p(z);
  double term = z * z, sum = 0.0;
  for (int k = 2; k <= 10; ++k) {
    sum += (k % 2 == 0 ? term : -term) / k;
    term *= z;
  }
  return sum;
}

// Bernoulli KL. With u = (x - y)/y and v = (y - x)/(1 - y),
//   kl = x log(1+u) + (1-x) log(1+v) = (x - y)^2 / (y (1 - y)) - x psi(u) - (1 - x) psi(v),
// whose two parts are both of order (x - y)^2 and differ by a factor of about 2, so the
// result keeps full relative precision when x and y are close.
double bernoulli_kl(double x, double y) {
  if (x == y) return 0.0;
  if (y <= 0.0 || y >= 1.0) return kInfinity;
  if (x <= 0.0) return -std::log1p(-y);
  if (x >= 1.0) return -std::log(y);
  const double diff = x - y;
  const double u = diff / y, v = -diff / (1.0 - y);
  if (std::abs(u) > 0.5 || std::abs(v) > 0.5)
    return x * std::log(x / y) + (1.0 - x) * std::log((1.0 - x) / (1.0 - y));
  const double value = diff * diff / (y * (1.0 - y)) - x * psi(u) - (1.0 - x) * psi(v);
  return value > 0.0 ? value : 0.0;
}

}  // namespace

double ArmFamily::kl(double x, double y) const {
  if (kind_ == Kind::Gaussian) {
    const double diff = x - y;
    return diff * diff / (2.0 * sigma_ * sigma_);
  }
  return bernoulli_kl(x, y);
}

double ArmFamily::kl_slope(double x, double y) const {
  if (kind_ == Kind::Gaussian) return (y - x) / (sigma_ * sigma_);
  return (y - x) / (y * (1.0 - y));
}

double ArmFamily::glr(double count_a, double mean_a, double count_b, double mean_b) const {
  if (!(count_a > 0.0) || !(count_b > 0.0)) return 0.0;
  const double sign = mean_a >= mean_b ? 1.0 : -1.0;
  if (kind_ == Kind::Gaussian) {
    // N_a N_b / (N_a + N_b) (mu_a - mu_b)^2 / (2 sigma^2), the closed form of eq. (11).
    const double diff = mean_a - mean_b;
    return sign * count_a * count_b / (count_a + count_b) * diff * diff / (2.0 * sigma_ * sigma_);
  }
  const double mid = (count_a * mean_a + count_b * mean_b) / (count_a + count_b);
  return sign * (count_a * kl(mean_a, mid) + count_b * kl(mean_b, mid));
}

}  // namespace cpex::numerics
