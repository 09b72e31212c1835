// Algorithm 1 of seed 000 (reduction to DkS), greedy peeling in O(n^2), Theorem 1's ratio
// and the exact QP optimum by enumeration.
#include "cpex/numerics/quadratic_maximization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "cpex/numerics/k_subset_enumeration.hpp"

namespace cpex::numerics {

Eigen::MatrixXd dks_reduction(const Eigen::MatrixXd& w) {
  const Eigen::VectorXd d = w.diagonal();
  Eigen::MatrixXd out = w;
  out.colwise() += d;
  out.rowwise() += d.transpose();
  out.diagonal().setZero();
  return out;
}

std::vector<std::size_t> greedy_peeling(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<std::size_t>(w.rows());
  if (k >= n) {
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  // Degree of i in the reduction restricted to S (|S| = s):
  //   sum_{j in S, j != i} (w_ij + w_ii + w_jj)
  //   = (rowsum_S(i) - w_ii) + (s - 1) w_ii + (diag_S - w_ii)
  const Eigen::VectorXd diagonal = w.diagonal();
  Eigen::VectorXd rowsum = w.rowwise().sum();
  double diagonal_sum = diagonal.sum();
  std::vector<char> alive(n, 1);
  std::size_t s = n;
  while (s > k) {
    std::size_t victim = n;
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
      if (!alive[i]) continue;
      const auto ii = static_cast<Eigen::Index>(i);
      const double degree = rowsum(ii) + static_cast<double>(s - 3) * diagonal(ii) + diagonal_sum;
      if (degree < lowest) {
        lowest = degree;
        victim = i;
      }
    }
    if (victim == n) victim = static_cast<std::size_t>(std::find(alive.begin(), alive.end(), 1) - alive.begin());
    alive[victim] = 0;
    --s;
    rowsum -= w.col(static_cast<Eigen::Index>(victim));
    diagonal_sum -= diagonal(static_cast<Eigen::Index>(victim));
  }
  std::vector<std::size_t> out;
  out.reserve(k);
  for (std::size_t i = 0; i < n; ++i)
    if (alive[i]) out.push_back(i);
  return out;
}

double peeling_guarantee(std::size_t n, std::size_t k) {
  if (k >= n) return 1.0;
  return static_cast<double>(k) * static_cast<double>(k - 1) /
         (static_cast<double>(n) * static_cast<double>(n - 1));
}

double theorem1_ratio(const Eigen::MatrixXd& w, std::size_t k, double alpha_dks) {
  if (k < 2 || w.rows() == 0) return 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(w, Eigen::EigenvaluesOnly);
  const Eigen::VectorXd& lambda = solver.eigenvalues();  // ascending
  if (solver.info() != Eigen::Success || !(lambda(0) > 0.0)) return 0.0;
  return alpha_dks / static_cast<double>(k - 1) * lambda(0) / lambda(lambda.size() - 1);
}

void improve_by_swaps(const Eigen::MatrixXd& w, std::vector<std::size_t>& subset, std::size_t max_swaps) {
  const auto n = static_cast<std::size_t>(w.rows());
  std::vector<char> inside(n, 0);
  Eigen::VectorXd v = Eigen::VectorXd::Zero(w.rows());  // v = W chi
  for (std::size_t i : subset) {
    inside[i] = 1;
    v += w.col(static_cast<Eigen::Index>(i));
  }
  double value = quadratic_value(w, subset);
  for (std::size_t swap = 0; swap < max_swaps; ++swap) {
    // new - old = -2 v_a + w_aa + 2 v_b + w_bb - 2 w_ab
    double best_gain = 1e-12 * std::max(1.0, std::abs(value));
    std::size_t best_out = n, best_in = n;
    for (std::size_t a : subset) {
      const auto ia = static_cast<Eigen::Index>(a);
      const double removal = -2.0 * v(ia) + w(ia, ia);
      for (std::size_t b = 0; b < n; ++b) {
        if (inside[b]) continue;
        const auto ib = static_cast<Eigen::Index>(b);
        const double gain = removal + 2.0 * v(ib) + w(ib, ib) - 2.0 * w(ia, ib);
        if (gain > best_gain) {
          best_gain = gain;
          best_out = a;
          best_in = b;
        }
      }
    }
    if (best_out == n) break;
    value += best_gain;
    inside[best_out] = 0;
    inside[best_in] = 1;
    v += w.col(static_cast<Eigen::Index>(best_in)) - w.col(static_cast<Eigen::Index>(best_out));
    *std::find(subset.begin(), subset.end(), best_out) = best_in;
    std::sort(subset.begin(), subset.end());
  }
}

double quadratic_value(const Eigen::MatrixXd& w, std::span<const std::size_t> subset) {
  double total = 0.0;
  for (std::size_t i : subset)
    for (std::size_t j : subset) total += w(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
  return total;
}

std::vector<std::size_t> exact_quadratic_maximum(const Eigen::MatrixXd& w, std::size_t k) {
  std::vector<std::size_t> best;
  double best_value = -std::numeric_limits<double>::infinity();
  for_each_k_subset(static_cast<std::size_t>(w.rows()), k, &w, nullptr, nullptr,
                    [&](const std::vector<std::size_t>& subset, double q, double, double) {
                      if (q > best_value) {
                        best_value = q;
                        best = subset;
                      }
                    });
  return best;
}

}  // namespace cpex::numerics
