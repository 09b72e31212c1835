// Pieces shared by the linear-bandit algorithms: following a target allocation p
// (seed 002 eq. (12): pull argmin_{a : p_a > 0} T_a / p_a), C-tracking of cumulative weights
// (Garivier & Kaufmann 2016; the game samplers), and the empirical best arm.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include <Eigen/Core>

namespace cpex::linear {

// argmin over arms with p_a > 0 of T_a / p_a; ties to the smaller index.
inline std::size_t track(const Eigen::VectorXd& p, const std::vector<std::uint64_t>& counts) {
  std::size_t best = 0;
  double best_ratio = std::numeric_limits<double>::infinity();
  for (Eigen::Index a = 0; a < p.size(); ++a) {
    if (!(p(a) > 0.0)) continue;
    const double ratio = static_cast<double>(counts[static_cast<std::size_t>(a)]) / p(a);
    if (ratio < best_ratio) {
      best_ratio = ratio;
      best = static_cast<std::size_t>(a);
    }
  }
  return best;
}

// C-tracking: the cumulative weights S_a = N_a(start) + sum_s w_a(s) and the arm
// argmin_a N_a - S_a to pull (ties to the smaller index), as libpurex's CTracking.
class CumulativeTracking {
 public:
  void reset(const std::vector<std::uint64_t>& counts) {
    sum_.assign(counts.begin(), counts.end());
  }
  // Adds w and returns the arm to pull.
  template <class Weights>
  std::size_t track(const Weights& w, const std::vector<std::uint64_t>& counts) {
    std::size_t best = 0;
    double best_lag = std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < sum_.size(); ++a) {
      sum_[a] += static_cast<double>(w[a]);
      const double lag = static_cast<double>(counts[a]) - sum_[a];
      if (lag < best_lag) {
        best_lag = lag;
        best = a;
      }
    }
    return best;
  }

 private:
  std::vector<double> sum_;
};

// The arm of largest estimated mean (ties to the smaller index).
inline std::size_t best_arm(const Eigen::VectorXd& means) {
  Eigen::Index best = 0;
  means.maxCoeff(&best);
  return static_cast<std::size_t>(best);
}

}  // namespace cpex::linear
