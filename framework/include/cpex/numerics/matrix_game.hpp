// The value of a small matrix game played on the simplex, by linear programming (GLPK's
// simplex): for a payoff matrix A (rows x cols) and offsets b,
//
//   max_{z in simplex(cols)} min_{j < rows} sum_c A[j][c] z_c + b_j,
//
// the Frank-Wolfe step of FW sampling (Wang, Tzeng & Proutiere, NeurIPS 2021: the direction
// that most increases the least of the r-active pieces' linearizations).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::numerics {

// A is row-major (rows * cols entries, all finite), b has `rows` entries. Writes the
// maximizing strategy (normalized) and returns the game's value. The program is solved on
// A and b divided by their largest magnitude (GLPK's tolerances are absolute); should the
// primal simplex fail numerically, the dual simplex, then presolve; should all fail, the
// best pure strategy and its value (never an exception for finite input: an FW run must
// not die of one ill-conditioned step). std::invalid_argument for empty or non-finite input.
double solve_matrix_game(std::span<const double> payoff, std::size_t rows, std::size_t cols,
                         std::span<const double> offsets, std::vector<double>& strategy);

}  // namespace cpex::numerics
