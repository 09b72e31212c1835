// Enumeration of the gap objective of Alg. 5 (see stopping_rules.hpp).
#include "stopping_rules.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/numerics/k_subset_enumeration.hpp"

namespace cpex::full_bandit {

GapMaximum exact_gap_maximum(const numerics::SuperArmLeastSquares& ls, std::span<const std::size_t> best,
                             std::size_t k, double width) {
  const Eigen::MatrixXd& inverse = ls.inverse();
  const auto n = static_cast<Eigen::Index>(ls.arms());
  // ||chi_M - chi_B||^2 = chi_M^T A^{-1} chi_M - 2 (A^{-1} chi_B)^T chi_M + chi_B^T A^{-1} chi_B
  Eigen::VectorXd cross = Eigen::VectorXd::Zero(n);
  for (std::size_t i : best) cross -= 2.0 * inverse.col(static_cast<Eigen::Index>(i));
  const double constant = ls.norm_sq(best);
  const Eigen::VectorXd& theta = ls.estimate();
  GapMaximum out;
  out.value = -std::numeric_limits<double>::infinity();
  numerics::for_each_k_subset(ls.arms(), k, &inverse, theta.data(), cross.data(),
                              [&](const std::vector<std::size_t>& m, double q, double value, double c) {
                                const double norm_sq = std::max(q + c + constant, 0.0);
                                const double objective = value + width * std::sqrt(norm_sq);
                                if (objective > out.value &&
                                    !std::equal(m.begin(), m.end(), best.begin(), best.end())) {
                                  out.value = objective;
                                  out.arms = m;
                                }
                              });
  return out;
}

}  // namespace cpex::full_bandit
