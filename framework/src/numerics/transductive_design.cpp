// Optimal transductive designs with a certified gap: a barrier (interior-point) Newton
// method, the dual lower bound (central-path weights or an LP for the best q), and direction
// generation for a pluggable worst-direction callback. See the header for the method.
#include "cpex/numerics/transductive_design.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <Eigen/SVD>

#include "cpex/numerics/dense_decompositions.hpp"

#include <glpk.h>

#include "cpex/errors.hpp"
#include "glpk_lock.hpp"
#include "infinity.hpp"

namespace cpex::numerics {

namespace {

bool invert(const Eigen::MatrixXd& a, Eigen::MatrixXd& inverse) {
  const Eigen::LLT<Eigen::MatrixXd> llt(a);
  if (llt.info() != Eigen::Success) return false;
  const auto diagonal = llt.matrixLLT().diagonal();
  if (diagonal.minCoeff() <= 1e-10 * std::sqrt(a.diagonal().maxCoeff())) return false;
  inverse = llt.solve(Eigen::MatrixXd::Identity(a.rows(), a.cols()));
  return true;
}

Eigen::MatrixXd moment(const Eigen::MatrixXd& features, const Eigen::VectorXd& p) {
  return features * p.asDiagonal() * features.transpose();
}

// An orthonormal basis of the features' span (empty when they span R^d): the design lives
// in that span, where the directions x - x' lie too.
Eigen::MatrixXd span_basis(const Eigen::MatrixXd& features) {
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(features, Eigen::ComputeThinU);
  svd.setThreshold(1e-10);
  const auto rank = svd.rank();
  if (rank == features.rows()) return {};
  return svd.matrixU().leftCols(rank);
}

Eigen::MatrixXd to_span(const Eigen::MatrixXd& basis, const Eigen::MatrixXd& m) {
  return basis.size() == 0 ? m : Eigen::MatrixXd(basis.transpose() * m);
}

// The directions' norms under one design: g_y = y^T A(p)^{-1} y, Z = X^T A^{-1} Y.
struct Norms {
  Eigen::MatrixXd inverse, z;
  Eigen::VectorXd g;
  double f = kInfinity;
};

bool evaluate(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const Eigen::VectorXd& p,
              Norms& n, bool with_z) {
  if (!(p.minCoeff() >= 0.0) || !invert(moment(x, p), n.inverse)) return false;
  const Eigen::MatrixXd projected = n.inverse * y;
  n.g = (y.array() * projected.array()).colwise().sum().transpose();
  n.f = n.g.maxCoeff();
  if (with_z) n.z = x.transpose() * projected;
  return true;
}

// The dual bound for a distribution q over the directions:
// min_p f >= 2 sum_y q_y g_y(p) - max_i sum_y q_y (x_i^T A^{-1} y)^2.
double dual_bound(const Norms& n, const Eigen::VectorXd& q) {
  const Eigen::VectorXd c = n.z.array().square().matrix() * q;
  return 2.0 * q.dot(n.g) - c.maxCoeff();
}

// The best dual bound at p: max over distributions q of 2 q.g - max_i (C q)_i with
// C_iy = (x_i^T A^{-1} y)^2, a linear program (variables q >= 0 and r free: maximize
// 2 g.q - r subject to C q <= r, sum q = 1) solved by GLPK's simplex. Tight at an optimum.
double best_dual_bound(const Norms& n) {
  const int k = static_cast<int>(n.z.rows()), m = static_cast<int>(n.z.cols());
  const Eigen::MatrixXd c = n.z.array().square().matrix();
  GlpkSession session;
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MAX);
  glp_add_rows(lp, k + 1);
  for (int i = 1; i <= k; ++i) glp_set_row_bnds(lp, i, GLP_UP, 0.0, 0.0);
  glp_set_row_bnds(lp, k + 1, GLP_FX, 1.0, 1.0);
  glp_add_cols(lp, m + 1);
  for (int j = 1; j <= m; ++j) {
    glp_set_col_bnds(lp, j, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp, j, 2.0 * n.g(j - 1));
  }
  glp_set_col_bnds(lp, m + 1, GLP_FR, 0.0, 0.0);
  glp_set_obj_coef(lp, m + 1, -1.0);
  std::vector<int> rows(1), cols(1);
  std::vector<double> values(1);  // GLPK arrays are 1-based
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < m; ++j) {
      rows.push_back(i + 1);
      cols.push_back(j + 1);
      values.push_back(c(i, j));
    }
    rows.push_back(i + 1);
    cols.push_back(m + 1);
    values.push_back(-1.0);
  }
  for (int j = 0; j < m; ++j) {
    rows.push_back(k + 1);
    cols.push_back(j + 1);
    values.push_back(1.0);
  }
  glp_load_matrix(lp, static_cast<int>(rows.size()) - 1, rows.data(), cols.data(), values.data());
  glp_smcp params;
  glp_init_smcp(&params);
  params.msg_lev = GLP_MSG_OFF;
  double bound = 0.0;
  if (glp_simplex(lp, &params) == 0 && glp_get_status(lp) == GLP_OPT) {
    // Re-evaluate the bound from the returned q (clipped, normalized): valid whatever the
    // solver's tolerances.
    Eigen::VectorXd q(m);
    for (int j = 0; j < m; ++j) q(j) = std::max(0.0, glp_get_col_prim(lp, j + 1));
    if (q.sum() > 0.0) bound = dual_bound(n, q / q.sum());
  }
  glp_delete_prob(lp);
  return bound;
}

