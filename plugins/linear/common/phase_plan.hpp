// The phases of the elimination algorithms that sample a rounded design and estimate theta on
// each phase's samples alone (rage, peace): a design's support and normalized weights, its
// rounding to N pulls (Pukelsheim's efficient apportionment, numerics::efficient_apportionment),
// the pulls in plan order, and the phase's least squares (minimum norm: the directions lie in
// span(X), where every solution agrees).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "cpex/numerics/apportionment.hpp"

namespace cpex::linear {

class PhasePlan {
 public:
  // The support of p (weights > 0, in index order) and its weights normalized to sum 1.
  static void support_of(const Eigen::VectorXd& p, std::vector<std::size_t>& support, std::vector<double>& weights) {
    support.clear();
    weights.clear();
    for (Eigen::Index a = 0; a < p.size(); ++a)
      if (p(a) > 0.0) {
        support.push_back(static_cast<std::size_t>(a));
        weights.push_back(p(a));
      }
    double total = 0.0;
    for (double w : weights) total += w;
    for (double& w : weights) w /= total;
  }

  // A new phase of n pulls over `arms` arms: the efficient apportionment of the weights.
  void begin(const std::vector<std::size_t>& support, const std::vector<double>& weights, std::uint64_t n,
             std::size_t arms) {
    const std::vector<std::uint64_t> counts = numerics::efficient_apportionment(weights, n);
    plan_.clear();
    for (std::size_t s = 0; s < support.size(); ++s) plan_.emplace_back(support[s], counts[s]);
    cursor_ = 0;
    counts_.assign(arms, 0);
    sums_.assign(arms, 0.0);
  }

  // The next pull of the phase; false when the phase is done.
  bool next(std::size_t& arm) {
    while (cursor_ < plan_.size() && plan_[cursor_].second == 0) ++cursor_;
    if (cursor_ == plan_.size()) return false;
    arm = plan_[cursor_].first;
    --plan_[cursor_].second;
    return true;
  }

  void observe(std::size_t arm, double reward) {
    ++counts_[arm];
    sums_[arm] += reward;
  }

  // The phase's design A = sum n_a x_a x_a^T and its minimum-norm least-squares theta.
  Eigen::VectorXd estimate(const Eigen::MatrixXd& x, Eigen::MatrixXd& a) const {
    a = Eigen::MatrixXd::Zero(x.rows(), x.rows());
    Eigen::VectorXd b = Eigen::VectorXd::Zero(x.rows());
    for (std::size_t arm = 0; arm < counts_.size(); ++arm) {
      if (counts_[arm] == 0) continue;
      const auto column = x.col(static_cast<Eigen::Index>(arm));
      a.noalias() += static_cast<double>(counts_[arm]) * column * column.transpose();
      b.noalias() += sums_[arm] * column;
    }
    return a.completeOrthogonalDecomposition().solve(b);
  }

 private:
  std::vector<std::pair<std::size_t, std::uint64_t>> plan_;  // (arm, pulls left)
  std::size_t cursor_ = 0;
  std::vector<std::uint64_t> counts_;
  std::vector<double> sums_;
};

}  // namespace cpex::linear
