// Divergences of the arm families, and the two-arm transport / GLR statistic.
#include "cpex/numerics/exponential_family.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "infinity.hpp"

namespace cpex::numerics {

namespace {

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

// Poisson: y - x + x log(x/y) = x psi(y/x - 1) (x > 0); y at x = 0.
double poisson_kl(double x, double y) {
  if (x == y) return 0.0;
  if (y <= 0.0) return kInfinity;
  if (x <= 0.0) return y;
  return x * psi(y / x - 1.0);
}

// Exponential: x/y - 1 - log(x/y) = psi(x/y - 1).
double exponential_kl(double x, double y) {
  if (x == y) return 0.0;
  if (y <= 0.0 || x <= 0.0) return kInfinity;
  return psi(x / y - 1.0);
}

// The real roots in (0, d) of c3 u^3 + c2 u^2 + c1 u + c0 (c3 > 0), found on the monotone
// pieces between the critical points by bisection.
int cubic_roots_in(double c3, double c2, double c1, double c0, double d, std::array<double, 3>& roots) {
  auto p = [&](double u) { return ((c3 * u + c2) * u + c1) * u + c0; };
  std::array<double, 4> cuts{0.0, d, d, d};
  int pieces = 1;
  const double disc = c2 * c2 - 3.0 * c3 * c1;  // p'(u) = 3 c3 u^2 + 2 c2 u + c1
  if (disc > 0.0) {
    const double root = std::sqrt(disc);
    double u1 = (-c2 - root) / (3.0 * c3), u2 = (-c2 + root) / (3.0 * c3);
    std::array<double, 4> points{0.0, 0.0, 0.0, d};
    int m = 1;
    for (double u : {u1, u2})
      if (u > 0.0 && u < d) points[static_cast<std::size_t>(m++)] = u;
    points[static_cast<std::size_t>(m)] = d;
    cuts = points;
    pieces = m;
  }
  int found = 0;
  for (int i = 0; i < pieces; ++i) {
    double lo = cuts[static_cast<std::size_t>(i)], hi = cuts[static_cast<std::size_t>(i) + 1];
    double flo = p(lo), fhi = p(hi);
    if (flo == 0.0) {
      roots[static_cast<std::size_t>(found++)] = lo;
      continue;
    }
    if ((flo < 0.0) == (fhi < 0.0)) continue;
    for (int step = 0; step < 200 && hi - lo > 1e-15 * std::max(1.0, std::abs(hi)); ++step) {
      const double mid = 0.5 * (lo + hi);
      const double fm = p(mid);
      if ((fm < 0.0) == (flo < 0.0)) {
        lo = mid;
        flo = fm;
      } else {
        hi = mid;
      }
    }
    roots[static_cast<std::size_t>(found++)] = 0.5 * (lo + hi);
  }
  return found;
}

// Gaussian arms of unknown variance: min over lambda in [x_b, x_a] of
// w_a/2 log(1 + (x_a - lambda)^2/s_a) + w_b/2 log(1 + (x_b - lambda)^2/s_b). With
// u = lambda - x_b and D = x_a - x_b the stationary points solve the cubic
// (w_a + w_b) u^3 - (w_a + 2 w_b) D u^2 + (w_a s_b + w_b s_a + w_b D^2) u - w_a D s_b = 0
// (negative at 0, positive at D); the least of the objective at its roots is the minimum.
Transport unknown_variance_transport(double w_a, double x_a, double s_a, double w_b, double x_b, double s_b) {
  const double d = x_a - x_b;
  auto objective = [&](double lambda) {
    const double da = x_a - lambda, db = x_b - lambda;
    return 0.5 * w_a * std::log1p(da * da / s_a) + 0.5 * w_b * std::log1p(db * db / s_b);
  };
  std::array<double, 3> roots{};
  const int n = cubic_roots_in(w_a + w_b, -(w_a + 2.0 * w_b) * d, w_a * s_b + w_b * s_a + w_b * d * d,
                               -w_a * d * s_b, d, roots);
  Transport best{kInfinity, x_b};
  for (int i = 0; i < n; ++i) {
    const double lambda = x_b + roots[static_cast<std::size_t>(i)];
    const double value = objective(lambda);
    if (value < best.cost) best = {value, lambda};
  }
  if (n == 0) best = {objective(x_b + 0.5 * d), x_b + 0.5 * d};  // unreachable: a root exists
  return best;
}

// V(mean) of a family of this kind and sigma (ArmFamily::variance, inlined in the pruning bound).
inline double variance_function(ArmFamily::Kind kind, double sigma, double mean) {
  switch (kind) {
    case ArmFamily::Kind::Gaussian:
    case ArmFamily::Kind::GaussianUnknownVariance: return sigma * sigma;
    case ArmFamily::Kind::Bernoulli: return mean * (1.0 - mean);
    case ArmFamily::Kind::Poisson: return mean;
    case ArmFamily::Kind::Exponential: return mean * mean;
  }
  return 0.0;
}

}  // namespace

const char* ArmFamily::name() const {
  switch (kind_) {
    case Kind::Gaussian: return "gaussian";
    case Kind::Bernoulli: return "bernoulli";
    case Kind::Poisson: return "poisson";
    case Kind::Exponential: return "exponential";
    case Kind::GaussianUnknownVariance: return "gaussian-unknown-variance";
  }
  return "?";
}

double ArmFamily::kl(double x, double y) const {
  switch (kind_) {
    case Kind::Gaussian: return gaussian_kl(sigma_, x, y);
    case Kind::Bernoulli: return bernoulli_kl(x, y);
    case Kind::Poisson: return poisson_kl(x, y);
    case Kind::Exponential: return exponential_kl(x, y);
    case Kind::GaussianUnknownVariance: {
      const double diff = x - y;
      return 0.5 * std::log1p(diff * diff / (sigma_ * sigma_));
    }
  }
  return kInfinity;
}

double ArmFamily::kl_with_reverse(double x, double y, double& reverse) const {
  if (x == y || !(x > 0.0) || !(y > 0.0) || (kind_ == Kind::Bernoulli && !(x < 1.0 && y < 1.0)) ||
      (kind_ != Kind::Bernoulli && kind_ != Kind::Poisson)) {
    reverse = kl(y, x);  // (no shared logarithm: an end of the means, or another family)
    return kl(x, y);
  }
  const double diff = x - y;
  if (kind_ == Kind::Poisson) {
    // poisson_kl: x psi(z), z = y/x - 1; theta = log, log(y/x) = z - psi(z).
    const double z = y / x - 1.0, p = psi(z), value = x * p;
    reverse = std::max(0.0, (z - p) * -diff - value);
    return value;
  }
  // bernoulli_kl's two branches, keeping log(x/y) and log((1-x)/(1-y)); theta(y) - theta(x) =
  // log(y/x) - log((1-y)/(1-x)).
  const double u = diff / y, v = -diff / (1.0 - y);
  double value, log_x_y, log_1x_1y;
  if (std::abs(u) > 0.5 || std::abs(v) > 0.5) {
    log_x_y = std::log(x / y);
    log_1x_1y = std::log((1.0 - x) / (1.0 - y));
    value = x * log_x_y + (1.0 - x) * log_1x_1y;
  } else {
    const double pu = psi(u), pv = psi(v),
                 raw = diff * diff / (y * (1.0 - y)) - x * pu - (1.0 - x) * pv;
    value = raw > 0.0 ? raw : 0.0;
    log_x_y = u - pu;  // log1p(u) = u - psi(u)
    log_1x_1y = v - pv;
  }
  reverse = std::max(0.0, (log_1x_1y - log_x_y) * -diff - value);
  return value;
}

double ArmFamily::variance(double mean) const { return variance_function(kind_, sigma_, mean); }

double ArmFamily::bregman_generator(double x) const {
  const auto x_log_x = [](double v) { return v > 0.0 ? v * std::log(v) : 0.0; };
  switch (kind_) {
    case Kind::Gaussian: return x * x / (2.0 * sigma_ * sigma_);
    case Kind::Bernoulli: return x_log_x(x) + x_log_x(1.0 - x);
    case Kind::Poisson: return x_log_x(x) - x;
    case Kind::Exponential: return -std::log(x);
    case Kind::GaussianUnknownVariance: break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

double ArmFamily::bregman_generator_slope(double y) const {
  switch (kind_) {
    case Kind::Gaussian: return y / (sigma_ * sigma_);
    case Kind::Bernoulli: return std::log(y) - std::log1p(-y);
    case Kind::Poisson: return std::log(y);
    case Kind::Exponential: return -1.0 / y;
    case Kind::GaussianUnknownVariance: break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

double ArmFamily::kl_slope(double x, double y) const {
  if (kind_ == Kind::GaussianUnknownVariance) {
    const double diff = y - x;
    return diff / (sigma_ * sigma_ + diff * diff);
  }
  return (y - x) / variance(y);
}

double ArmFamily::glr(double count_a, double mean_a, double count_b, double mean_b) const {
  if (!(count_a > 0.0) || !(count_b > 0.0)) return 0.0;
  const double sign = mean_a >= mean_b ? 1.0 : -1.0;
  if (kind_ == Kind::Gaussian) {
    // N_a N_b / (N_a + N_b) (mu_a - mu_b)^2 / (2 sigma^2), the closed form of eq. (11).
    const double diff = mean_a - mean_b;
    return sign * count_a * count_b / (count_a + count_b) * diff * diff / (2.0 * sigma_ * sigma_);
  }
  if (kind_ == Kind::GaussianUnknownVariance) return pair_glr(*this, count_a, mean_a, *this, count_b, mean_b);
  const double mid = (count_a * mean_a + count_b * mean_b) / (count_a + count_b);
  return sign * (count_a * kl(mean_a, mid) + count_b * kl(mean_b, mid));
}

Transport pair_transport(const ArmFamily& family_a, double w_a, double x_a, const ArmFamily& family_b,
                         double w_b, double x_b) {
  if (!(x_a > x_b) || !(w_a > 0.0) || !(w_b > 0.0)) return {0.0, x_a};
  using Kind = ArmFamily::Kind;
  if (family_a.kind() == Kind::GaussianUnknownVariance)
    return unknown_variance_transport(w_a, x_a, family_a.sigma() * family_a.sigma(), w_b, x_b,
                                      family_b.sigma() * family_b.sigma());
  double point;
  if (family_a.kind() == Kind::Gaussian && family_a == family_b)
    return gaussian_pair_transport(family_a.sigma(), w_a, x_a, w_b, x_b);  // GK eq. (11), as glr()
  if (family_a.kind() == Kind::Gaussian) {
    // Precision-weighted mean of Gaussian arms with different sigmas.
    const double pa = w_a / family_a.variance(x_a), pb = w_b / family_b.variance(x_b);
    point = (pa * x_a + pb * x_b) / (pa + pb);
  } else {
    point = (w_a * x_a + w_b * x_b) / (w_a + w_b);
  }
  return {w_a * family_a.kl(x_a, point) + w_b * family_b.kl(x_b, point), point};
}

double pair_transport_lower_bound(const ArmFamily& family_a, double w_a, double x_a, const ArmFamily& family_b,
                                  double w_b, double x_b) {
  using Kind = ArmFamily::Kind;
  const Kind kind = family_a.kind();
  if (!(x_a > x_b) || !(w_a > 0.0) || !(w_b > 0.0) || !(family_a == family_b) ||
      (kind != Kind::Bernoulli && kind != Kind::Poisson && kind != Kind::Exponential))
    return 0.0;
  // pair_transport's point (one exponential family: the weighted mean), strictly between.
  const double point = (w_a * x_a + w_b * x_b) / (w_a + w_b);
  const double da = x_a - point, db = x_b - point;
  // The centroids p + (x - p)/3 (times 1/3 rather than over 3: any rounding of a centroid
  // moves V by far less than the relative 1e-9 below).
  constexpr double kThird = 1.0 / 3.0;
  const double sigma = family_a.sigma();
  const double va = variance_function(kind, sigma, point + da * kThird);
  const double vb = variance_function(kind, sigma, point + db * kThird);
  if (!(va > 0.0) || !(vb > 0.0)) return 0.0;
  // w_a da^2 / (2 va) + w_b db^2 / (2 vb) over one division.
  const double bound = (w_a * da * da * vb + w_b * db * db * va) / (2.0 * va * vb);
  // The computed divergences' error: relative ~1e-15, and for Poisson and Exponential arms
  // (psi of p/x - 1, x/p - 1, whose rounding is absolute) about 1e-16 w |x - p| (/ p for
  // Exponential) — a slack of 100 times that.
  const double per_point = kind == Kind::Exponential ? std::max(1.0, 1.0 / point) : 1.0;
  const double slack = 1e-14 * (w_a * std::abs(da) + w_b * std::abs(db)) * per_point;
  const double lowered = bound * (1.0 - 1e-9) - slack;
  return std::isfinite(lowered) && lowered > 0.0 ? lowered : 0.0;
}

double pair_glr(const ArmFamily& family_a, double count_a, double mean_a, const ArmFamily& family_b,
                double count_b, double mean_b) {
  if (!(count_a > 0.0) || !(count_b > 0.0)) return 0.0;
  if (family_a == family_b && family_a.exponential_family())
    return family_a.glr(count_a, mean_a, count_b, mean_b);
  if (mean_a >= mean_b) return pair_transport(family_a, count_a, mean_a, family_b, count_b, mean_b).cost;
  return -pair_transport(family_b, count_b, mean_b, family_a, count_a, mean_a).cost;
}

std::optional<ArmFamily> arm_family_of(const RewardModel& rewards, double noise_sigma) {
  switch (rewards.family) {
    case RewardFamily::Gaussian: return ArmFamily::gaussian(noise_sigma);
    case RewardFamily::Bernoulli: return ArmFamily::bernoulli();
    case RewardFamily::Poisson: return ArmFamily::poisson();
    case RewardFamily::Exponential: return ArmFamily::exponential();
    default: return std::nullopt;
  }
}

std::optional<ArmFamily> arm_family_of(const Problem& problem) {
  if (!problem.arm_sigmas.empty()) return std::nullopt;
  return arm_family_of(problem.rewards, problem.noise_sigma);
}

std::optional<std::vector<ArmFamily>> arm_families_of(const Problem& problem) {
  // One per arm, or per arm and objective for vector-valued arms.
  const std::size_t n = problem.num_arms * std::max<std::size_t>(problem.objectives, 1);
  if (problem.rewards.family == RewardFamily::GaussianUnknownVariance)
    return std::vector<ArmFamily>(n, ArmFamily::gaussian_unknown_variance(std::nan("")));
  if (problem.rewards.family == RewardFamily::Gaussian && !problem.arm_sigmas.empty()) {
    std::vector<ArmFamily> out;
    out.reserve(n);
    for (double s : problem.arm_sigmas) out.push_back(ArmFamily::gaussian(s));
    return out;
  }
  const auto common = arm_family_of(problem.rewards, problem.noise_sigma);
  if (!common) return std::nullopt;
  return std::vector<ArmFamily>(n, *common);
}

}  // namespace cpex::numerics
