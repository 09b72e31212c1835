// Forced exploration, D- and C-Tracking, and the projection of weights onto a floor (tracking.hpp).
#include "cpex/identification/tracking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cpex::identification {

void project_onto_floor(std::span<const double> w, double eps, std::vector<double>& out) {
  const std::size_t k = w.size();
  out.resize(k);
  double lo = 0.0, hi = 1.0;  // eta = 1 gives sum k eps <= 1/2 < 1
  auto total = [&](double eta) {
    double sum = 0.0;
    for (double v : w) sum += std::max(v - eta, eps);
    return sum;
  };
  if (total(0.0) <= 1.0) {
    for (std::size_t a = 0; a < k; ++a) out[a] = std::max(w[a], eps);
    return;
  }
  // total(eta) is piecewise linear and decreasing: bisect to machine precision.
  for (int step = 0; step < 100 && hi - lo > 1e-17; ++step) {
    const double mid = 0.5 * (lo + hi);
    (total(mid) > 1.0 ? lo : hi) = mid;
  }
  double sum = 0.0;
  for (std::size_t a = 0; a < k; ++a) sum += out[a] = std::max(w[a] - hi, eps);
  for (double& v : out) v /= sum;
}

std::size_t CumulativeTracking::track(std::span<const double> w, double eps, std::span<const double> counts) {
  std::span<const double> add = w;
  if (eps > 0.0) {
    project_onto_floor(w, eps, projected_);
    add = projected_;
  }
  std::size_t arm = 0;
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < sum_.size(); ++a) {
    sum_[a] += add[a];
    const double deficit = sum_[a] - counts[a];
    if (deficit > best) {
      best = deficit;
      arm = a;
    }
  }
  return arm;
}

bool is_perfect_square(std::uint64_t n) {
  auto root = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  while (root * root > n) --root;
  while ((root + 1) * (root + 1) <= n) ++root;
  return root * root == n;
}

double forced_exploration_floor(ForcedExploration rule, std::size_t arms, std::uint64_t t) {
  const double k = static_cast<double>(arms), root_t = std::sqrt(static_cast<double>(t));
  return rule == ForcedExploration::SqrtT ? root_t - 0.5 * k : root_t * k_aware_scale(arms);
}

double k_aware_scale(std::size_t arms) {
  return std::min(1.0, kKAwareForcing / std::sqrt(static_cast<double>(arms)));
}

double c_tracking_floor(std::size_t arms, std::uint64_t t, ForcedExploration rule) {
  const double k = static_cast<double>(arms);
  const double eps = 0.5 / std::sqrt(k * k + static_cast<double>(t));
  return rule == ForcedExploration::KAware ? eps * k_aware_scale(arms) : eps;
}

std::size_t forced_exploration_arm(std::span<const double> counts, std::uint64_t t, ForcedExploration rule) {
  const std::size_t k = counts.size();
  const double floor = forced_exploration_floor(rule, k, t);
  std::size_t starved = k;
  for (std::size_t a = 0; a < k; ++a)
    if (counts[a] < floor && (starved == k || counts[a] < counts[starved])) starved = a;
  return starved;
}

std::size_t d_tracking(std::span<const double> w, std::span<const double> counts, std::uint64_t t,
                       ForcedExploration rule) {
  const std::size_t forced = forced_exploration_arm(counts, t, rule);
  if (forced < counts.size()) return forced;
  return direct_tracking(w, counts, t);
}

std::size_t direct_tracking(std::span<const double> w, std::span<const double> counts, std::uint64_t t) {
  std::size_t arm = 0;
  double best = -std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < counts.size(); ++a) {
    const double deficit = static_cast<double>(t) * w[a] - counts[a];
    if (deficit > best) {
      best = deficit;
      arm = a;
    }
  }
  return arm;
}

}  // namespace cpex::identification
