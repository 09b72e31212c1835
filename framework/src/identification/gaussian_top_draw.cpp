// Exact draws of the k largest of independent Gaussians by thinning (gaussian_top_draw.hpp).
#include "cpex/identification/gaussian_top_draw.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "cpex/numerics/normal_distribution.hpp"

namespace cpex::identification {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Thresholds tried below the first before every arm not fixed is drawn outright.
constexpr int kLevels = 60;

// Buckets per factor 2 of the spreads: a bucket's spreads are within 2^(1/8) of each other,
// so the bound below, taken at the bucket's largest spread, is at most ~3x the tail of an arm
// near the top (z ~ 3.7); coarser buckets cost many rejected candidates, finer ones a skip each.
constexpr double kBucketsPerOctave = 8.0;

// An upper bound of Q(z), cheap: the Mills ratio phi(z)/z past z = 1, 1 before.
double tail_bound(double z) { return z > 1.0 ? numerics::normal_pdf(z) / z : 1.0; }

// A bound of P(theta_j in (lo, hi] | theta_j <= hi) for every arm j of a bucket after the one of
// mean m (means descending, spreads below s_hi): 1 when that arm's mean reaches lo (no bound:
// the arm is drawn), Q((lo - m)/s_hi) / (1 - Q((hi - m)/s_hi)) otherwise (each tail bounded
// above by tail_bound) — the numerator bounds P(theta_j > lo), the denominator P(theta_j <= hi)
// from below, both by monotonicity in the mean and the spread for a mean below lo.
double exceedance_bound(double m, double s_hi, double lo, double hi) {
  if (!(m < lo)) return 1.0;
  const double upper = tail_bound((lo - m) / s_hi);
  if (hi == kInfinity) return upper;
  return std::min(1.0, upper / (1.0 - std::min(0.5, tail_bound((hi - m) / s_hi))));
}

// The bucket of a spread s: index i with s < 2^((i + 1) / kBucketsPerOctave) =: its bound.
int bucket_index(double s) { return static_cast<int>(std::floor(kBucketsPerOctave * std::log2(s))); }
double bucket_bound(int index) {
  // A hair above the exact power so that rounding never leaves a spread at or above it.
  return std::exp2((index + 1) / kBucketsPerOctave) * (1.0 + 1e-12);
}

}  // namespace

void GaussianTopDraw::resize(std::size_t arms) {
  mean_.assign(arms, 0.0);
  spread_.assign(arms, 0.0);
  bucket_of_.assign(arms, 0);
  placed_.assign(arms, false);
  buckets_.clear();
  stamp_.assign(arms, 0);
  value_.assign(arms, 0.0);
  draw_id_ = 0;
  has_threshold_ = false;
}

void GaussianTopDraw::set(std::size_t arm, double mean, double spread) {
  if (placed_[arm] && mean_[arm] == mean && spread_[arm] == spread) return;
  if (placed_[arm]) {
    auto bucket = buckets_.find(bucket_of_[arm]);
    std::vector<Entry>& entries = bucket->second.entries;
    entries.erase(std::lower_bound(entries.begin(), entries.end(), Entry{mean_[arm], arm}, before));
    if (entries.empty()) buckets_.erase(bucket);
  }
  const int exponent = bucket_index(spread);
  Bucket& bucket = buckets_[exponent];
  bucket.spread_bound = bucket_bound(exponent);
  const Entry entry{mean, arm};
  bucket.entries.insert(std::lower_bound(bucket.entries.begin(), bucket.entries.end(), entry, before), entry);
  mean_[arm] = mean;
  spread_[arm] = spread;
  bucket_of_[arm] = exponent;
  placed_[arm] = true;
}

void GaussianTopDraw::assign(std::span<const double> means, std::span<const double> spreads) {
  // The same arms keep the threshold of their last draw (a function of earlier draws only).
  if (means.size() != size()) resize(means.size());
  buckets_.clear();
  for (std::size_t a = 0; a < mean_.size(); ++a) {
    const int exponent = bucket_index(spreads[a]);
    Bucket& bucket = buckets_[exponent];
    bucket.spread_bound = bucket_bound(exponent);
    bucket.entries.push_back({means[a], a});
    mean_[a] = means[a];
    spread_[a] = spreads[a];
    bucket_of_[a] = exponent;
    placed_[a] = true;
  }
  for (auto& [exponent, bucket] : buckets_) std::sort(bucket.entries.begin(), bucket.entries.end(), before);
}

void GaussianTopDraw::fix(std::size_t arm, double value, double lo) {
  stamp_[arm] = draw_id_;
  value_[arm] = value;
  (value > lo ? above_ : below_).push_back(arm);
}

