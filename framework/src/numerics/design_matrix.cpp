// DesignMatrix: rank-one updates of A^{-1} and log det A, and periodic refactorization.
#include "cpex/numerics/design_matrix.hpp"

#include <cmath>

#include <Eigen/Cholesky>

#include "cpex/numerics/dense_decompositions.hpp"

namespace cpex::numerics {

DesignMatrix::DesignMatrix(std::size_t dimension, double lambda, std::uint64_t refactor_every)
    : lambda_(lambda),
      refactor_every_(refactor_every == 0 ? 1 : refactor_every),
      a_(Eigen::MatrixXd::Identity(dimension, dimension) * lambda),
      inverse_(Eigen::MatrixXd::Zero(dimension, dimension)),
      b_(Eigen::VectorXd::Zero(dimension)),
      scratch_(dimension) {
  if (lambda > 0.0) {
    invertible_ = true;
    inverse_ = Eigen::MatrixXd::Identity(dimension, dimension) / lambda;
    log_det_ = static_cast<double>(dimension) * std::log(lambda);
  }
}

void DesignMatrix::add(const Eigen::Ref<const Eigen::VectorXd>& x, double reward) {
  a_.noalias() += x * x.transpose();
  b_.noalias() += reward * x;
  ++count_;
  if (!invertible_) {
    refactor();  // until the features span R^d
    return;
  }
  if (++since_refactor_ >= refactor_every_) {
    refactor();
    return;
  }
  // Sherman-Morrison: (A + x x^T)^{-1} = A^{-1} - (A^{-1} x)(A^{-1} x)^T / (1 + x^T A^{-1} x)
  scratch_.noalias() = inverse_ * x;
  const double denominator = 1.0 + x.dot(scratch_);
  inverse_.noalias() -= (scratch_ / denominator) * scratch_.transpose();
  // Matrix determinant lemma: det(A + x x^T) = det(A) (1 + x^T A^{-1} x)
  log_det_ += std::log(denominator);
}

void DesignMatrix::refactor() {
  since_refactor_ = 0;
  ++factorizations_;
  const Eigen::LLT<Eigen::MatrixXd> llt(a_);
  if (llt.info() != Eigen::Success) {
    invertible_ = false;
    return;
  }
  // A tiny positive pivot still means a (numerically) singular design. A rank-deficient
  // design's last pivot is the square root of rounding errors, ~1e-8 sqrt(max A_ii) (one
  // pull of (-0.28, -0.96) left 3e-9 and an inverse of 1e17 that every Sherman-Morrison
  // update then carried: a linear sampler answered wrongly after one pass), so pivots below
  // 1e-6 sqrt(max A_ii) (a condition number above 1e12) count as singular.
  const auto diagonal = llt.matrixLLT().diagonal();
  if (diagonal.minCoeff() <= 1e-6 * std::sqrt(a_.diagonal().maxCoeff())) {
    invertible_ = false;
    return;
  }
  invertible_ = true;
  inverse_ = llt.solve(Eigen::MatrixXd::Identity(a_.rows(), a_.cols()));
  log_det_ = 2.0 * diagonal.array().log().sum();
}

}  // namespace cpex::numerics
