// max_z min_j (A z + b)_j over the simplex as one linear program:
//   maximize v  subject to  v - sum_c A[j][c] z_c <= b_j (every row j),  sum_c z_c = 1,  z >= 0.
#include "cpex/numerics/matrix_game.hpp"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "game_input.hpp"
#include "glpk_lock.hpp"

namespace cpex::numerics {

double solve_matrix_game(std::span<const double> payoff, std::size_t rows, std::size_t cols,
                         std::span<const double> offsets, std::vector<double>& strategy) {
  check_game_input("solve_matrix_game", payoff, rows, cols, offsets);
  // One scale for the whole game (v and the offsets scale with it): GLPK's tolerances are
  // absolute, and the payoffs of a long run (N_a d(mu_a, lambda_a)) reach 1e6 and more.
  double scale = 0.0;
  for (const double x : payoff) scale = std::max(scale, std::fabs(x));
  for (const double x : offsets) scale = std::max(scale, std::fabs(x));
  if (!(scale > 0.0)) scale = 1.0;
  const int n = static_cast<int>(cols), m = static_cast<int>(rows);
  double game_value = 0.0;
  auto solve = [&](bool presolve, int method) {
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
    // Each row's nonzero entries only, in column order (glp_set_mat_row drops zero entries and
    // keeps the others' order: the same program as with the zeros given; a piece's row has a
    // few nonzeros among the support's columns, so the set-up is O(nonzeros), not O(rows cols)).
    for (int j = 1; j <= m; ++j) {
      int len = 0;
      for (int c = 1; c <= n; ++c) {
        const double entry =
            -payoff[static_cast<std::size_t>(j - 1) * cols + static_cast<std::size_t>(c - 1)] / scale;
        if (entry == 0.0) continue;
        ++len;
        index[static_cast<std::size_t>(len)] = c;
        value[static_cast<std::size_t>(len)] = entry;
      }
      ++len;
      index[static_cast<std::size_t>(len)] = n + 1;
      value[static_cast<std::size_t>(len)] = 1.0;
      glp_set_mat_row(lp, j, len, index.data(), value.data());
      glp_set_row_bnds(lp, j, GLP_UP, 0.0, offsets[static_cast<std::size_t>(j - 1)] / scale);
    }
    for (int c = 1; c <= n; ++c) {
      index[static_cast<std::size_t>(c)] = c;
      value[static_cast<std::size_t>(c)] = 1.0;
    }
    glp_set_mat_row(lp, m + 1, n, index.data(), value.data());
    glp_set_row_bnds(lp, m + 1, GLP_FX, 1.0, 1.0);
    glp_smcp parameters;
    glp_init_smcp(&parameters);
    parameters.msg_lev = GLP_MSG_OFF;
    parameters.presolve = presolve ? GLP_ON : GLP_OFF;
    parameters.meth = method;
    const int status = glp_simplex(lp, &parameters);
    const bool optimal = status == 0 && glp_get_status(lp) == GLP_OPT;
    double total = 0.0, result = 0.0;
    if (optimal) {
      strategy.assign(cols, 0.0);
      for (int c = 1; c <= n; ++c)
        total += strategy[static_cast<std::size_t>(c - 1)] = std::max(0.0, glp_get_col_prim(lp, c));
      result = glp_get_obj_val(lp) * scale;
    }
    glp_delete_prob(lp);
    if (!optimal || !(total > 0.0)) return false;
    for (double& z : strategy) z /= total;
    game_value = result;
    return true;
  };
  // The game always has a value (a bounded, feasible program); should the simplex still
  // fail numerically, the dual simplex, then presolve, then the best pure strategy
  // (argmax_c min_j A[j][c] + b_j: a valid strategy, the value of that vertex).
  if (solve(false, GLP_PRIMAL) || solve(false, GLP_DUALP) || solve(true, GLP_PRIMAL)) return game_value;
  std::size_t best = 0;
  double best_value = -std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < cols; ++c) {
    double worst = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < rows; ++j) worst = std::min(worst, payoff[j * cols + c] + offsets[j]);
    if (worst > best_value) {
      best_value = worst;
      best = c;
    }
  }
  strategy.assign(cols, 0.0);
  strategy[best] = 1.0;
  return best_value;
}

}  // namespace cpex::numerics
