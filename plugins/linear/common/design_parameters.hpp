// Pieces shared by the linear-bandit algorithms that solve transductive designs over pair
// directions (rage, xy-static / xy-adaptive): the design solver's two parameters (schema
// and reading), the pair directions x_a - x_b themselves, and the limit on their
// d x K(K-1)/2 numbers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/params.hpp"

namespace cpex::linear {

// design-iterations and design-gap, the solver's budget and stopping gap.
inline ParamSchema& add_design_parameters(ParamSchema& schema) {
  return schema
      .integer("design-iterations", 5000, Range::at_least(1),
               "at most this many iterations of the design solver")
      .real("design-gap", 1e-3, Range::open(0.0, 1.0),
            "the design solver stops at this certified relative optimality gap");
}

inline numerics::DesignOptions design_options(const ParamValues& p) {
  numerics::DesignOptions options;
  options.iterations = static_cast<int>(p.integer("design-iterations"));
  options.relative_gap = p.real("design-gap");
  return options;
}

// Arms a and b (columns of x) have the same features.
inline bool same_features(const Eigen::MatrixXd& x, std::size_t a, std::size_t b) {
  return x.col(static_cast<Eigen::Index>(a)) == x.col(static_cast<Eigen::Index>(b));
}

// How many of `arms` have distinct features.
inline std::size_t distinct_arms(const Eigen::MatrixXd& x, const std::vector<std::size_t>& arms) {
  std::size_t distinct = 0;
  for (std::size_t a = 0; a < arms.size(); ++a) {
    bool seen = false;
    for (std::size_t b = 0; b < a && !seen; ++b) seen = same_features(x, arms[a], arms[b]);
    if (!seen) ++distinct;
  }
  return distinct;
}

// Directions x_a - x_b for all pairs a < b (in the order of `arms`) of arms with distinct
// features, one a column; a zero column when there is none and `at_least_one`.
inline Eigen::MatrixXd pair_directions(const Eigen::MatrixXd& x, const std::vector<std::size_t>& arms,
                                       bool at_least_one) {
  std::vector<Eigen::VectorXd> columns;
  for (std::size_t a = 0; a < arms.size(); ++a)
    for (std::size_t b = a + 1; b < arms.size(); ++b)
      if (!same_features(x, arms[a], arms[b]))
        columns.push_back(x.col(static_cast<Eigen::Index>(arms[a])) -
                          x.col(static_cast<Eigen::Index>(arms[b])));
  const std::size_t width = at_least_one ? std::max<std::size_t>(1, columns.size()) : columns.size();
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(x.rows(), static_cast<Eigen::Index>(width));
  for (std::size_t c = 0; c < columns.size(); ++c) y.col(static_cast<Eigen::Index>(c)) = columns[c];
  return y;
}

// Refuses, before allocating, k arms of dimension d whose pair directions would exceed
// cpex/limits.hpp's kMaxFeatureEntries.
inline void check_pair_directions(std::size_t k, std::size_t d) {
  const double pairs = 0.5 * static_cast<double>(k) * static_cast<double>(k - 1);
  if (pairs * static_cast<double>(d) > static_cast<double>(kMaxFeatureEntries))
    throw ParameterError("plugin", std::to_string(k) + " arms give " +
                                       std::to_string(static_cast<std::uint64_t>(pairs)) +
                                       " pair directions of dimension " + std::to_string(d) +
                                       ", more than the limit of " +
                                       std::to_string(kMaxFeatureEntries) + " entries");
}

}  // namespace cpex::linear
