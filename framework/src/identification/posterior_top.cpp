// The top of a posterior draw (posterior_top.hpp).
#include "cpex/identification/posterior_top.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "cpex/identification/posterior.hpp"

namespace cpex::identification {

void PosteriorTop::refresh(std::span<const double> means, std::span<const double> counts,
                           std::span<const numerics::ArmFamily> families) {
  const std::size_t n = means.size();
  // New arms or families: every spread again and the buckets sorted once; else the arms that
  // changed move in their buckets.
  const bool rebuild = draw_.size() != n || !std::equal(families.begin(), families.end(), families_.begin(), families_.end());
  if (rebuild) {
    families_.assign(families.begin(), families.end());
    spread_.assign(n, 0.0);
    means_.assign(n, std::numeric_limits<double>::quiet_NaN());
    counts_.assign(n, std::numeric_limits<double>::quiet_NaN());
  }
  for (std::size_t a = 0; a < n; ++a) {
    if (means[a] == means_[a] && counts[a] == counts_[a]) continue;
    const double spread = std::sqrt(posterior_variance(families[a], means[a], counts[a]) / counts[a]);
    if (!(spread > 0.0 && std::isfinite(spread) && std::isfinite(means[a])))
      throw std::invalid_argument("posterior draw: arm " + std::to_string(a) + " has no finite posterior");
    spread_[a] = spread;
    means_[a] = means[a];
    counts_[a] = counts[a];
    if (!rebuild) draw_.set(a, means[a], spread);
  }
  if (rebuild) draw_.assign(means, spread_);
}

}  // namespace cpex::identification
