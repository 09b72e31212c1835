// The L1-minimal representation of a direction in the arms' features, seed 002 eq. (11):
//     min sum_i |w_i|  subject to  y = sum_i w_i x_i,
// solved as a linear program with GLPK (w = u - v, u, v >= 0), and the selection ratios
// p*_i = |w_i| / sum_j |w_j| of seed 002 eq. (10).
#pragma once

#include <optional>

#include <Eigen/Core>

namespace cpex::numerics {

// `features` has one column per arm. Returns nothing if y is not in their span.
std::optional<Eigen::VectorXd> min_l1_representation(const Eigen::MatrixXd& features,
                                                     const Eigen::VectorXd& y);

// p*(y); nothing if y is not in the span of the features (or is zero).
std::optional<Eigen::VectorXd> l1_selection_ratios(const Eigen::MatrixXd& features,
                                                   const Eigen::VectorXd& y);

}  // namespace cpex::numerics
