// Approximately optimal experimental designs for linear bandits: the allocation p over
// arms minimizing max_{y in Y} y^T A(p)^{-1} y with A(p) = sum_i p_i x_i x_i^T (the
// transductive design of Soare et al. 2014's XY allocations), by Frank-Wolfe with step
// 2/(t+3), t = 0, 1, ... Each iteration updates A(p)^{-1} by Sherman-Morrison (O(d^2)) and scans the
// directions (O(|Y| d^2)). Weights below `prune` are dropped at the end and the rest
// renormalized, unless that leaves a singular design. When the features do not span R^d
// (e.g. fewer arms than dimensions), the design is computed in their span, where every
// direction x - x' lies.
#pragma once

#include <Eigen/Core>

namespace cpex::numerics {

struct DesignOptions {
  int iterations = 1000;
  double prune = 1e-3;
};

// features: d x K (columns are arms); directions: d x |Y|, in the span of the features.
Eigen::VectorXd transductive_design(const Eigen::MatrixXd& features,
                                    const Eigen::MatrixXd& directions,
                                    const DesignOptions& options = {});

// max_{y in Y} y^T A(p)^{-1} y for a design p, in the span of the features (infinity if
// A(p) is singular there).
double design_value(const Eigen::MatrixXd& features, const Eigen::MatrixXd& directions,
                    const Eigen::VectorXd& p);

}  // namespace cpex::numerics
