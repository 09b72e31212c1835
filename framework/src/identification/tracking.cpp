// Forced exploration, D- and C-Tracking (tracking.hpp; the projection onto the floor: floor_projection.cpp).
#include "cpex/identification/tracking.hpp"

#include "cpex/numerics/vector_passes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cpex::identification {

std::size_t CumulativeTracking::track(std::span<const double> w, double eps,
                                      std::span<const double> counts, bool same_weights) {
  std::span<const double> add = w;
  double scale = 1.0;  // add / scale is the projection (FloorProjection::project_unscaled)
  if (eps > 0.0) {
    scale = projection_.project_unscaled(w, eps, projected_, same_weights);
    add = projected_;
  }
  // The projection's division folded into this pass (the same bits as dividing first), on
  // vectors of arms (numerics/vector_passes.hpp: the scalar loop's values and arm).
  return numerics::deficit_argmax(sum_.data(), add.data(), scale, counts.data(), sum_.size());
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
  // The first arm of the least count below the floor: the first of the least count of all
  // arms when that count is below the floor (counts are finite), else none. One vector pass.
  const std::size_t k = counts.size();
  const double floor = forced_exploration_floor(rule, k, t);
  const std::size_t least = numerics::first_least(counts.data(), k);
  return least < k && counts[least] < floor ? least : k;
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
