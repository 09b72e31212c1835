// The `osa-greedy` oracle: optimal sample allocation for partitioned opinion sampling
// (seed 003 §4.2, App. B.2). Decisions are integer vectors y (Decision::values) with
// y_i >= 1 and sum_i y_i <= k; reward -sum_i n_i^2 theta_i / (n^2 y_i), theta_i the
// within-group variance, n_i the group sizes from Problem::group_sizes.
#pragma once

#include <vector>

#include "cpex/oracle.hpp"
#include "greedy_osa.hpp"

namespace cpex::oracles {

class OsaOracle : public Oracle {
 public:
  explicit OsaOracle(std::size_t budget) : budget_(budget) {}

  // Takes the group sizes from the problem; refuses a budget below the number of groups.
  void bind(const Problem& problem) override;
  // The leading (lexicographically smallest) optimal allocation, by GreedyOSA.
  void optimal(std::span<const double> theta, Decision& out) const override;
  // -sum_i n_i^2 theta_i / (n^2 y_i).
  double value(std::span<const double> theta, const Decision& decision) const override;
  // epsilon = 0: the same allocation as the leading optimum; otherwise within epsilon.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  std::size_t budget_;
  std::vector<double> sizes_;
  double population_ = 0.0;
  mutable GreedyOsaScratch scratch_;
};

}  // namespace cpex::oracles
