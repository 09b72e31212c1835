// The arm of largest KL upper index U_a = kl_upper_bound(family, mu_a, N_a, level) (the smallest
// index among ties) without computing every arm's index: TTUCB's leader for the best arm of many
// arms of one family (plugins/identification/top_two.cpp), whose K indices a round were its cost
// (Newton's method: ~45 ns an arm, 460 us a round at 10^4 Bernoulli arms).
//
// The arms are grouped by count and, in a group, ordered by mean descending then index: for one
// count the exact index grows with the mean, and kl_upper_bound is within 1e-12 max(1, |U|) above
// it, so in a group an index computed at mean m bounds every lower mean's computed index by
// itself plus that tolerance — a group is walked down its distinct means only while they can
// still reach the best index found. A group is skipped outright when the family's cap of its
// largest mean (Pinsker's for Bernoulli arms: d(x, q) >= 2 (q - x)^2, so U <= min(1, mu + sqrt(
// level / (2N))); Gaussian: the closed form itself) is below the best. Arms of equal mean and count
// have equal indices (the same computation), so each distinct mean's smallest index stands for
// them. The result is exactly the full scan's argmax of the same computed indices.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::identification {

class KlIndexArgmax {
 public:
  // From this many arms TTUCB's leader uses it: below, Newton's method on every arm from its
  // index of the round before costs less than the groups' bisections (K = 100 Bernoulli arms:
  // 6.8 us a round against 23 us; K = 1,000: 63 against 20 us; docs/performance.md).
  static constexpr std::size_t kFromArms = 256;

  // Arms 0 .. arms - 1, none placed.
  void reset(std::size_t arms);
  std::size_t size() const { return mean_.size(); }
  // Arm `arm`'s statistics (count > 0): O(log K).
  void set(std::size_t arm, double mean, double count);
  // argmax_a kl_upper_bound(family, mu_a, N_a, level), the smallest index among ties; every arm
  // placed. The family is every arm's.
  std::size_t argmax(const numerics::ArmFamily& family, double level) const;
  // The indices computed by the last argmax() (for tests and benchmarks).
  std::size_t computed() const { return computed_; }

 private:
  using Entry = std::pair<double, std::size_t>;  // (-mean, arm): mean descending, then index
  std::map<double, std::set<Entry>> groups_;     // by count
  std::vector<double> mean_, count_;
  std::vector<bool> placed_;
  mutable std::size_t computed_ = 0;
};

}  // namespace cpex::identification
