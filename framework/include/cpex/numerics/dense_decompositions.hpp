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

// Each decomposition: its compute() on a MatrixXd, the factorization itself (and for the SVD
// the non-template compute it has), not the whole class: instantiating every member (inverse,
// kernel, reconstructed matrix, ...) cost 28 s of compile against 12 s for the factorizations,
// and the members a unit does call are cheap accessors or the solve templates, which are
// instantiated where they are used either way.
// The explicit instantiations: declarations here (prefix extern), definitions in
// dense_decompositions.cpp (no prefix).
#define CPEX_DENSE_COMPUTE(prefix, Class, Matrix)                              \
  prefix template Eigen::Class<Matrix>& Eigen::Class<Matrix>::compute(const Eigen::EigenBase<Matrix>&);

#define CPEX_DENSE_DECOMPOSITIONS(prefix)                                      \
  CPEX_DENSE_COMPUTE(prefix, LLT, Eigen::MatrixXd)                             \
  CPEX_DENSE_COMPUTE(prefix, LDLT, Eigen::MatrixXd)                            \
  CPEX_DENSE_COMPUTE(prefix, ColPivHouseholderQR, Eigen::MatrixXd)             \
  CPEX_DENSE_COMPUTE(prefix, CompleteOrthogonalDecomposition, Eigen::MatrixXd) \
  CPEX_DENSE_COMPUTE(prefix, FullPivLU, Eigen::MatrixXd)                       \
  prefix template Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>&              \
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>::compute(const Eigen::EigenBase<Eigen::MatrixXd>&, int); \
  prefix template Eigen::JacobiSVD<Eigen::MatrixXd>&                           \
  Eigen::JacobiSVD<Eigen::MatrixXd>::compute(const Eigen::MatrixXd&, unsigned int); \
  /* the pseudo-inverse of a transposed MatrixXd (linear_identification.cpp) */ \
  CPEX_DENSE_COMPUTE(prefix, ColPivHouseholderQR, cpex::numerics::RowMajorMatrixXd) \
  CPEX_DENSE_COMPUTE(prefix, CompleteOrthogonalDecomposition, cpex::numerics::RowMajorMatrixXd)

#ifndef CPEX_DENSE_DECOMPOSITIONS_DEFINITION
CPEX_DENSE_DECOMPOSITIONS(extern)
#endif
