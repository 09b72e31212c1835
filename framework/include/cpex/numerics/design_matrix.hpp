// The design matrix of least squares on linear features, A = lambda I + sum x x^T, kept
// with its inverse (Sherman-Morrison, O(d^2) per observation) and log det A (matrix
// determinant lemma), and the response vector b = sum x r. The inverse is recomputed from
// A by a Cholesky factorization every `refactor_every` updates to stop rounding drift.
// With lambda = 0 (ordinary least squares) the inverse exists only once the observed
// features span R^d; `invertible()` tells, and it is tracked by factorizing A until then.
#pragma once

#include <cstdint>

#include <Eigen/Core>

namespace cpex::numerics {

class DesignMatrix {
 public:
  DesignMatrix() = default;
  DesignMatrix(std::size_t dimension, double lambda, std::uint64_t refactor_every = 1000);

  // Add one observation (feature x, reward r).
  void add(const Eigen::Ref<const Eigen::VectorXd>& x, double reward);

  bool invertible() const { return invertible_; }
  const Eigen::MatrixXd& matrix() const { return a_; }
  const Eigen::MatrixXd& inverse() const { return inverse_; }  // valid when invertible()
  const Eigen::VectorXd& response() const { return b_; }
  double log_det() const { return log_det_; }  // valid when invertible()
  double lambda() const { return lambda_; }
  std::uint64_t observations() const { return count_; }
  // How many times the inverse was recomputed from scratch (callers that keep products
  // with A^{-1} refresh them when this changes).
  std::uint64_t factorizations() const { return factorizations_; }

  // theta_hat = A^{-1} b (O(d^2)).
  Eigen::VectorXd estimate() const { return inverse_ * b_; }
  // ||y||^2 in the A^{-1} norm.
  double norm_sq(const Eigen::Ref<const Eigen::VectorXd>& y) const {
    return y.dot(inverse_ * y);
  }

  // Recompute the inverse and log det from A (Cholesky).
  void refactor();

 private:
  double lambda_ = 1.0;
  std::uint64_t refactor_every_ = 1000;
  std::uint64_t count_ = 0, since_refactor_ = 0, factorizations_ = 0;
  bool invertible_ = false;
  Eigen::MatrixXd a_, inverse_;
  Eigen::VectorXd b_, scratch_;
  double log_det_ = 0.0;
};

}  // namespace cpex::numerics
