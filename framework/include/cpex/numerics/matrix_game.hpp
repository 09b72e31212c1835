// The value of a small matrix game played on the simplex, by linear programming (GLPK's
// simplex): for a payoff matrix A (rows x cols) and offsets b,
//
//   max_{z in simplex(cols)} min_{j < rows} sum_c A[j][c] z_c + b_j,
//
// the Frank-Wolfe step of FW sampling (Wang, Tzeng & Proutiere, NeurIPS 2021: the direction
// that most increases the least of the r-active pieces' linearizations). A star-shaped game
// (the best arm's) is solved by water filling instead (solve_star_game, star_game.cpp).
#pragma once

#include <cstddef>
#include <optional>
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

// The same game when it is a star, solved without a linear program: one hub column that any
// row may weigh, and at most one other column per row, no two rows sharing it, the other
// columns' entries >= 0 (FW sampling on the best arm: every r-active piece moves the empirical
// best arm and its own challenger, with divergences as payoffs; hundreds of pieces are r-active
// on 10^4 arms). With s the hub's weight, row j is a_j s + c_j z_j + b_j; for a given s the best
// z is water filling (the level L with sum_j (L - a_j s - b_j)^+ / c_j = 1 - s, rows with c_j = 0
// capping the value), a concave function of s maximized by bisection on the sign of its
// derivative (O(R log R) an evaluation, O(R) once the order holds: the order of the a_j s + b_j
// is kept and re-sorted stably, by runs of insertion merged pairwise). The strategy puts s on the
// hub and (L - a_j s - b_j)^+ / c_j on row j's column; the value within ~1e-13 relative of the
// program's. std::nullopt when the game is not a star (the caller then takes solve_matrix_game);
// the same std::invalid_argument.
std::optional<double> solve_star_game(std::span<const double> payoff, std::size_t rows,
                                      std::size_t cols, std::span<const double> offsets,
                                      std::vector<double>& strategy);
// The star game given row by row: row j is hub[j] s + own[j] z_j + offsets[j] (own[j] >= 0,
// all finite: std::invalid_argument otherwise); writes the hub's weight s and the rows' own
// weights z (s + sum z = 1) and returns the value. What the dense form above calls, and what a
// caller that knows its game is a star calls without forming the matrix (fw-sampling).
double solve_star_game(std::span<const double> hub, std::span<const double> own,
                       std::span<const double> offsets, double& hub_weight,
                       std::vector<double>& own_weights);

}  // namespace cpex::numerics
