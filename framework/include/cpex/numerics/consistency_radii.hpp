// The consistent optimality radii of a CPE-CS instance (seed 003 Def. 2) and its hardness
// measures (App. A.5): Lambda_i is the largest r such that the i-th component of the
// leading optimal decision phi_i is constant on the box [theta* - r, theta* + r] clamped
// to [0, 1]^m; H_Lambda = sum_i Lambda_i^-2 and H_Lambda^U = m / min_i Lambda_i^2.
//
// With a bi-monotone oracle (kBiMonotone) the box test is Theorem 3's two corners
// (lower_{-i}, upper_i) and (upper_{-i}, lower_i), and it is monotone in r, so bisection
// (60 halvings of [0, 1]) finds Lambda_i. An arm whose component stays constant on the
// whole of [0, 1]^m has Lambda_i = +infinity and adds nothing to H_Lambda (H_Lambda^U
// takes the smallest finite radius; both are 0 when every radius is infinite).
#pragma once

#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::numerics {

struct ConsistencyRadii {
  std::vector<double> lambda;  // Lambda_i, +infinity when never inconsistent
  double h = 0.0;              // H_Lambda
  double h_upper = 0.0;        // H_Lambda^U
};

// theta: the true key parameters, in [0, 1]^m; oracle: bi-monotone, bound to the problem.
ConsistencyRadii consistency_radii(const Oracle& oracle, std::span<const double> theta);

}  // namespace cpex::numerics
