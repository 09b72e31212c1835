// Pieces shared by the linear-bandit algorithms: following a target allocation p
// (seed 002 eq. (12): pull argmin_{a : p_a > 0} T_a / p_a), and the empirical best arm.
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

// The arm of largest estimated mean (ties to the smaller index).
inline std::size_t best_arm(const Eigen::VectorXd& means) {
  Eigen::Index best = 0;
  means.maxCoeff(&best);
  return static_cast<std::size_t>(best);
}

}  // namespace cpex::linear
