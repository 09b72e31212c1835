// The full-bandit G-allocation's continuous design problem (seed 000 App. D): minimize
// max_M ||chi_M||^2_{A(p)^{-1}} over designs p on super arms, A(p) = sum_M p_M chi_M chi_M^T,
// without enumerating super arms. Solved by the shared optimal-design solver,
// numerics::g_optimal_design (framework/src/numerics/transductive_design.cpp; Fedorov-Wynn
// with the Kiefer-Wolfowitz certificate: the optimum is n), the "most uncertain super arm"
// of a design being the callback `worst_direction(A(p)^{-1})` (a quadratic-maximization
// call on W = A(p)^{-1}, i.e. the [dks] oracle); it stops when the callback's super arm has
// ||chi||^2 <= n (1 + tolerance). This file only translates super arms to indicator vectors
// and back. With an approximate worst direction the stop can come early (the callback's
// value is a lower bound of the true maximum); the exact value is checked by enumeration
// in tests.
#pragma once

#include <functional>
#include <vector>

#include <Eigen/Core>

namespace cpex::full_bandit {

using SuperArm = std::vector<std::size_t>;
using WorstDirection = std::function<SuperArm(const Eigen::MatrixXd& inverse)>;

struct GDesignOptions {
  int max_iterations = 2000;  // Fedorov-Wynn iterations, at most
  double tolerance = 0.01;    // stop when max variance <= n (1 + tolerance)
};

struct GDesign {
  std::vector<SuperArm> support;  // the starting support first, in order, then generated ones
  std::vector<double> weights;    // sum to 1; 0 for members the design does not use
  double value = 0.0;             // ||chi||^2 of the callback's last worst super arm
  int iterations = 0;             // Fedorov-Wynn iterations taken
  bool converged = false;         // value <= n (1 + tolerance)
};

// `start`: a support whose indicators span R^n.
GDesign solve_g_design(std::size_t n, const std::vector<SuperArm>& start,
                       const WorstDirection& worst_direction, const GDesignOptions& options);

}  // namespace cpex::full_bandit
