// Exact draws of the k largest of K independent Gaussians theta_a ~ N(m_a, s_a^2) at a cost
// that grows with the arms likely to be among them, not with K (top_draw.hpp: the thinning):
// the posterior samplers' argmax over the class of every k-subset at thousands of arms (issue
// 44; ts-explore and peps at K = 10^4 drew all K variates M times a round). The arms are
// bucketed by spread (within a factor 2^(1/8), below the bucket's bound s_hi) and sorted by
// mean, so that Q((t - m_i)/s_hi) bounds p_j = Q((t - m_j)/s_j) for every arm j at or after i.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "cpex/identification/top_draw.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class GaussianTopDraw final : public TopDraw {
 public:
  // Arms 0 .. arms - 1, every one to be set() before a draw (or assign()).
  void resize(std::size_t arms);
  // Arm `arm`'s law N(mean, spread^2); spread > 0 and finite, mean finite. O(arms of its
  // bucket) (a sorted insertion).
  void set(std::size_t arm, double mean, double spread);
  // Every arm's law at once (the arms are resized to as many; the same number keeps the
  // threshold of the last draw): O(K log K).
  void assign(std::span<const double> means, std::span<const double> spreads);

  // Draws theta, theta_a ~ N(m_a, (scale s_a)^2) (scale > 0: a common inflation of the
  // spreads), and returns its k largest arms (1 <= k <= size(), std::invalid_argument
  // otherwise), by value descending.
  const std::vector<std::size_t>& draw_top(std::size_t k, double scale, RandomStream& rng);

 protected:
  int bucket_index(double spread) const override;
  double bucket_bound(int index) const override;
  double exceedance_bound(double mean, const Bucket& bucket, double lo, double hi) const override;
  double exceedance(std::size_t arm, double lo, double hi) const override;
  double draw_between(std::size_t arm, double lo, double hi, RandomStream& rng) const override;
  double first_step() const override;

 private:
  std::vector<double> spread_;
  double scale_ = 1.0;  // the draw's spread scale
};

}  // namespace cpex::identification
