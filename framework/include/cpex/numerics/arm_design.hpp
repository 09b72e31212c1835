// Least squares over a fixed set of arms with known features X (d x K): a DesignMatrix
// plus W = A^{-1} X and q_a = x_a^T A^{-1} x_a, kept up to date by the same rank-one
// update as A^{-1} (O(K d) per observation; recomputed whenever the inverse is refactored).
// With them, ||x_i - x_j||^2_{A^{-1}} costs O(d) and all estimated means O(K d + d^2), so a
// linear-bandit round needs no O(K d^2) product.
#pragma once

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "cpex/numerics/design_matrix.hpp"

namespace cpex::numerics {

class ArmDesign {
 public:
  ArmDesign() = default;
  ArmDesign(Eigen::MatrixXd features, double lambda, std::uint64_t refactor_every = 1000);

  // Observe `reward` for arm `arm`.
  void add(std::size_t arm, double reward);
  // Observations of each arm so far.
  const std::vector<std::uint64_t>& counts() const { return counts_; }

  bool invertible() const { return design_.invertible(); }
  const DesignMatrix& design() const { return design_; }
  const Eigen::MatrixXd& features() const { return x_; }
  std::size_t arms() const { return static_cast<std::size_t>(x_.cols()); }

  // x_a^T theta_hat = W^T b for every arm (valid when invertible()), O(K d), written into a
  // buffer the design owns (no allocation per round).
  const Eigen::VectorXd& means() {
    means_.noalias() = w_.transpose() * design_.response();
    return means_;
  }
  // ||x_i - x_j||^2 in the A^{-1} norm, O(d).
  double pair_norm_sq(std::size_t i, std::size_t j) const;
  // The arm whose next pull shrinks ||x_i - x_j||_{A^{-1}} most (seed 002 eq. 9):
  // argmin_a y^T (A + x_a x_a^T)^{-1} y = argmax_a (y^T A^{-1} x_a)^2 / (1 + x_a^T A^{-1} x_a)
  // by Sherman-Morrison, for y = x_i - x_j; O(K d), ties to the smaller index.
  std::size_t most_informative_arm(std::size_t i, std::size_t j);

  // A^{-1} x_a (a column of W) and x_a^T A^{-1} x_a.
  Eigen::Ref<const Eigen::VectorXd> projected(std::size_t a) const {
    return w_.col(static_cast<Eigen::Index>(a));
  }
  const Eigen::VectorXd& self_norms() const { return q_; }

 private:
  void refresh();

  Eigen::MatrixXd x_, w_;
  Eigen::VectorXd q_, s_, u_, means_, v_, projection_;
  DesignMatrix design_;
  std::vector<std::uint64_t> counts_;
};

}  // namespace cpex::numerics
