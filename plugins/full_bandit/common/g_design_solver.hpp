// THE ONE PLACE where the full-bandit G-allocation solves its continuous design problem
// (seed 000 App. D): minimize max_M ||chi_M||^2_{A(p)^{-1}} over designs p on super arms,
// A(p) = sum_M p_M chi_M chi_M^T, without enumerating super arms. Fedorov-Wynn /
// Frank-Wolfe: the "most uncertain super arm" of each iteration is the callback
// `worst_direction(A(p)^{-1})` (a quadratic-maximization call on W = A(p)^{-1}, i.e. the
// [dks] oracle), its weight grows by the D-optimal line-search step
// gamma = (d/n - 1)/(d - 1), d = chi^T A^{-1} chi, and A(p)^{-1} follows by a scaled
// Sherman-Morrison update (O(n^2)). Stop when d <= n (1 + tolerance) (Kiefer-Wolfowitz:
// the G-optimal value is n) or after max_iterations. With an approximate worst direction
// the stop can come early (d is a lower bound of the true maximum); the exact value is
// checked by enumeration in tests.
// To switch to the shared libcpex optimal-design solver (issue 13), replace the body of
// solve_g_design() by a call to it with this callback as its worst-direction step.
#pragma once

#include <functional>
#include <vector>

#include <Eigen/Core>

namespace cpex::full_bandit {

using SuperArm = std::vector<std::size_t>;
using WorstDirection = std::function<SuperArm(const Eigen::MatrixXd& inverse)>;

struct GDesignOptions {
  int max_iterations = 2000;
  double tolerance = 0.01;
};

struct GDesign {
  std::vector<SuperArm> support;
  std::vector<double> weights;  // sum to 1
  double last_variance = 0.0;   // d of the last worst direction found
  int iterations = 0;
};

// `start`: a support whose indicators span R^n, taken with uniform weights.
GDesign solve_g_design(std::size_t n, const std::vector<SuperArm>& start,
                       const WorstDirection& worst_direction, const GDesignOptions& options);

}  // namespace cpex::full_bandit