// Change of the barrier s t - sum_y log(t - g_y(p)) - sum_i log p_i from (p, t, slack = t - g)
// to (p', t'), summed as ratios so that large s t cancels exactly (infinity if infeasible).
double barrier_change(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const Eigen::VectorXd& p,
                      const Eigen::ArrayXd& slack, double t, const Eigen::VectorXd& p_new,
                      double t_new, double s) {
  Norms n;
  if (!(p_new.minCoeff() > 0.0) || !evaluate(x, y, p_new, n, false) || !(t_new > n.f))
    return kInfinity;
  return s * (t_new - t) - ((t_new - n.g.array()) / slack).log().sum() -
         (p_new.array() / p.array()).log().sum();
}

// Minimizes f over the simplex for explicit directions (span coordinates), from p0 > 0, by
// a primal barrier method on min t s.t. g_y(p) <= t, p >= 0, sum p = 1: Newton steps on
// s t - sum_y log(t - g_y) - sum_i log p_i (the equality by a Schur complement), s growing
// tenfold per centering. On the central path q_y = 1/(s (t - g_y)) sums to 1; its dual bound
// (or the LP best q) certifies the gap. `budget` counts Newton steps (decremented). Every
// centering runs to its end: a centering cut short (30 steps, formerly) when the optimum
// leaves many weights at 0 lets t move by about its slack 1/s per step while s keeps
// growing, and the solver stalled far from the optimum with its budget spent (a 42% gap on
// Fiez et al.'s two surviving items, docs/reproductions/linear-transductive.md).
DesignResult solve_explicit(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y,
                            const Eigen::VectorXd& p0, double relative_gap, int& budget) {
  const Eigen::Index k = x.cols(), m = y.cols();
  DesignResult result;
  Eigen::VectorXd p = p0.cwiseMax(1e-12);
  p /= p.sum();
  Norms n;
  if (!evaluate(x, y, p, n, true))
    throw Error("the design matrix of the arms' features is numerically singular");
  double t = n.f * 1.1 + 1e-12;
  double s = static_cast<double>(m + k) / n.f;
  double lower = 0.0;
  Eigen::VectorXd best_p = p;
  double best_f = n.f;
  for (;;) {
    // Centering by Newton's method.
    while (budget > 0) {
      evaluate(x, y, p, n, true);
      const Eigen::ArrayXd w = (t - n.g.array()).inverse();  // 1 / (t - g_y)
      const Eigen::MatrixXd z2 = n.z.array().square().matrix();
      const Eigen::MatrixXd q_matrix = x.transpose() * n.inverse * x;
      Eigen::VectorXd gradient(k + 1);
      gradient.head(k) = -(z2 * w.matrix()) - p.cwiseInverse();
      gradient(k) = s - w.sum();
      Eigen::MatrixXd hessian(k + 1, k + 1);
      hessian.topLeftCorner(k, k) =
          2.0 * q_matrix.cwiseProduct(n.z * w.matrix().asDiagonal() * n.z.transpose()) +
          z2 * w.square().matrix().asDiagonal() * z2.transpose();
      hessian.topLeftCorner(k, k).diagonal() += p.cwiseInverse().cwiseAbs2();
      hessian.block(0, k, k, 1) = z2 * w.square().matrix();
      hessian.block(k, 0, 1, k) = hessian.block(0, k, k, 1).transpose();
      hessian(k, k) = w.square().sum();
      // Affine scaling by diag(p, t) keeps the system well conditioned as p_i -> 0; the
      // equality sum p = 1 becomes p^T u = 0 in the scaled variables u.
      Eigen::VectorXd scale(k + 1);
      scale.head(k) = p;
      scale(k) = t;
      // Newton step with sum p = 1 by the Schur complement of the (positive definite)
      // scaled Hessian H: u = -H^{-1}(g + a nu), a^T u = 0, a = (p, 0).
      const Eigen::MatrixXd scaled = scale.asDiagonal() * hessian * scale.asDiagonal();
      const Eigen::LDLT<Eigen::MatrixXd> ldlt(scaled);
      Eigen::VectorXd a = Eigen::VectorXd::Zero(k + 1);
      a.head(k) = p;
      const Eigen::VectorXd scaled_gradient = scale.cwiseProduct(gradient);
      const Eigen::VectorXd h_g = ldlt.solve(scaled_gradient), h_a = ldlt.solve(a);
      const double nu = -a.dot(h_g) / a.dot(h_a);
      const Eigen::VectorXd direction = -scale.cwiseProduct(h_g + nu * h_a);
      const double decrement = -gradient.dot(direction);
      --budget;
      ++result.iterations;
      if (!(decrement > 1e-10)) break;
      const Eigen::ArrayXd slack = t - n.g.array();
      double alpha = 1.0;
      bool moved = false, stalled = false;
      for (int halving = 0; halving < 60; ++halving, alpha *= 0.5) {
        const Eigen::VectorXd p_new = p + alpha * direction.head(k);
        const double t_new = t + alpha * direction(k);
        const double change = barrier_change(x, y, p, slack, t, p_new, t_new, s);
        if (change <= -0.25 * alpha * decrement) {
          stalled = change > -1e-12 * (1.0 + s * t);  // rounding level: centering is done
          const double sum = p_new.sum();  // remove rounding drift: g(p/sum) = sum g(p)
          p = p_new / sum;
          t = t_new * sum;
          moved = true;
          break;
        }
      }
      if (!moved || stalled || decrement < 1e-9) break;
    }
    evaluate(x, y, p, n, true);
    if (n.f < best_f) {
      best_f = n.f;
      best_p = p;
    }
    const Eigen::VectorXd w = (t - n.g.array()).inverse().matrix();
    lower = std::max(lower, dual_bound(n, w / w.sum()));
    if (best_f - lower > relative_gap * best_f) lower = std::max(lower, best_dual_bound(n));
    if (best_f - lower <= relative_gap * best_f) {
      result.converged = true;
      break;
    }
    if (budget <= 0) break;
    s *= 10.0;
    // Restart near the new centre's slack (sum_y 1/(t - g_y) = s), not from the old t:
    // a full Newton step from there can leave all slacks at rounding level.
    t = n.f + static_cast<double>(m) / s;
  }
  result.p = best_p / best_p.sum();
  result.value = best_f;
  result.lower_bound = std::min(lower, best_f);
  return result;
}

