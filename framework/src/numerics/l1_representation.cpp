// L1-minimal representations with GLPK's simplex method.
#include "cpex/numerics/l1_representation.hpp"

#include <mutex>
#include <vector>

#include <glpk.h>

#include "glpk_lock.hpp"

namespace cpex::numerics {

std::mutex& glpk_mutex() {
  static std::mutex mutex;
  return mutex;
}

GlpkSession::GlpkSession() : lock_(glpk_mutex(), std::defer_lock) {
  static const bool thread_local_storage = glp_config("TLS") != nullptr;
  if (!thread_local_storage) lock_.lock();
}

GlpkSession::~GlpkSession() { glp_free_env(); }

std::optional<Eigen::VectorXd> min_l1_representation(const Eigen::MatrixXd& features,
                                                     const Eigen::VectorXd& y) {
  const int d = static_cast<int>(features.rows());
  const int k = static_cast<int>(features.cols());
  GlpkSession session;
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_rows(lp, d);
  for (int r = 0; r < d; ++r) glp_set_row_bnds(lp, r + 1, GLP_FX, y(r), y(r));
  glp_add_cols(lp, 2 * k);  // u_1..u_k, then v_1..v_k
  for (int c = 1; c <= 2 * k; ++c) {
    glp_set_col_bnds(lp, c, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp, c, 1.0);
  }
  std::vector<int> rows(1), cols(1);
  std::vector<double> values(1);  // GLPK arrays are 1-based
  for (int i = 0; i < k; ++i)
    for (int r = 0; r < d; ++r) {
      if (features(r, i) == 0.0) continue;
      for (int sign : {1, -1}) {
        rows.push_back(r + 1);
        cols.push_back(sign > 0 ? i + 1 : k + i + 1);
        values.push_back(sign * features(r, i));
      }
    }
  glp_load_matrix(lp, static_cast<int>(rows.size()) - 1, rows.data(), cols.data(), values.data());
  glp_smcp params;
  glp_init_smcp(&params);
  params.msg_lev = GLP_MSG_OFF;
  params.presolve = GLP_ON;
  const int status = glp_simplex(lp, &params);
  std::optional<Eigen::VectorXd> w;
  if (status == 0 && glp_get_status(lp) == GLP_OPT) {
    w = Eigen::VectorXd(k);
    for (int i = 0; i < k; ++i) (*w)(i) = glp_get_col_prim(lp, i + 1) - glp_get_col_prim(lp, k + i + 1);
  }
  glp_delete_prob(lp);
  return w;
}

std::optional<Eigen::VectorXd> l1_selection_ratios(const Eigen::MatrixXd& features,
                                                   const Eigen::VectorXd& y) {
  auto w = min_l1_representation(features, y);
  if (!w) return std::nullopt;
  const double total = w->cwiseAbs().sum();
  if (!(total > 0.0)) return std::nullopt;
  return Eigen::VectorXd(w->cwiseAbs() / total);
}

}  // namespace cpex::numerics
