// Per-arm sample counts and reward sums, and the initial pass that samples every arm once,
// shared by the Best-K algorithms.
#pragma once

#include <cstdint>
#include <vector>

namespace cpex::bestk {

class ArmStatistics {
 public:
  void reset(std::size_t arms) {
    sum_.assign(arms, 0.0);
    count_.assign(arms, 0);
    total_ = 0;
    next_initial_ = 0;
    unseen_ = arms;
  }

  // The next arm of the initial pass (arms 0..N-1 in order); false once all were proposed.
  bool initial_arm(std::size_t& arm) {
    if (next_initial_ == sum_.size()) return false;
    arm = next_initial_++;
    return true;
  }

  // Record a reward; returns true when this sample completes the initial pass.
  bool add(std::size_t arm, double reward) {
    sum_[arm] += reward;
    ++total_;
    return count_[arm]++ == 0 && --unseen_ == 0;
  }

  bool all_seen() const { return unseen_ == 0; }
  std::size_t arms() const { return sum_.size(); }
  std::uint64_t count(std::size_t arm) const { return count_[arm]; }
  std::uint64_t total() const { return total_; }
  double mean(std::size_t arm) const { return sum_[arm] / static_cast<double>(count_[arm]); }

  // Empirical means, with `unseen` for arms not sampled yet.
  std::vector<double> means(double unseen) const {
    std::vector<double> out(sum_.size(), unseen);
    for (std::size_t i = 0; i < sum_.size(); ++i)
      if (count_[i] > 0) out[i] = mean(i);
    return out;
  }

 private:
  std::vector<double> sum_;
  std::vector<std::uint64_t> count_;
  std::uint64_t total_ = 0;
  std::size_t next_initial_ = 0;
  std::size_t unseen_ = 0;
};

}  // namespace cpex::bestk
