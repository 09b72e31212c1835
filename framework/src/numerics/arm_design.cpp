// ArmDesign: rank-one maintenance of W = A^{-1} X and its diagonal products.
#include "cpex/numerics/arm_design.hpp"

#include <algorithm>

namespace cpex::numerics {

ArmDesign::ArmDesign(Eigen::MatrixXd features, double lambda, std::uint64_t refactor_every)
    : x_(std::move(features)),
      design_(static_cast<std::size_t>(x_.rows()), lambda, refactor_every),
      counts_(static_cast<std::size_t>(x_.cols()), 0) {
  refresh();
}

void ArmDesign::refresh() {
  w_ = design_.inverse() * x_;
  q_ = (x_.array() * w_.array()).colwise().sum().transpose();
}

void ArmDesign::add(std::size_t arm, double reward) {
  const auto x = x_.col(static_cast<Eigen::Index>(arm));
  const std::uint64_t factorizations = design_.factorizations();
  const bool incremental = design_.invertible();
  double denominator = 1.0;
  if (incremental) {
    s_.noalias() = design_.inverse() * x;
    u_.noalias() = x_.transpose() * s_;
    denominator += x.dot(s_);
  }
  design_.add(x, reward);
  ++counts_[arm];
  if (!incremental || design_.factorizations() != factorizations) {
    refresh();
    return;
  }
  // (A + x x^T)^{-1} = A^{-1} - s s^T / (1 + x^T s), s = A^{-1} x, applied to X.
  w_.noalias() -= (s_ / denominator) * u_.transpose();
  q_.array() -= u_.array().square() / denominator;
}

double ArmDesign::pair_norm_sq(std::size_t i, std::size_t j) const {
  const auto ii = static_cast<Eigen::Index>(i), jj = static_cast<Eigen::Index>(j);
  return std::max(0.0, q_(ii) + q_(jj) - 2.0 * x_.col(jj).dot(w_.col(ii)));
}

std::size_t ArmDesign::most_informative_arm(std::size_t i, std::size_t j) {
  v_.noalias() = w_.col(static_cast<Eigen::Index>(i)) - w_.col(static_cast<Eigen::Index>(j));
  projection_.noalias() = x_.transpose() * v_;  // y^T A^{-1} x_a for every arm
  Eigen::Index best = 0;
  (projection_.array().square() / (1.0 + q_.array())).maxCoeff(&best);
  return static_cast<std::size_t>(best);
}

}  // namespace cpex::numerics
