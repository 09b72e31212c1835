// Exact draws of the k largest of independent Beta posteriors by thinning (beta_top_draw.hpp).
#include "cpex/identification/beta_top_draw.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/beta.hpp>

#include "cpex/identification/posterior.hpp"
#include "cpex/numerics/exponential_family.hpp"

namespace cpex::identification {

namespace {

// Boost's incomplete beta in double precision throughout (its default promotes a double to long
// double: powl and expl were ~70% of a TTTS round at 10^4 Bernoulli arms).
using DoublePolicy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;


// exp(-n kl(p, x)) for p < x < 1: the Chernoff bound of P(Bin(n, x) <= p n).
double chernoff(double n, double p, double x) {
  return std::exp(-n * numerics::ArmFamily::bernoulli().kl(p, x));
}

}  // namespace

void BetaTopDraw::refresh(std::span<const double> means, std::span<const double> counts) {
  const std::size_t n = means.size();
  const bool rebuild = size() != n;
  if (rebuild) {
    resize_arms(n);
    means_.assign(n, std::numeric_limits<double>::quiet_NaN());
    counts_.assign(n, std::numeric_limits<double>::quiet_NaN());
    ones_.assign(n, 0.0);
  }
  for (std::size_t a = 0; a < n; ++a) {
    if (means[a] == means_[a] && counts[a] == counts_[a]) continue;
    if (!(counts[a] >= 1.0 && means[a] >= 0.0 && means[a] <= 1.0))
      throw std::invalid_argument("Beta posterior draw: arm " + std::to_string(a) + " has no posterior (count " +
                                  std::to_string(counts[a]) + ", mean " + std::to_string(means[a]) + ")");
    means_[a] = means[a];
    counts_[a] = counts[a];
    ones_[a] = std::round(means[a] * counts[a]);
    if (!rebuild) place(a, ones_[a] / (counts[a] + 1.0), counts[a] + 1.0);
  }
  if (rebuild) {
    std::vector<double> locations(n), keys(n);
    for (std::size_t a = 0; a < n; ++a) {
      locations[a] = ones_[a] / (counts_[a] + 1.0);
      keys[a] = counts_[a] + 1.0;
    }
    place_all(locations, keys);
  }
}

// The bucket of n': index i with 2^(i / kBucketsPerOctave) <= n' =: its bound.
int BetaTopDraw::bucket_index(double n) const { return static_cast<int>(std::floor(kBucketsPerOctave * std::log2(n))); }
double BetaTopDraw::bucket_bound(int index) const {
  // A hair below the exact power so that rounding never leaves an n' below it.
  return std::exp2(index / kBucketsPerOctave) * (1.0 - 1e-12);
}

// A bound of P(theta_j in (lo, hi] | theta_j <= hi) for every arm j of a bucket at or after the
// one of p' = p (p' descending, n' >= n_lo): 1 when p reaches lo; else the Chernoff bound at
// (n_lo, p) of P(theta_j > lo) over a lower bound of P(theta_j <= hi) (1 minus the bound at hi,
// at least 1/2) — both monotone in p' and n' for p' below lo.
double BetaTopDraw::exceedance_bound(double p, const Bucket& bucket, double lo, double hi) const {
  if (!(p < lo)) return 1.0;
  if (lo >= 1.0) return 0.0;
  const double upper = chernoff(bucket.bound, p, lo);
  if (!(hi < 1.0)) return upper;
  return std::min(1.0, upper / (1.0 - std::min(0.5, chernoff(bucket.bound, p, hi))));
}

double BetaTopDraw::tail(std::size_t arm, double x) const {
  if (!(x > 0.0)) return 1.0;
  if (!(x < 1.0)) return 0.0;
  return boost::math::ibetac(1.0 + ones_[arm], 1.0 + counts_[arm] - ones_[arm], x, DoublePolicy());
}

double BetaTopDraw::exceedance(std::size_t arm, double lo, double hi) const {
  const double below_hi = hi < 1.0 ? boost::math::ibeta(1.0 + ones_[arm], 1.0 + counts_[arm] - ones_[arm], hi, DoublePolicy()) : 1.0;
  return (tail(arm, lo) - tail(arm, hi)) / below_hi;
}

// Inversion of the upper tail: q uniform between the tails at hi and lo, theta = the point of
// upper tail q (accurate in the upper tail, where the top lies), kept inside (lo, hi].
double BetaTopDraw::draw_between(std::size_t arm, double lo, double hi, RandomStream& rng) const {
  if (!(lo > 0.0) && !(hi < 1.0)) return posterior_draw(numerics::ArmFamily::bernoulli(), means_[arm], counts_[arm], rng);
  const double a = 1.0 + ones_[arm], b = 1.0 + counts_[arm] - ones_[arm];
  const double q_hi = tail(arm, hi), q_lo = tail(arm, lo);
  const double q = q_hi + rng.uniform01() * (q_lo - q_hi);
  double theta = q <= 0.0 ? 1.0 : q >= 1.0 ? 0.0 : boost::math::ibetac_inv(a, b, q, DoublePolicy());
  const double floor = std::max(lo, 0.0), ceiling = std::min(hi, 1.0);
  if (!(theta > floor)) theta = std::min(ceiling, std::nextafter(floor, kInfinity));
  return std::min(theta, ceiling);
}

// The steps below the first threshold: the posterior spread of the most-sampled bucket,
// at most 1 / (2 sqrt(n')).
double BetaTopDraw::first_step() const { return 0.5 / std::sqrt(buckets_.rbegin()->second.bound); }

}  // namespace cpex::identification
