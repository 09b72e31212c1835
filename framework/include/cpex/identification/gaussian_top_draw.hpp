// Exact draws of the k largest of K independent Gaussians theta_a ~ N(m_a, s_a^2) at a cost
// that grows with the arms likely to be among them, not with K: the posterior samplers'
// argmax over the class of every k-subset at thousands of arms (issue 44; ts-explore and peps
// at K = 10^4 drew all K variates M times a round).
//
// A draw fixes the arms above a threshold t first: each arm exceeds t independently with
// probability p_a = Q((t - m_a)/s_a), and the set of those arms is drawn by thinning —
// the arms are kept in buckets of spreads within a factor 2^(1/8) (below s_hi), each sorted
// by mean descending, so that Q((t - m_i)/s_hi) bounds p_j for every arm j after position i;
// a geometric skip at that bound proposes the next candidate, accepted with p_j / bound —
// and draws the value of each arm above t from its normal truncated to (t, inf). When fewer
// than k arms exceed t, the arms left are known to be <= t and the next, lower threshold t'
// draws the arms in (t', t] from the conditional laws alike, until k arms are fixed; any other
// arm's value, when asked for, is drawn from its normal truncated to (-inf, t_last]. The joint
// law of (the top k, the values asked for) is exactly that of K independent draws; only the
// random numbers used differ (docs/algorithms/identification-oracle.md, "Posterior draws at
// thousands of arms"). t is the (k+2)-th largest value of the draw before (a function of
// earlier, independent draws), so about k + 2 arms exceed it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "cpex/random.hpp"

namespace cpex::identification {

class GaussianTopDraw {
 public:
  // Arms 0 .. arms - 1, every one to be set() before a draw (or assign()).
  void resize(std::size_t arms);
  std::size_t size() const { return mean_.size(); }
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
  // theta_arm of the last draw: drawn now, given what the draw fixed, if it was not yet.
  double value(std::size_t arm, RandomStream& rng);

 private:
  struct Entry {
    double mean;
    std::size_t arm;
  };
  struct Bucket {
    double spread_bound = 0.0;  // every arm's spread is below it, within a factor 2^(1/8)
    std::vector<Entry> entries;  // mean descending, then arm ascending
  };
  static bool before(const Entry& x, const Entry& y) {
    return x.mean > y.mean || (x.mean == y.mean && x.arm < y.arm);
  }

  void walk(const Bucket& bucket, double lo, double hi, RandomStream& rng);
  void fix(std::size_t arm, double value, double lo);

  std::vector<double> mean_, spread_;
  std::vector<int> bucket_of_;  // the index of the arm's bucket
  std::vector<bool> placed_;
  std::map<int, Bucket> buckets_;

  // The draw: arms whose value is fixed carry the draw's stamp.
  std::uint64_t draw_id_ = 0;
  std::vector<std::uint64_t> stamp_;
  std::vector<double> value_;
  std::vector<std::size_t> above_, below_;  // fixed arms above the current threshold, and at or below it
  double floor_ = 0.0;                      // every arm not fixed is <= floor_
  double scale_ = 1.0;                      // the draw's spread scale
  bool has_threshold_ = false;
  double threshold_ = 0.0;
  std::vector<std::size_t> top_;
};

}  // namespace cpex::identification
