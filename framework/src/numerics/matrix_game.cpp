// max_z min_j (A z + b)_j over the simplex as one linear program:
//   maximize v  subject to  v - sum_c A[j][c] z_c <= b_j (every row j),  sum_c z_c = 1,  z >= 0.
#include "cpex/numerics/matrix_game.hpp"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "glpk_lock.hpp"

namespace cpex::numerics {

double solve_matrix_game(std::span<const double> payoff, std::size_t rows, std::size_t cols,
                         std::span<const double> offsets, std::vector<double>& strategy) {
  if (rows == 0 || cols == 0 || payoff.size() != rows * cols || offsets.size() != rows)
    throw std::invalid_argument("solve_matrix_game: a payoff matrix of " + std::to_string(rows) + " x " +
                                std::to_string(cols) + " needs that many entries and one offset per row");
  auto finite = [](double x) { return std::isfinite(x); };
  if (!std::all_of(payoff.begin(), payoff.end(), finite) || !std::all_of(offsets.begin(), offsets.end(), finite))
    throw std::invalid_argument("solve_matrix_game: a payoff or an offset is not finite");
  const int n = static_cast<int>(cols), m = static_cast<int>(rows);
  GlpkSession session;
  glp_prob* lp = glp_create_prob();
  glp_term_out(GLP_OFF);
  glp_set_obj_dir(lp, GLP_MAX);
  glp_add_cols(lp, n + 1);  // z_1..z_n, then v
  for (int c = 1; c <= n; ++c) glp_set_col_bnds(lp, c, GLP_LO, 0.0, 0.0);
  glp_set_col_bnds(lp, n + 1, GLP_FR, 0.0, 0.0);
  glp_set_obj_coef(lp, n + 1, 1.0);
  glp_add_rows(lp, m + 1);
  std::vector<int> index(static_cast<std::size_t>(n) + 2);
  std::vector<double> value(static_cast<std::size_t>(n) + 2);
  for (int c = 1; c <= n + 1; ++c) index[static_cast<std::size_t>(c)] = c;
  for (int j = 1; j <= m; ++j) {
    for (int c = 1; c <= n; ++c)
      value[static_cast<std::size_t>(c)] = -payoff[static_cast<std::size_t>(j - 1) * cols + static_cast<std::size_t>(c - 1)];
    value[static_cast<std::size_t>(n) + 1] = 1.0;
    glp_set_mat_row(lp, j, n + 1, index.data(), value.data());
    glp_set_row_bnds(lp, j, GLP_UP, 0.0, offsets[static_cast<std::size_t>(j - 1)]);
  }
  for (int c = 1; c <= n; ++c) value[static_cast<std::size_t>(c)] = 1.0;
  glp_set_mat_row(lp, m + 1, n, index.data(), value.data());
  glp_set_row_bnds(lp, m + 1, GLP_FX, 1.0, 1.0);
  glp_smcp parameters;
  glp_init_smcp(&parameters);
  parameters.msg_lev = GLP_MSG_OFF;
  const int status = glp_simplex(lp, &parameters);
  const bool optimal = status == 0 && glp_get_status(lp) == GLP_OPT;
  double total = 0.0, result = 0.0;
  if (optimal) {
    strategy.assign(cols, 0.0);
    for (int c = 1; c <= n; ++c) total += strategy[static_cast<std::size_t>(c - 1)] = std::max(0.0, glp_get_col_prim(lp, c));
    result = glp_get_obj_val(lp);
  }
  glp_delete_prob(lp);
  if (!optimal || !(total > 0.0)) throw std::runtime_error("solve_matrix_game: GLPK found no optimum");
  for (double& z : strategy) z /= total;
  return result;
}

}  // namespace cpex::numerics
