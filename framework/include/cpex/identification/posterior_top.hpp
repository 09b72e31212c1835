// The k largest values of one posterior draw of the arms' means, N(mu_a, c V_a / N_a), without
// drawing every arm (GaussianTopDraw): for the samplers whose round reads only the top of a
// posterior draw over the class of every k-subset — ts-explore's and peps' competitors
// (PosteriorCompetitor, V_a the Gaussian stand-in's variance) and the Thompson-sampling leader
// of top-two on Gaussian arms (V_a = sigma_a^2, c = 1: the exact posterior of posterior.hpp).
// The law of the values read is exactly that of a draw of every arm; the random numbers used
// are not (docs/algorithms/identification-oracle.md, "Posterior draws at thousands of arms").
#pragma once

#include <cmath>
#include <span>
#include <vector>

#include "cpex/identification/gaussian_top_draw.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class PosteriorTop {
 public:
  // From this many arms on the samplers draw the top only: below it, K normal variates a draw
  // cost less than the thinning's walk over its buckets (docs/performance.md, "Posterior draws
  // of the top-k only").
  static constexpr std::size_t kFromArms = 256;

  // The arms' posterior for the draws that follow: O(K) comparisons, and work for the arms
  // whose (mean, count) changed since the last refresh only (every arm when the families did).
  // Throws std::invalid_argument naming an arm without a finite posterior (a count of 0).
  void refresh(std::span<const double> means, std::span<const double> counts,
               std::span<const numerics::ArmFamily> families);
  // The k largest arms of a draw at inflation c (> 0), by value descending.
  const std::vector<std::size_t>& draw_top(std::size_t k, double inflation, RandomStream& rng) {
    return draw_.draw_top(k, std::sqrt(inflation), rng);
  }
  // theta_arm of the last draw (drawn now, given what the draw fixed, if it was not yet).
  double value(std::size_t arm, RandomStream& rng) { return draw_.value(arm, rng); }

 private:
  GaussianTopDraw draw_;
  // sqrt(V_a / N_a) per arm with the (family, mean, count) it was computed for.
  std::vector<double> spread_, means_, counts_;
  std::vector<numerics::ArmFamily> families_;
};

}  // namespace cpex::identification
