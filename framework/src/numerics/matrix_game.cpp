// The maximin strategy of a zero-sum matrix game by GLPK's simplex (see the header).
#include "cpex/numerics/matrix_game.hpp"

#include <algorithm>
#include <vector>

#include <glpk.h>

#include "glpk_lock.hpp"

namespace cpex::numerics {

MatrixGame solve_matrix_game(const Eigen::MatrixXd& payoff) {
  const int rows = static_cast<int>(payoff.rows()), cols = static_cast<int>(payoff.cols());
  MatrixGame out;
  out.strategy = Eigen::VectorXd::Constant(cols, cols > 0 ? 1.0 / cols : 0.0);
  if (rows == 0 || cols == 0) return out;
  GlpkSession session;
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MAX);
  glp_add_rows(lp, rows + 1);
  for (int j = 1; j <= rows; ++j) glp_set_row_bnds(lp, j, GLP_LO, 0.0, 0.0);  // (payoff z)_j - v >= 0
  glp_set_row_bnds(lp, rows + 1, GLP_FX, 1.0, 1.0);                          // sum z = 1
  glp_add_cols(lp, cols + 1);
  for (int k = 1; k <= cols; ++k) glp_set_col_bnds(lp, k, GLP_LO, 0.0, 0.0);
  glp_set_col_bnds(lp, cols + 1, GLP_FR, 0.0, 0.0);
  glp_set_obj_coef(lp, cols + 1, 1.0);
  std::vector<int> ia(1), ja(1);
  std::vector<double> ar(1);  // GLPK arrays are 1-based
  for (int j = 0; j < rows; ++j) {
    for (int k = 0; k < cols; ++k) {
      ia.push_back(j + 1);
      ja.push_back(k + 1);
      ar.push_back(payoff(j, k));
    }
    ia.push_back(j + 1);
    ja.push_back(cols + 1);
    ar.push_back(-1.0);
  }
  for (int k = 0; k < cols; ++k) {
    ia.push_back(rows + 1);
    ja.push_back(k + 1);
    ar.push_back(1.0);
  }
  glp_load_matrix(lp, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
  glp_smcp params;
  glp_init_smcp(&params);
  params.msg_lev = GLP_MSG_OFF;
  if (glp_simplex(lp, &params) == 0 && glp_get_status(lp) == GLP_OPT) {
    Eigen::VectorXd z(cols);
    for (int k = 0; k < cols; ++k) z(k) = std::max(0.0, glp_get_col_prim(lp, k + 1));
    if (z.sum() > 0.0) {
      out.strategy = z / z.sum();
      out.solved = true;
    }
  }
  glp_delete_prob(lp);
  out.value = (payoff * out.strategy).minCoeff();
  return out;
}

}  // namespace cpex::numerics
