// T*(mu) and w*(mu) by the structure of the alternative, for the problems whose pieces are
// every pair (i in `inside`, j in `outside`) of BipartitePieces (identification.hpp: top-m,
// the best arm of any families, the epsilon-good arm), at thousands of arms, by one sweep of
// the sorted arms and a scalar equation.
//
// By 1-homogeneity of the pieces g_ij(w_i, w_j) = min over the piece of w_i d_i + w_j d_j,
//   T*(mu) = min sum_a w_a  s.t.  g_ij(w_i, w_j) >= 1 for every pair,
// whose optimality conditions (Lagrange multipliers q_ij >= 0 on the tight pieces) are, by the
// envelope theorem (dg_ij/dw_a = d_a(mu_a, lambda^ij_a)), for every arm a:
//   sum over the pieces p at a of q_p d_a(mu_a, lambda^p_a) = 1.
// The staircase: the inside arms sorted by decreasing mean (rows), the outside arms alike
// (columns); the tight pieces form a monotone path from (row 0, column 0) to (last row, last
// column) — for Gaussian arms this is exact: with u_a = sigma_a^2 / w_a the constraints read
// u_i + u_j <= (mu_i - mu_j)^2 / 2, a Monge cost, and the multipliers are a transport whose
// north-west-corner coupling is optimal; for the other families the certificate below checks
// it (and the cutting planes take over where it would fail). Given the first row's weight s,
// the sweep walks the path: the next arm's weight makes its piece with the current arm of the
// other side tight (a scalar equation: g is increasing and concave in one weight, solved by
// Newton inside a bracket), the piece's multiplier is the least that meets the condition of
// one of its two arms, which the path then leaves. R(s), the residual left on the rows minus
// that left on the columns, increases with s; s* solves R = 0 (bracketed, then regula falsi
// with the Illinois halving in log(s - s_least), and bisection where that stalls).
// With one arm inside (the best arm, an epsilon-good answer) the path is the star of
// Garivier & Kaufmann (COLT 2016, Lemma 4 and Theorem 5): the root against every other arm,
// R = 1 - sum_l d_root(lambda^l) / d_leaf(lambda^l), their F(y) = 1 at y = 1/s, written here for
// any pair of families (per-arm sigmas, unknown variances, shifted epsilon-good pieces).
//
// Certificate (characteristic_time.cpp computes the lower bound itself): the problem's own
// best response at w* gives T*^{-1} >= F(w*); the mixture of the path's closest points with
// weights q gives T*^{-1} <= max_a sum_p q_p d_a(mu_a, lambda^p_a) / sum_p q_p (the game's value,
// by minimax). The bounds meet at the optimum (about 1e-12 relative in tests; a few 1e-9 when
// the path's sweep stops early at the caller's target gap).
#pragma once

#include <cstddef>
#include <span>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

// Solves T* for one answer by the structure; keeps the last solve's s* to bracket the next
// (a Track-and-Stop round).
class StructuredTimeSolver {
 public:
  // False when the structure does not apply (the caller uses the cutting planes); else fills
  // out.weights, value (the sum of the unnormalized weights, T* to the sweep's precision),
  // upper (the mixture bound), iterations (sweeps) and method. out.lower is the caller's (the
  // problem's best response at the weights). The sweep stops once its own gap is below a
  // quarter of `relative_gap`.
  bool solve(std::span<const double> mu, std::span<const ArmFamily> families, const BipartitePieces& pieces,
             double relative_gap, CharacteristicTime& out);

  // The star's mixture bound at given weights (the certificate of Garivier & Kaufmann's
  // solver too): max(sum_l d_root/d_leaf, 1) / sum_l 1/d_leaf at the leaves' closest points.
  static double star_upper_bound(std::span<const double> w, std::span<const double> mu,
                                 std::span<const ArmFamily> families, const BipartitePieces& pieces);

  // A lower bound on T* of one star answer from its pieces one by one (1/L + 1/L', the two
  // arms' limits): answers of larger bound need no solve. 0 when not a star.
  static double star_time_bound(std::span<const double> mu, std::span<const ArmFamily> families,
                                const BipartitePieces& pieces);

 private:
  double warm_s_ = 0.0;  // the last solve's first-row weight
};

}  // namespace cpex::numerics
