// The value and a maximin strategy of a zero-sum matrix game: max_{z in simplex} min_j
// (payoff z)_j for a payoff matrix (J rows, K columns), as a linear program (GLPK's simplex:
// maximize v subject to payoff z >= v, sum z = 1, z >= 0). The Frank-Wolfe samplers (Wang,
// Tzeng & Proutière 2021) solve one when several pieces of the alternative are r-active.
#pragma once

#include <Eigen/Core>

namespace cpex::numerics {

struct MatrixGame {
  Eigen::VectorXd strategy;  // z, a distribution over the columns
  double value = 0.0;        // min_j (payoff z)_j
  bool solved = false;       // false: the simplex failed (strategy uniform)
};

MatrixGame solve_matrix_game(const Eigen::MatrixXd& payoff);

}  // namespace cpex::numerics