// Drops weights below `prune` when that costs at most the tolerated gap, judged by the
// callback (callback modes: a working set may miss the pruned design's worst direction).
// `features` in span coordinates; `lift` maps A^{-1} on the span to the caller's coordinates.
template <class Lift>
void prune_by_callback(const Eigen::MatrixXd& features, const WorstDirection& worst, const Lift& lift,
                       const DesignOptions& options, DesignResult& result) {
  Eigen::VectorXd pruned = result.p;
  for (Eigen::Index i = 0; i < pruned.size(); ++i)
    if (pruned(i) < options.prune) pruned(i) = 0.0;
  Eigen::MatrixXd inverse;
  if (!(pruned.sum() > 0.0) || !invert(moment(features, pruned / pruned.sum()), inverse)) return;
  pruned /= pruned.sum();
  const Eigen::MatrixXd lifted = lift(inverse);
  const Eigen::VectorXd y = worst(lifted);
  const double value = y.dot(lifted * y);
  if (value <= result.value * (1.0 + options.relative_gap / 2.0)) {
    result.p = pruned;
    result.value = value;
  }
}

// Drops weights below `prune` when that costs at most the tolerated gap.
void prune_design(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const DesignOptions& options,
                  DesignResult& result) {
  Eigen::VectorXd pruned = result.p;
  for (Eigen::Index i = 0; i < pruned.size(); ++i)
    if (pruned(i) < options.prune) pruned(i) = 0.0;
  if (pruned.sum() <= 0.0) return;
  pruned /= pruned.sum();
  Norms n;
  if (evaluate(x, y, pruned, n, false) && n.f <= result.value * (1.0 + options.relative_gap / 2.0)) {
    result.p = pruned;
    result.value = n.f;  // the lower bound stays valid: it bounds every design
  }
}

}  // namespace

