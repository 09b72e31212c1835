// Ordinary least squares on super-arm indicators (full-bandit feedback, seed 000 §2):
// A = sum chi_M chi_M^T, b = sum chi_M r_M, theta_hat = A^{-1} b. A pull of a size-k super
// arm costs O(k^2) while A is still singular and O(n k + n^2) afterwards (Sherman-Morrison
// on A^{-1}, theta_hat updated in O(n) from the innovation). A^{-1} and theta_hat are
// recomputed from A by Cholesky every `refactor_every` updates against rounding drift.
//
// Why not numerics::DesignMatrix: it takes dense feature vectors (O(n^2) to add even a
// k-sparse one) and refactorizes at every observation until A is invertible, i.e.
// O(n^4) for the n initial pulls (minutes at n = 1000). Here the initial pulls only
// accumulate A; the first factorization is attempted once n pulls are in (and then at
// every pull until it succeeds, which a rank-checked basis makes unnecessary).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Core>

namespace cpex::numerics {

//
// With lambda > 0 (regularized least squares, A = lambda I + sum chi chi^T, as CLUCB-QM of
// seed 001 needs) A is invertible from the start, and log det A is kept by the matrix
// determinant lemma (valid whenever invertible()).
class SuperArmLeastSquares {
 public:
  SuperArmLeastSquares() = default;
  explicit SuperArmLeastSquares(std::size_t arms, std::uint64_t refactor_every = 1000,
                                double lambda = 0.0);

  // One pull of the super arm `members` (distinct arm indices) with observed sum `reward`.
  void add(std::span<const std::size_t> members, double reward);

  bool invertible() const { return invertible_; }
  std::size_t arms() const { return static_cast<std::size_t>(a_.rows()); }
  std::uint64_t observations() const { return count_; }
  std::uint64_t factorizations() const { return factorizations_; }
  // A (add() keeps its lower triangle; the upper one is mirrored here when stale).
  const Eigen::MatrixXd& matrix() const;
  const Eigen::VectorXd& response() const { return b_; }
  // Valid when invertible().
  const Eigen::MatrixXd& inverse() const { return inverse_; }
  const Eigen::VectorXd& estimate() const { return theta_; }
  double log_det() const { return log_det_; }
  double lambda() const { return lambda_; }

  // theta_hat(M) = sum of the estimate over M.
  double estimate_of(std::span<const std::size_t> members) const;
  // ||chi_M||^2_{A^{-1}} in O(k^2): the diagonal plus twice one triangle, one column at a time.
  double norm_sq(std::span<const std::size_t> members) const;
  // ||chi_M - chi_N||^2_{A^{-1}} for two sorted super arms, in O((|M| + |N|)^2).
  double difference_norm_sq(std::span<const std::size_t> m, std::span<const std::size_t> n) const;

  // Recompute A^{-1} and theta_hat from A; returns whether A is (numerically) invertible.
  bool refactor();

 private:
  // Adds pairs_ into a_'s lower triangle and clears it.
  void flush_pairs() const;

  std::uint64_t refactor_every_ = 1000;
  std::uint64_t count_ = 0, since_refactor_ = 0, factorizations_ = 0;
  bool invertible_ = false;
  mutable bool upper_stale_ = false;
  mutable std::uint64_t pending_pulls_ = 0;  // pulls counted in pairs_, not yet in a_
  double lambda_ = 0.0, log_det_ = 0.0;
  mutable Eigen::MatrixXd a_;  // lower triangle current; upper mirrored by matrix()
  Eigen::MatrixXd inverse_;
  Eigen::VectorXd b_, theta_, u_;
  // Per pair i > j (column-major, n x n), how many pulls since the last flush held both.
  mutable std::vector<std::uint16_t> pairs_;
};

// log C(n, k) by lgamma: the number of super arms K is never formed as an integer.
double log_binomial(std::size_t n, std::size_t k);

// Rank of the n x s matrix whose columns are the indicators of `super_arms`, and the
// indices of `rank` of them that are linearly independent (column-pivoted QR).
struct SupportRank {
  std::size_t rank = 0;
  std::vector<std::size_t> basis;
};
SupportRank support_rank(std::size_t arms, const std::vector<std::vector<std::size_t>>& super_arms);

}  // namespace cpex::numerics
