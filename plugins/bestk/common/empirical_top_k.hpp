// The arm statistics and the set of the k best empirical means, kept up to date sample by
// sample (a TopKPartition once every arm has a sample; O(log N) per sample), with the
// answer "the k best means so far" at any time (unseen arms last during the first pass),
// and the pulls of LUCB-style rounds: the first pass, then two arms a round. Used by
// kl-lucb and at-lucb.
#pragma once

#include <limits>
#include <vector>

#include "cpex/arm_statistics.hpp"
#include "cpex/numerics/top_k_partition.hpp"

namespace cpex::bestk {

class EmpiricalTopK {
 public:
  void reset(std::size_t arms, std::size_t k) {
    stats_.reset(arms);
    partition_ = numerics::TopKPartition(arms, k);
    k_ = k;
    built_ = false;
    queued_ = false;
  }

  // The next pull that needs no new round: an arm of the first pass (every arm once, in
  // index order), or the second arm of the current round; false when a round is due.
  bool pending_pull(std::size_t& arm) {
    if (stats_.initial_arm(arm)) return true;
    if (!queued_) return false;
    queued_ = false;
    arm = second_;
    return true;
  }
  // A round that samples `first` now (written to `arm`) and `second` at the next call.
  void pull_pair(std::size_t first, std::size_t second, std::size_t& arm) {
    arm = first;
    second_ = second;
    queued_ = true;
  }

  // Records a reward; returns true when it completes the first pass (the partition is then
  // built). on_change(a) is called for every arm that moved between the k best and the
  // rest on this sample.
  template <typename OnChange>
  bool add(std::size_t arm, double reward, OnChange&& on_change) {
    if (stats_.add(arm, reward)) {
      partition_.reset(stats_.means(0.0));
      built_ = true;
      return true;
    }
    if (built_) partition_.update(arm, stats_.mean(arm), on_change);
    return false;
  }
  bool add(std::size_t arm, double reward) {
    return add(arm, reward, [](std::size_t) {});
  }

  const ArmStatistics& stats() const { return stats_; }
  // Whether `arm` is among the k best means (meaningful once every arm has a sample).
  bool in_top(std::size_t arm) const { return partition_.in_top(arm); }

  // The k best empirical means (sorted arm indices; ties to the smaller index).
  std::vector<std::size_t> top() const {
    if (built_) return partition_.top();
    numerics::TopKPartition ranking(stats_.arms(), k_);
    ranking.reset(stats_.means(-std::numeric_limits<double>::infinity()));
    return ranking.top();
  }

 private:
  ArmStatistics stats_;
  numerics::TopKPartition partition_;
  std::size_t k_ = 1, second_ = 0;
  bool built_ = false, queued_ = false;
};

}  // namespace cpex::bestk