double design_value(const Eigen::MatrixXd& all_features, const Eigen::MatrixXd& all_directions,
                    const Eigen::VectorXd& p) {
  const Eigen::MatrixXd basis = span_basis(all_features);
  const Eigen::MatrixXd features = to_span(basis, all_features);
  const Eigen::MatrixXd directions = to_span(basis, all_directions);
  Norms n;
  return evaluate(features, directions, p, n, false) ? n.f : kInfinity;
}

DesignResult optimal_design(const Eigen::MatrixXd& all_features,
                            const Eigen::MatrixXd& all_directions, const DesignOptions& options) {
  const Eigen::MatrixXd basis = span_basis(all_features);
  const Eigen::MatrixXd features = to_span(basis, all_features);
  const Eigen::MatrixXd directions = to_span(basis, all_directions);
  const auto k = features.cols();
  int budget = options.iterations;
  DesignResult result = solve_explicit(features, directions,
                                       Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k)),
                                       options.relative_gap, budget);
  prune_design(features, directions, options, result);
  return result;
}

DesignResult optimal_design(const Eigen::MatrixXd& all_features, const WorstDirection& worst,
                            const DesignOptions& options) {
  const Eigen::MatrixXd basis = span_basis(all_features);
  const Eigen::MatrixXd features = to_span(basis, all_features);
  const auto k = features.cols();
  // M = A(p)^{-1} on the span, in the caller's coordinates.
  auto lift = [&](const Eigen::MatrixXd& inverse) {
    return basis.size() == 0 ? inverse : Eigen::MatrixXd(basis * inverse * basis.transpose());
  };
  auto lifted_inverse = [&](const Eigen::VectorXd& p) {
    Eigen::MatrixXd inverse;
    if (!invert(moment(features, p), inverse))
      throw Error("the design matrix of the arms' features is numerically singular");
    return lift(inverse);
  };
  Eigen::VectorXd p = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  Eigen::MatrixXd working(features.rows(), 0);
  auto add = [&](const Eigen::VectorXd& y) {
    working.conservativeResize(Eigen::NoChange, working.cols() + 1);
    working.col(working.cols() - 1) = to_span(basis, y);
  };
  add(worst(lifted_inverse(p)));
  int budget = options.iterations;
  DesignResult result;
  for (;;) {
    result = solve_explicit(features, working, p, options.relative_gap / 2.0, budget);
    result.iterations = options.iterations - budget;
    p = result.p;
    const Eigen::MatrixXd inverse = lifted_inverse(p);
    const Eigen::VectorXd y = worst(inverse);
    const double value = y.dot(inverse * y);
    result.value = std::max(result.value, value);  // f(p) >= both; = value for an exact callback
    result.converged = result.value - result.lower_bound <= options.relative_gap * result.value;
    if (result.converged || budget <= 0 || working.cols() >= options.max_directions) break;
    add(y);
  }
  // Pruning, judged by the callback (the working set may miss the new worst direction).
  prune_by_callback(features, worst, lift, options, result);
  return result;
}

