// The dense decompositions of Eigen the framework and the plugins use on Eigen::MatrixXd
// (Cholesky LLT/LDLT, column-pivoting and complete orthogonal QR, full-pivoting LU, Jacobi
// SVD, the symmetric eigensolver), compiled once in cpex-numerics (dense_decompositions.cpp)
// instead of in every unit that uses one: each costs 3-9 s of compile time at -O3, and a
// dozen units used them. A source that uses one of them on a MatrixXd includes this header
// (after or instead of <Eigen/Dense>); `extern template` then makes the compiler call the
// library's copy. The code is Eigen's either way, compiled with the same flags, so the
// numbers are the same bits; decompositions of other types (fixed sizes, expressions other
// than a MatrixXd) are still instantiated where they are used.
#pragma once

#include <Eigen/Dense>

namespace cpex::numerics {
using RowMajorMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
}  // namespace cpex::numerics

// Each decomposition: the class (its non-template members) and compute() on a MatrixXd.
#define CPEX_DENSE_DECOMPOSITION(prefix, Class)                                \
  prefix template class Eigen::Class<Eigen::MatrixXd>;                         \
  prefix template Eigen::Class<Eigen::MatrixXd>& Eigen::Class<Eigen::MatrixXd>::compute( \
      const Eigen::EigenBase<Eigen::MatrixXd>&);

// The explicit instantiations: declarations here (prefix extern), definitions in
// dense_decompositions.cpp (no prefix).
#define CPEX_DENSE_DECOMPOSITIONS(prefix)                                      \
  CPEX_DENSE_DECOMPOSITION(prefix, LLT)                                        \
  CPEX_DENSE_DECOMPOSITION(prefix, LDLT)                                       \
  CPEX_DENSE_DECOMPOSITION(prefix, ColPivHouseholderQR)                        \
  CPEX_DENSE_DECOMPOSITION(prefix, CompleteOrthogonalDecomposition)            \
  CPEX_DENSE_DECOMPOSITION(prefix, FullPivLU)                                  \
  prefix template class Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>;        \
  prefix template Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>&              \
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>::compute(const Eigen::EigenBase<Eigen::MatrixXd>&, int); \
  prefix template class Eigen::JacobiSVD<Eigen::MatrixXd>;                     \
  /* the pseudo-inverse of a transposed MatrixXd (linear_identification.cpp) */ \
  prefix template class Eigen::ColPivHouseholderQR<cpex::numerics::RowMajorMatrixXd>; \
  prefix template class Eigen::CompleteOrthogonalDecomposition<cpex::numerics::RowMajorMatrixXd>;

#ifndef CPEX_DENSE_DECOMPOSITIONS_DEFINITION
CPEX_DENSE_DECOMPOSITIONS(extern)
#endif
