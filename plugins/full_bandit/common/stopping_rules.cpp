// Enumeration of the gap objective of Alg. 5 and the certified CEM bound (see stopping_rules.hpp).
#include "stopping_rules.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "cpex/numerics/k_subset_enumeration.hpp"

namespace cpex::full_bandit {

double certified_quadratic_bound(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<std::size_t>(w.rows());
  if (k == 0 || n == 0) return 0.0;
  k = std::min(k, n);
  std::vector<double> row, r(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto ii = static_cast<Eigen::Index>(i);
    row.clear();
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) row.push_back(w(ii, static_cast<Eigen::Index>(j)));
    const std::size_t take = k - 1;
    std::partial_sort(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(take), row.end(), std::greater<>());
    double sum = w(ii, ii);
    for (std::size_t j = 0; j < take; ++j) sum += row[j];
    r[i] = sum;
  }
  std::partial_sort(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(k), r.end(), std::greater<>());
  double total = 0.0;
  for (std::size_t i = 0; i < k; ++i) total += r[i];
  return total;
}

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

bool exhaustive_stop(const numerics::SuperArmLeastSquares& ls, std::span<const std::size_t> best,
                     double best_value, std::size_t k, double width, double epsilon, TraceSink* trace) {
  const GapMaximum gap = exact_gap_maximum(ls, best, k, width);
  if (gap.arms.empty()) return true;  // a class of one decision
  const double z = gap.value - best_value;
  if (trace) trace->record("Z*", z);
  return z < epsilon;
}

}  // namespace cpex::full_bandit
