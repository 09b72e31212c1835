// The input check the matrix-game solvers share (matrix_game.cpp, star_game.cpp): a payoff
// matrix of rows x cols entries, one offset per row, all finite; std::invalid_argument naming
// the solver otherwise.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

namespace cpex::numerics {

inline void check_game_input(const char* solver, std::span<const double> payoff, std::size_t rows, std::size_t cols,
                             std::span<const double> offsets) {
  if (rows == 0 || cols == 0 || payoff.size() != rows * cols || offsets.size() != rows)
    throw std::invalid_argument(std::string(solver) + ": a payoff matrix of " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " needs that many entries and one offset per row");
  const auto finite = [](double x) { return std::isfinite(x); };
  if (!std::all_of(payoff.begin(), payoff.end(), finite) || !std::all_of(offsets.begin(), offsets.end(), finite))
    throw std::invalid_argument(std::string(solver) + ": a payoff or an offset is not finite");
}

}  // namespace cpex::numerics
