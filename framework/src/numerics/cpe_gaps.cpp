// Gaps and hardness of CPE-L instances through the oracle.
#include "cpex/numerics/cpe_gaps.hpp"

#include "cpex/numerics/constrained_maximization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cpex::numerics {

std::vector<double> cpe_gaps(const Oracle& oracle, std::span<const double> means) {
  const double inf = std::numeric_limits<double>::infinity();
  Decision best, other;
  oracle.optimal(means, best);
  const double top = oracle.value(means, best);
  const double big = forcing_weight(means);  // the constrained oracle's L
  std::vector<double> weights(means.begin(), means.end()), gaps(means.size(), inf);
  for (std::size_t e = 0; e < means.size(); ++e) {
    const bool member = std::binary_search(best.arms.begin(), best.arms.end(), e);
    weights[e] = member ? -big : big;
    oracle.maximize(weights, other);
    weights[e] = means[e];
    const bool has = std::binary_search(other.arms.begin(), other.arms.end(), e);
    if (has == member) continue;  // no decision avoids (contains) e
    gaps[e] = std::max(0.0, top - oracle.value(means, other));
  }
  return gaps;
}

double cpe_hardness(const std::vector<double>& gaps) {
  double h = 0.0;
  for (double g : gaps) {
    if (g == 0.0) return std::numeric_limits<double>::infinity();
    if (std::isfinite(g)) h += 1.0 / (g * g);
  }
  return h;
}

std::vector<double> top_k_gaps(std::span<const double> means, std::size_t k) {
  std::vector<std::size_t> order(means.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return means[a] > means[b]; });
  const double kth = means[order[k - 1]], next = means[order[k]];
  std::vector<double> gaps(means.size());
  for (std::size_t r = 0; r < order.size(); ++r)
    gaps[order[r]] = r < k ? means[order[r]] - next : kth - means[order[r]];
  return gaps;
}

}  // namespace cpex::numerics
