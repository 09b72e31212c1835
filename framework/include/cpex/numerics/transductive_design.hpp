// Optimal transductive (XY / G-allocation) designs for linear bandits: the allocation p over
// arms minimizing f(p) = max_{y in Y} y^T A(p)^{-1} y, A(p) = sum_i p_i x_i x_i^T (Soare et
// al. 2014's XY allocations; seed 002 eq. 5 and 18), with a CERTIFIED optimality gap.
//
// Method (framework/src/numerics/transductive_design.cpp): a primal barrier (interior-point) method
// on min t s.t. g_y(p) = y^T A(p)^{-1} y <= t, p >= 0, sum p = 1: Newton steps with the exact
// Hessian on s t - sum_y log(t - g_y) - sum_i log p_i, s growing tenfold per centering.
// Certificate: for ANY distribution q over Y, convexity of h_q(p) = sum_y q_y g_y(p) and
// sum_i p_i c_i = h_q(p), c_i = sum_y q_y (x_i^T A^{-1} y)^2, give
//     min_p f >= 2 h_q(p) - max_i c_i(p)        (the dual bound),
// evaluated with the central-path weights q_y ~ 1/(t - g_y) and, when that is not enough,
// with the best q for the current p (a small LP, GLPK). The bound is tight at an optimum
// (the KKT mixture q), so the gap goes to 0; the solver stops when
//     f(p) - best lower bound <= relative_gap * f(p).
//
// The worst direction can also be pluggable (a G-allocation whose directions cannot be
// enumerated): a callback returns a y (approximately) maximizing y^T M y for the current
// M = A(p)^{-1}; the solver then generates directions (a working set, solved as above and
// extended by the callback's answer until the callback finds nothing worse than the working
// set's certified lower bound allows). The certificate is exact when the callback is.
//
// The G-optimal design over a class that cannot be enumerated, whose members are both the
// support and the directions (Y = X, e.g. the super arms of a full-bandit problem, seed 000
// App. D), is the third entry (g_optimal_design, below).
//
// When the features do not span R^d (e.g. fewer arms than dimensions), the design is
// computed in their span; directions must lie in it (x - x' always does), and M given to a
// callback is the inverse on the span (B A_s^{-1} B^T for an orthonormal basis B).
#pragma once

#include <functional>

#include <Eigen/Core>

namespace cpex::numerics {

// The XY directions of a best-arm design: x_a - x_b for every pair a < b of X's columns,
// in the order (0,1), (0,2), ..., (1,2), ...
Eigen::MatrixXd pairwise_differences(const Eigen::MatrixXd& x);

struct DesignOptions {
  int iterations = 5000;        // at most this many Newton steps in total
  double relative_gap = 1e-3;   // stop when f(p) - lower bound <= relative_gap * f(p)
  double prune = 1e-3;          // drop weights below this if the value grows by <= relative_gap
  int max_directions = 200;     // callback mode: at most this many generated directions
};

struct DesignResult {
  Eigen::VectorXd p;           // the design (sums to 1)
  double value = 0.0;          // f(p) = max_y y^T A(p)^{-1} y
  double lower_bound = 0.0;    // certified: no design has a value below this
  int iterations = 0;
  bool converged = false;      // the relative gap was reached within `iterations`

  double relative_gap() const { return value > 0.0 ? (value - lower_bound) / value : 0.0; }
};

// features: d x K (columns are arms); directions: d x |Y|, in the span of the features.
DesignResult optimal_design(const Eigen::MatrixXd& features, const Eigen::MatrixXd& directions,
                            const DesignOptions& options = {});

// Returns a direction y (d-vector) approximately maximizing y^T a_inverse y.
using WorstDirection = std::function<Eigen::VectorXd(const Eigen::MatrixXd& a_inverse)>;

DesignResult optimal_design(const Eigen::MatrixXd& features, const WorstDirection& worst,
                            const DesignOptions& options = {});

// G-optimal design over a class X given by a worst-member callback: min_p max_{x in X}
// x^T A(p)^{-1} x over designs p on X. `start`: d x K0 members of X spanning R^d (taken with
// uniform weights); `worst(M)` returns a member (approximately) maximizing x^T M x for
// M = A(p)^{-1}. Certificate: for any design p on X, max_x x^T A(p)^{-1} x >=
// sum_x p_x x^T A(p)^{-1} x = trace(I) = d, and d is attained (Kiefer-Wolfowitz), so
// lower_bound = d exactly and the design is within relative_gap of the optimum once the
// callback's member has x^T A^{-1} x <= d (1 + relative_gap) (exact for an exact callback; a
// heuristic callback's value is a lower bound of f(p)).
// Method: Fedorov-Wynn (Frank-Wolfe on log det, equivalent by Kiefer-Wolfowitz): the
// callback's member gets the line-search step gamma = (v/d - 1)/(v - 1), A(p)^{-1} follows by
// a scaled Sherman-Morrison update, O(d^2) per iteration; at most `iterations` iterations.
// Not the barrier method above: its Newton step is O(K^3) in the members K >= d, and
// generating one member per re-solve needed 0.1 s at d = 10 (super arms, k = 5) but did not
// reach a 1% gap in 2000 steps (9 s, 46 s) at d = 20 and 50, where Fedorov-Wynn takes
// milliseconds (docs/algorithms/full-bandit.md).
struct MemberDesign {
  Eigen::MatrixXd members;  // d x K: the start's distinct columns first, in order, then the
                            // generated ones
  DesignResult design;      // p over the members' columns; iterations: Fedorov-Wynn steps
};

MemberDesign g_optimal_design(const Eigen::MatrixXd& start, const WorstDirection& worst,
                              const DesignOptions& options = {});

// max_{y in Y} y^T A(p)^{-1} y for a design p, in the span of the features (infinity if
// A(p) is singular there).
double design_value(const Eigen::MatrixXd& features, const Eigen::MatrixXd& directions,
                    const Eigen::VectorXd& p);

}  // namespace cpex::numerics