// The arms of `bucket` not fixed yet whose values fall in (lo, hi], given that they are <= hi:
// a candidate every geometric skip at the bound of the position reached, accepted with its own
// probability over the bound.
void GaussianTopDraw::walk(const Bucket& bucket, double lo, double hi, RandomStream& rng) {
  const std::vector<Entry>& entries = bucket.entries;
  const std::size_t n = entries.size();
  std::size_t i = 0;
  while (i < n) {
    const Entry& at = entries[i];
    const double bound = exceedance_bound(at.mean, scale_ * bucket.spread_bound, lo, hi);
    if (bound >= 1.0) {
      // No bound below 1: the arm is drawn (given <= hi) and placed by its value.
      if (stamp_[at.arm] != draw_id_) {
        const double s = scale_ * spread_[at.arm];
        const double value = hi == kInfinity
                                 ? at.mean + s * rng.normal()
                                 : at.mean + s * numerics::truncated_normal_quantile(-kInfinity, (hi - at.mean) / s,
                                                                                     rng.uniform01());
        fix(at.arm, value, lo);
      }
      ++i;
      continue;
    }
    if (!(bound > 0.0)) return;
    // Failures before the first success at rate `bound`: floor(log U / log(1 - bound)).
    const double skip = std::floor(std::log1p(-rng.uniform01()) / std::log1p(-bound));
    if (!(skip < static_cast<double>(n - i))) return;
    i += static_cast<std::size_t>(skip);
    const Entry& candidate = entries[i];
    ++i;
    if (stamp_[candidate.arm] == draw_id_) continue;  // fixed: its value decides, not this proposal
    const double s = scale_ * spread_[candidate.arm];
    const double z_lo = (lo - candidate.mean) / s, z_hi = (hi - candidate.mean) / s;
    const double p = numerics::normal_interval_mass(z_lo, z_hi) / numerics::normal_interval_mass(-kInfinity, z_hi);
    if (rng.uniform01() * bound < p)
      fix(candidate.arm, candidate.mean + s * numerics::truncated_normal_quantile(z_lo, z_hi, rng.uniform01()), lo);
  }
}

const std::vector<std::size_t>& GaussianTopDraw::draw_top(std::size_t k, double scale, RandomStream& rng) {
  if (k == 0 || k > size() || buckets_.empty())
    throw std::invalid_argument("GaussianTopDraw: the " + std::to_string(k) + " largest of " + std::to_string(size()) +
                                " arms");
  ++draw_id_;
  scale_ = scale;
  above_.clear();
  below_.clear();
  if (!has_threshold_) {
    threshold_ = -kInfinity;
    for (const auto& [exponent, bucket] : buckets_) threshold_ = std::max(threshold_, bucket.entries.front().mean);
    has_threshold_ = true;
  }
  // The steps below the first threshold: the least bucket spread, doubled at each level.
  double step = scale * buckets_.begin()->second.spread_bound;
  double hi = kInfinity, lo = threshold_;
  for (int level = 0;; ++level) {
    for (const auto& [exponent, bucket] : buckets_) walk(bucket, lo, hi, rng);
    if (above_.size() >= k) break;
    hi = lo;
    lo = level < kLevels ? lo - step : -kInfinity;
    step *= 2.0;
    // The arms fixed at or below the old threshold that are above the new one.
    const auto rises = std::partition(below_.begin(), below_.end(), [&](std::size_t a) { return !(value_[a] > lo); });
    above_.insert(above_.end(), rises, below_.end());
    below_.erase(rises, below_.end());
  }
  floor_ = lo;
  const auto higher = [&](std::size_t x, std::size_t y) {
    return value_[x] > value_[y] || (value_[x] == value_[y] && x < y);
  };
  const std::size_t next = std::min(above_.size(), k + 2);
  std::partial_sort(above_.begin(), above_.begin() + static_cast<std::ptrdiff_t>(next), above_.end(), higher);
  top_.assign(above_.begin(), above_.begin() + static_cast<std::ptrdiff_t>(k));
  // The next draw's threshold: this draw's (k+2)-th largest value when known (about k + 2 arms
  // above it next time), else the last threshold tried.
  threshold_ = above_.size() >= k + 2 ? value_[above_[k + 1]] : lo;
  return top_;
}

double GaussianTopDraw::value(std::size_t arm, RandomStream& rng) {
  if (stamp_[arm] != draw_id_) {
    const double s = scale_ * spread_[arm];
    stamp_[arm] = draw_id_;
    value_[arm] = mean_[arm] + s * numerics::truncated_normal_quantile(-kInfinity, (floor_ - mean_[arm]) / s, rng.uniform01());
  }
  return value_[arm];
}

}  // namespace cpex::identification
