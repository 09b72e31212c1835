// The 0-1 quadratic program QP of seed 000 eq. (2): max chi^T W chi over subsets of size k,
// for a symmetric W. Algorithm 1 reduces it to the densest k-subgraph problem (DkS) on the
// complete graph with w~_ij = w_ij + w_ii + w_jj (nonnegative when W is positive
// definite, Lemma 4) and calls a DkS oracle; greedy peeling (Asahiro et al. 2000) is the
// oracle of every seed experiment. Theorem 1 bounds the QP ratio by
// alpha_DkS / (k - 1) * lambda_min(W) / lambda_max(W).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <Eigen/Core>

namespace cpex::numerics {

// The reduction of Algorithm 1: w~_ij = w_ij + w_ii + w_jj for i != j, zero diagonal.
Eigen::MatrixXd dks_reduction(const Eigen::MatrixXd& w);

// The row sums of W, bit for bit those of Eigen 3.4's w.rowwise().sum() (same order of
// additions), computed over whole columns: one sequential pass over W instead of Eigen's
// column-strided one for a column-major matrix (3-6x faster at n = 1000).
Eigen::VectorXd row_sums(const Eigen::MatrixXd& w);

// Greedy peeling on the reduction of W, without forming it: repeatedly remove the vertex of
// minimum weighted degree (ties: the smallest index) until k remain. Degrees are kept
// incrementally, so the whole call is O(n^2). Returns the k survivors, sorted.
std::vector<std::size_t> greedy_peeling(const Eigen::MatrixXd& w, std::size_t k);

// The DkS ratio greedy peeling guarantees on nonnegative weights: removing a vertex of
// minimum degree from S keeps at least (|S| - 2) / |S| of w(S), so
// w(S_k) >= w(V) k (k - 1) / (n (n - 1)) >= OPT k (k - 1) / (n (n - 1)).
double peeling_guarantee(std::size_t n, std::size_t k);

// Theorem 1: alpha_dks / (k - 1) * lambda_min(W) / lambda_max(W) (self-adjoint
// eigenvalues, O(n^3)); 0 when W is not positive definite.
double theorem1_ratio(const Eigen::MatrixXd& w, std::size_t k, double alpha_dks);

// Local search by single exchanges on QP itself: while some swap (a in S out, b not in S in)
// raises chi^T W chi by more than a relative 1e-12, apply the best one; at most `max_swaps`
// swaps, O(k (n - k)) per swap with v = W chi kept up to date. `subset` stays sorted.
void improve_by_swaps(const Eigen::MatrixXd& w, std::vector<std::size_t>& subset, std::size_t max_swaps);

// chi_S^T W chi_S.
double quadratic_value(const Eigen::MatrixXd& w, std::span<const std::size_t> subset);

// The exact maximizer of QP by enumeration of all C(n, k) subsets (ties: the
// lexicographically first). The caller checks C(n, k) <= kMaxEnumeratedSubsets.
std::vector<std::size_t> exact_quadratic_maximum(const Eigen::MatrixXd& w, std::size_t k);

}  // namespace cpex::numerics
