// Exact draws of the k largest of independent Gaussians by thinning (gaussian_top_draw.hpp).
#include "cpex/identification/gaussian_top_draw.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/numerics/normal_distribution.hpp"

namespace cpex::identification {

namespace {



// An upper bound of Q(z), cheap: the Mills ratio phi(z)/z past z = 1, 1 before.
double tail_bound(double z) { return z > 1.0 ? numerics::normal_pdf(z) / z : 1.0; }

}  // namespace

void GaussianTopDraw::resize(std::size_t arms) {
  resize_arms(arms);
  spread_.assign(arms, 0.0);
}

void GaussianTopDraw::set(std::size_t arm, double mean, double spread) {
  if (location(arm) == mean && spread_[arm] == spread && spread > 0.0) return;
  spread_[arm] = spread;
  place(arm, mean, spread);
}

void GaussianTopDraw::assign(std::span<const double> means, std::span<const double> spreads) {
  // The same arms keep the threshold of their last draw (a function of earlier draws only).
  if (means.size() != size()) resize(means.size());
  spread_.assign(spreads.begin(), spreads.end());
  place_all(means, spreads);
}

// The bucket of a spread s: index i with s < 2^((i + 1) / kBucketsPerOctave) =: its bound.
int GaussianTopDraw::bucket_index(double s) const {
  return static_cast<int>(std::floor(kBucketsPerOctave * std::log2(s)));
}
double GaussianTopDraw::bucket_bound(int index) const {
  // A hair above the exact power so that rounding never leaves a spread at or above it.
  return std::exp2((index + 1) / kBucketsPerOctave) * (1.0 + 1e-12);
}

// A bound of P(theta_j in (lo, hi] | theta_j <= hi) for every arm j of a bucket after the one of
// mean m (means descending, spreads below s_hi = scale times the bucket's bound): 1 when that
// arm's mean reaches lo (no bound: the arm is drawn), Q((lo - m)/s_hi) / (1 - Q((hi - m)/s_hi))
// otherwise (each tail bounded above by tail_bound) — the numerator bounds P(theta_j > lo), the
// denominator P(theta_j <= hi) from below, both by monotonicity in the mean and the spread for
// a mean below lo.
double GaussianTopDraw::exceedance_bound(double m, const Bucket& bucket, double lo, double hi) const {
  if (!(m < lo)) return 1.0;
  const double s_hi = scale_ * bucket.bound;
  const double upper = tail_bound((lo - m) / s_hi);
  if (hi == kInfinity) return upper;
  return std::min(1.0, upper / (1.0 - std::min(0.5, tail_bound((hi - m) / s_hi))));
}

double GaussianTopDraw::exceedance(std::size_t arm, double lo, double hi) const {
  const double m = location(arm), s = scale_ * spread_[arm];
  const double z_hi = (hi - m) / s;
  return numerics::normal_interval_mass((lo - m) / s, z_hi) / numerics::normal_interval_mass(-kInfinity, z_hi);
}

double GaussianTopDraw::draw_between(std::size_t arm, double lo, double hi, RandomStream& rng) const {
  const double m = location(arm), s = scale_ * spread_[arm];
  if (lo == -kInfinity && hi == kInfinity) return m + s * rng.normal();
  return m + s * numerics::truncated_normal_quantile((lo - m) / s, (hi - m) / s, rng.uniform01());
}

// The steps below the first threshold: the least bucket spread (doubled at each level).
double GaussianTopDraw::first_step() const { return scale_ * buckets_.begin()->second.bound; }

const std::vector<std::size_t>& GaussianTopDraw::draw_top(std::size_t k, double scale, RandomStream& rng) {
  scale_ = scale;
  return top(k, rng);
}

}  // namespace cpex::identification
