// Per-arm sample counts and reward sums, and the initial pass that samples every arm once,
// shared by the algorithms on per-arm feedback (Best-K, CPE-L, the GLR samplers). One record per arm (sum, mean, count together: one
// cache line per arm touched); the mean is kept, sum / count, as of the last sample.
#pragma once

#include <cstdint>
#include <vector>

namespace cpex {

class ArmStatistics {
 public:
  void reset(std::size_t arms) {
    arm_.assign(arms, Arm{});
    total_ = 0;
    next_initial_ = 0;
    unseen_ = arms;
  }

  // The next arm of the initial pass (arms 0..N-1 in order); false once all were proposed.
  bool initial_arm(std::size_t& arm) {
    if (next_initial_ == arm_.size()) return false;
    arm = next_initial_++;
    return true;
  }

  // Record a reward; returns true when this sample completes the initial pass.
  bool add(std::size_t arm, double reward) {
    Arm& a = arm_[arm];
    a.sum += reward;
    ++total_;
    const bool first = a.count++ == 0;
    a.mean = a.sum / static_cast<double>(a.count);
    return first && --unseen_ == 0;
  }

  bool all_seen() const { return unseen_ == 0; }
  std::size_t arms() const { return arm_.size(); }
  std::uint64_t count(std::size_t arm) const { return arm_[arm].count; }
  std::uint64_t total() const { return total_; }
  // The empirical mean; meaningless (0) before the arm's first sample.
  double mean(std::size_t arm) const { return arm_[arm].mean; }

  // Empirical means, with `unseen` for arms not sampled yet.
  std::vector<double> means(double unseen) const {
    std::vector<double> out(arm_.size(), unseen);
    for (std::size_t i = 0; i < arm_.size(); ++i)
      if (arm_[i].count > 0) out[i] = arm_[i].mean;
    return out;
  }

 private:
  struct Arm {
    double sum = 0.0, mean = 0.0;
    std::uint64_t count = 0;
  };
  std::vector<Arm> arm_;
  std::uint64_t total_ = 0;
  std::size_t next_initial_ = 0;
  std::size_t unseen_ = 0;
};

}  // namespace cpex
