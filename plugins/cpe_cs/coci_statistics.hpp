// The statistics of COCI (seed 003 Alg. 1): each arm's unbiased estimate of its key
// parameter (mean, tau = 1, or variance, tau = 2), the confidence radius
// rad_i,t = sqrt(ln(4 t^3 / (tau delta)) / (2 T_i,t)), and the box Theta_t of parameter
// vectors within the radii, clamped to [0, 1]. Header-only so the unit tests check it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>

#include "cpex/numerics/confidence.hpp"

namespace cpex::cpe_cs {

// Running estimate of one arm (Welford's update: the same unbiased estimators as the
// paper's sum formulas, without their cancellation).
class ArmEstimate {
 public:
  void add(double x) {
    ++count_;
    const double d = x - mean_;
    mean_ += d / static_cast<double>(count_);
    m2_ += d * (x - mean_);
  }
  std::uint64_t count() const { return count_; }
  double mean() const { return mean_; }
  // (1 / (s - 1)) (sum x^2 - (sum x)^2 / s); needs s >= 2 (0 before).
  double variance() const { return count_ >= 2 ? m2_ / static_cast<double>(count_ - 1) : 0.0; }
  // Est_i for tau = 1 (mean) or tau = 2 (variance).
  double estimate(int tau) const { return tau == 1 ? mean() : variance(); }

 private:
  std::uint64_t count_ = 0;
  double mean_ = 0.0, m2_ = 0.0;
};

// rad_{i,t} of Alg. 1 for an arm pulled `pulls` times after `rounds` = t samples in all:
// the shared LUCB1 radius with sigma = 1/2 (rewards in [0, 1]) and COCI's exploration term.
inline double coci_radius(std::uint64_t pulls, std::uint64_t rounds, int tau, double delta) {
  return numerics::lucb1_radius(static_cast<double>(pulls), numerics::coci_log_term(rounds, tau, delta), 0.5);
}

// The confidence box: lower_i = max(0, est_i - rad_i), upper_i = min(1, est_i + rad_i).
inline void coci_box(std::span<const double> estimate, std::span<const double> radius,
                     std::span<double> lower, std::span<double> upper) {
  for (std::size_t i = 0; i < estimate.size(); ++i) {
    lower[i] = std::clamp(estimate[i] - radius[i], 0.0, 1.0);
    upper[i] = std::clamp(estimate[i] + radius[i], 0.0, 1.0);
  }
}

}  // namespace cpex::cpe_cs