MemberDesign g_optimal_design(const Eigen::MatrixXd& start, const WorstDirection& worst,
                              const DesignOptions& options) {
  const Eigen::Index d = start.rows();
  const double dimension = static_cast<double>(d);
  MemberDesign out;
  std::vector<Eigen::VectorXd> members;
  std::vector<double> weights;
  std::map<std::vector<double>, std::size_t> index;  // a member's place, by its coordinates
  auto place = [&](const Eigen::VectorXd& x) {
    const auto [it, fresh] =
        index.emplace(std::vector<double>(x.data(), x.data() + x.size()), members.size());
    if (fresh) {
      members.push_back(x);
      weights.push_back(0.0);
    }
    return it->second;
  };
  const double uniform = 1.0 / static_cast<double>(start.cols());
  for (Eigen::Index j = 0; j < start.cols(); ++j) weights[place(start.col(j))] += uniform;
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(d, d);
  for (std::size_t j = 0; j < members.size(); ++j)
    a.noalias() += weights[j] * members[j] * members[j].transpose();
  Eigen::MatrixXd inverse;
  if (!invert(a, inverse)) throw Error("g-optimal design: the starting members do not span R^d");
  DesignResult& result = out.design;
  result.lower_bound = dimension;  // Kiefer-Wolfowitz: exact
  Eigen::VectorXd u(d);
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    const Eigen::VectorXd y = worst(inverse);
    u.noalias() = inverse * y;
    const double value = y.dot(u);
    result.value = value;
    result.iterations = iteration + 1;
    if (value <= dimension * (1.0 + options.relative_gap)) break;
    // p <- (1 - gamma) p + gamma e_y, gamma the D-optimal line-search step.
    const double gamma = (value / dimension - 1.0) / (value - 1.0);
    for (double& w : weights) w *= 1.0 - gamma;
    weights[place(y)] += gamma;
    // ((1-g)A + g y y^T)^{-1} = (A^{-1} - g' u u^T / (1 + g' value)) / (1 - g), g' = g/(1-g)
    const double ratio = gamma / (1.0 - gamma);
    inverse.noalias() -= (u * (ratio / (1.0 + ratio * value))) * u.transpose();
    inverse /= 1.0 - gamma;
  }
  result.converged = result.value <= dimension * (1.0 + options.relative_gap);
  out.members.resize(d, static_cast<Eigen::Index>(members.size()));
  for (std::size_t j = 0; j < members.size(); ++j) out.members.col(static_cast<Eigen::Index>(j)) = members[j];
  result.p = Eigen::Map<const Eigen::VectorXd>(weights.data(), static_cast<Eigen::Index>(weights.size()));
  return out;
}

Eigen::MatrixXd pairwise_differences(const Eigen::MatrixXd& x) {
  Eigen::MatrixXd y(x.rows(), x.cols() * (x.cols() - 1) / 2);
  Eigen::Index c = 0;
  for (Eigen::Index a = 0; a < x.cols(); ++a)
    for (Eigen::Index b = a + 1; b < x.cols(); ++b) y.col(c++) = x.col(a) - x.col(b);
  return y;
}

}  // namespace cpex::numerics
