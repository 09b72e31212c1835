// Exact draws of the k largest of K independent real variates theta_a at a cost that grows
// with the arms likely to be among them, not with K: the skeleton shared by the Gaussian
// (gaussian_top_draw.hpp) and Beta (beta_top_draw.hpp) posteriors of the samplers that read only
// the top of a posterior draw (issue 44: ts-explore, peps, T3C and TTTS at thousands of arms).
//
// A draw fixes the arms above a threshold t first: each arm exceeds t independently with
// probability p_a = P(theta_a > t), and the set of those arms is drawn by thinning — the arms
// are kept in buckets (of spreads within a factor 2^(1/8) for Gaussians, of counts alike for
// Betas), each sorted by a location (the mean) descending, so that the law gives, at the arm
// at position i, a bound of p_j for every arm j at or after i; a geometric skip at that bound
// proposes the next candidate, accepted with p_j / bound — and draws the value of each arm
// above t from its law truncated to (t, inf). When fewer than k arms exceed t, the arms left
// are known to be <= t and the next, lower threshold t' draws the arms in (t', t] from the
// conditional laws alike, until k arms are fixed; any other arm's value, when asked for, is
// drawn from its law truncated to (-inf, t_last]. The joint law of (the top k, the values asked
// for) is exactly that of K independent draws; only the random numbers used differ
// (docs/algorithms/identification-oracle.md, "Posterior draws at thousands of arms"). t is the
// (k+2)-th largest value of the draw before (a function of earlier, independent draws), so
// about k + 2 arms exceed it.
//
// A law derives from TopDraw and says how its arms are bucketed, bounded and drawn.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <vector>

#include "cpex/random.hpp"

namespace cpex::identification {

// An arm in its bucket: its location (the law's mean) and index.
struct TopDrawEntry {
  double location;
  std::size_t arm;
};

class TopDraw {
 public:
  virtual ~TopDraw() = default;

  std::size_t size() const { return location_.size(); }
  // theta_arm of the last draw: drawn now, given what the draw fixed, if it was not yet.
  double value(std::size_t arm, RandomStream& rng);

 protected:
  using Entry = TopDrawEntry;
  static constexpr double kInfinity = std::numeric_limits<double>::infinity();
  // Buckets per factor 2 of the laws' bucket keys (spreads, counts): within 2^(1/8) of each
  // other, so that the bound at the bucket's end is at most ~3x an arm's own tail near the top
  // (z ~ 3.7 for Gaussians); coarser buckets cost many rejected candidates, finer ones a skip each.
  static constexpr double kBucketsPerOctave = 8.0;
  struct Bucket {
    double bound = 0.0;          // the law's bound of the bucket (bucket_bound of its index)
    std::vector<Entry> entries;  // location descending, then arm ascending
  };

  // Arms 0 .. arms - 1, every one to be placed before a draw.
  void resize_arms(std::size_t arms);
  // Arm `arm` at `location` in the bucket of `key`: O(arms of its bucket) (a sorted insertion).
  void place(std::size_t arm, double location, double key);
  // Every arm at once (locations and keys of size(): the same number of arms keeps the
  // threshold of the last draw): O(K log K).
  void place_all(std::span<const double> locations, std::span<const double> keys);
  // The k largest arms of a draw, by value descending (std::invalid_argument for k outside
  // [1, size()]).
  const std::vector<std::size_t>& top(std::size_t k, RandomStream& rng);
  double location(std::size_t arm) const { return location_[arm]; }

  // The law. Buckets: the bucket index of a key, and the bucket's bound.
  virtual int bucket_index(double key) const = 0;
  virtual double bucket_bound(int index) const = 0;
  // A bound of P(theta_j in (lo, hi] | theta_j <= hi) for every arm j of `bucket` at or after
  // an arm at `location` (>= 1: none, each arm is drawn); hi may be +inf.
  virtual double exceedance_bound(double location, const Bucket& bucket, double lo, double hi) const = 0;
  // P(theta_arm in (lo, hi] | theta_arm <= hi), exactly.
  virtual double exceedance(std::size_t arm, double lo, double hi) const = 0;
  // theta_arm drawn given theta_arm in (lo, hi] (lo may be -inf, hi +inf).
  virtual double draw_between(std::size_t arm, double lo, double hi, RandomStream& rng) const = 0;
  // The first threshold's step down when fewer than k exceed it (doubled at each level after).
  virtual double first_step() const = 0;

 private:
  void walk(const Bucket& bucket, double lo, double hi, RandomStream& rng);
  void fix(std::size_t arm, double value, double lo);

  std::vector<double> location_;
  std::vector<int> bucket_of_;  // the index of the arm's bucket
  std::vector<bool> placed_;

 protected:
  std::map<int, Bucket> buckets_;

 private:
  // The draw: arms whose value is fixed carry the draw's stamp.
  std::uint64_t draw_id_ = 0;
  std::vector<std::uint64_t> stamp_;
  std::vector<double> value_;
  std::vector<std::size_t> above_, below_;  // fixed arms above the current threshold, and at or below it
  double floor_ = 0.0;                      // every arm not fixed is <= floor_
  bool has_threshold_ = false;
  double threshold_ = 0.0;
  std::vector<std::size_t> top_;
};

}  // namespace cpex::identification
