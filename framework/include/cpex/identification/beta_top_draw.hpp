// Exact draws of the k largest of K independent Beta posteriors theta_a ~ Beta(1 + S_a,
// 1 + N_a - S_a) (Bernoulli arms under the uniform prior, posterior.hpp) at a cost that grows
// with the arms likely to be among them, not with K (top_draw.hpp: the thinning): T3C's and
// TTTS's Thompson leader at thousands of Bernoulli arms, which drew 2K gamma variates a round.
//
// The bound: P(theta > x) = P(Bin(N + 1, x) <= S) (the Beta-binomial identity, a = 1 + S,
// a + b - 1 = N + 1) <= exp(-(N + 1) kl(S / (N + 1), x)) for S / (N + 1) < x (Chernoff), kl
// the Bernoulli divergence. The arms are bucketed by n' = N + 1 (within a factor 2^(1/8), at or
// above the bucket's bound n_lo) and sorted by p' = S / (N + 1) descending, so that exp(-n_lo
// kl(p'_i, x)) bounds the tail of every arm at or after i. The exact tails are boost's
// regularized incomplete beta functions, the truncated draws their inverse.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "cpex/identification/top_draw.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class BetaTopDraw final : public TopDraw {
 public:
  // The arms' posteriors from their empirical means and counts (S = round(mean N), as
  // posterior_draw): O(K) comparisons, and a sorted insertion per arm whose (mean, count)
  // changed since the last refresh. Throws std::invalid_argument naming an arm with a count
  // below 1 or a mean outside [0, 1].
  void refresh(std::span<const double> means, std::span<const double> counts);
  // The k largest arms of a draw (1 <= k <= size(), std::invalid_argument otherwise), by value
  // descending.
  const std::vector<std::size_t>& draw_top(std::size_t k, RandomStream& rng) { return top(k, rng); }

 protected:
  int bucket_index(double n) const override;
  double bucket_bound(int index) const override;
  double exceedance_bound(double p, const Bucket& bucket, double lo, double hi) const override;
  double exceedance(std::size_t arm, double lo, double hi) const override;
  double draw_between(std::size_t arm, double lo, double hi, RandomStream& rng) const override;
  double first_step() const override;

 private:
  // P(theta_arm > x).
  double tail(std::size_t arm, double x) const;

  std::vector<double> means_, counts_;  // as refreshed
  std::vector<double> ones_;            // S_a
};

}  // namespace cpex::identification
