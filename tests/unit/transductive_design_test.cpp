// Optimal transductive designs: the canonical instance's non-uniform optimum (36 at
// p = (1/3, 1/6, ..., 1/6)), random instances against an independent brute-force grid on the
// simplex, the certified lower bound, the pluggable worst-direction callback, feature sets
// that do not span R^d, and an optimum on 2 of 40 arms (centerings run to their end).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include <Eigen/Dense>

#include "cpex/errors.hpp"
#include "cpex/numerics/transductive_design.hpp"

using namespace cpex::numerics;

namespace {

// max_y y^T A(p)^{-1} y by a direct solve, independent of the library.
double direct_value(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const Eigen::VectorXd& p) {
  const Eigen::MatrixXd a = x * p.asDiagonal() * x.transpose();
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(a);
  if (!lu.isInvertible()) return std::numeric_limits<double>::infinity();
  double worst = 0.0;
  for (Eigen::Index c = 0; c < y.cols(); ++c) worst = std::max(worst, y.col(c).dot(lu.solve(y.col(c))));
  return worst;
}

// The minimum of direct_value over the grid {p : p_i = n_i / steps} of the simplex (K = 3 or 4).
double grid_minimum(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, int steps) {
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd p(x.cols());
  const bool four = x.cols() == 4;
  for (int a = 0; a <= steps; ++a)
    for (int b = 0; a + b <= steps; ++b)
      for (int c = 0; a + b + c <= steps && (four || c == 0); ++c) {
        const int rest = steps - a - b - c;
        if (four) p << a, b, c, rest; else p << a, b, rest;
        p /= steps;
        best = std::min(best, direct_value(x, y, p));
      }
  return best;
}

DesignOptions tight() {
  DesignOptions options;
  options.relative_gap = 1e-6;
  options.iterations = 2000;
  return options;
}

}  // namespace

TEST_CASE("XY-oracle design of the canonical instance: 36 at (1/3, 1/6, 1/6, 1/6, 1/6)",
          "[linear-numerics]") {
  // K = d = 5, theta = (0.5, 0, ...): directions (e_1 - e_i) / 0.5. The value of p is
  // 4 (1/p_1 + 1/min_{i>1} p_i), minimized at p_1 = 1/3: 4 (3 + 6) = 36; uniform gives 40.
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(5, 5);
  Eigen::MatrixXd y(5, 4);
  for (Eigen::Index i = 1; i < 5; ++i) y.col(i - 1) = (x.col(0) - x.col(i)) / 0.5;
  const DesignResult r = optimal_design(x, y, tight());
  CHECK(r.converged);
  CHECK(r.value == Approx(36.0).epsilon(1e-4));
  CHECK(r.lower_bound <= 36.0 + 1e-9);
  CHECK(r.lower_bound >= 36.0 * (1.0 - 1e-6));
  CHECK(r.p(0) == Approx(1.0 / 3.0).margin(1e-3));
  for (Eigen::Index i = 1; i < 5; ++i) CHECK(r.p(i) == Approx(1.0 / 6.0).margin(1e-3));
  CHECK(direct_value(x, y, r.p) == Approx(r.value).epsilon(1e-9));
}

TEST_CASE("XY-static design of the canonical basis is uniform with value 10", "[linear-numerics]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(5, 5);
  const DesignResult r = optimal_design(x, pairwise_differences(x), tight());
  CHECK(r.converged);
  for (Eigen::Index i = 0; i < 5; ++i) CHECK(r.p(i) == Approx(0.2).margin(1e-3));
  CHECK(r.value == Approx(10.0).epsilon(1e-4));
  CHECK(r.lower_bound <= 10.0 + 1e-9);
}

TEST_CASE("Random designs match a brute-force grid on the simplex, and the bound is valid",
          "[linear-numerics]") {
  std::mt19937_64 engine(20240611);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 6; ++trial) {
    const bool four = trial % 2 == 1;
    const Eigen::Index d = four ? 3 : 2, k = four ? 4 : 3;
    Eigen::MatrixXd x(d, k);
    for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = normal(engine);
    // Alternate XY-static directions and oracle-like weighted directions.
    Eigen::MatrixXd y = pairwise_differences(x);
    if (trial % 3 == 2) y = (y.leftCols(k - 1) * 3.0).eval();  // eval: no aliasing on resize
    const DesignResult r = optimal_design(x, y, tight());
    const double grid = grid_minimum(x, y, four ? 120 : 600);
    INFO("trial " << trial << ": solver " << r.value << " [bound " << r.lower_bound
                  << "], grid " << grid);
    CHECK(r.converged);
    CHECK(direct_value(x, y, r.p) == Approx(r.value).epsilon(1e-9));
    // The grid's minimum is attained by a design, so the certified bound lies below it,
    // and the solver must do at least as well as the grid (up to its gap).
    CHECK(r.lower_bound <= grid * (1.0 + 1e-9));
    CHECK(r.value <= grid * (1.0 + 1e-6));
  }
}

TEST_CASE("A worst-direction callback gives the explicit list's design", "[linear-numerics]") {
  std::mt19937_64 engine(7);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd x(3, 7);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = normal(engine);
  const Eigen::MatrixXd y = pairwise_differences(x);
  int calls = 0;
  const WorstDirection worst = [&](const Eigen::MatrixXd& m) {
    ++calls;
    Eigen::Index best = 0;
    (y.array() * (m * y).array()).colwise().sum().maxCoeff(&best);
    return Eigen::VectorXd(y.col(best));
  };
  const DesignResult listed = optimal_design(x, y, tight());
  const DesignResult generated = optimal_design(x, worst, tight());
  CHECK(listed.converged);
  CHECK(generated.converged);
  CHECK(calls > 1);
  CHECK(generated.value == Approx(listed.value).epsilon(1e-4));
  CHECK(generated.lower_bound <= listed.value * (1.0 + 1e-9));
  CHECK(direct_value(x, y, generated.p) == Approx(generated.value).epsilon(1e-9));
}

TEST_CASE("Soare's instance: the designs are not uniform and the oracle direction wants arm 2",
          "[linear-numerics]") {
  const double w = 0.01;
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(5, 6);
  x.leftCols(5).setIdentity();
  x(0, 5) = std::cos(w);
  x(1, 5) = std::sin(w);
  const Eigen::MatrixXd y = pairwise_differences(x);
  const DesignResult r = optimal_design(x, y);
  CHECK(r.converged);
  CHECK(r.p.sum() == Approx(1.0));
  CHECK(r.value < direct_value(x, y, Eigen::VectorXd::Constant(6, 1.0 / 6.0)) * 0.9);
  Eigen::MatrixXd oracle(5, 1);
  oracle.col(0) = x.col(0) - x.col(5);
  const DesignResult q = optimal_design(x, oracle);
  CHECK(q.p(1) > 0.9);
}

TEST_CASE("Centerings run to their end certify a design whose optimum leaves 38 of 40 arms at 0",
          "[linear-numerics]") {
  // Fiez et al.'s transductive instance after its first phase: X the canonical basis of R^40,
  // one direction y = z_20 - z_0 = (cos 0.1 - 1) e_0 + sin 0.1 e_20. For X = I the value is
  // sum_i y_i^2 / p_i, minimized at p_i ~ |y_i|: (|y_0| + |y_20|)^2 = 0.010989, on two arms.
  // With 30 Newton steps per centering the solver stalled at 0.01526 (gap 42%) with 0.7% of
  // the weight on each of the 38 other arms, its 5000 steps spent.
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(40, 40);
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(40, 1);
  y(0, 0) = std::cos(0.1) - 1.0;
  y(20, 0) = std::sin(0.1);
  const double optimum = std::pow(std::abs(y(0, 0)) + y(20, 0), 2);
  const DesignResult r = optimal_design(x, y, DesignOptions{});
  INFO("value " << r.value << ", lower bound " << r.lower_bound << ", Newton steps " << r.iterations);
  CHECK(r.converged);
  CHECK(r.relative_gap() <= 1e-3);
  CHECK(r.lower_bound <= optimum * (1.0 + 1e-9));
  CHECK(r.value >= optimum * (1.0 - 1e-9));
  CHECK(r.value <= optimum * (1.0 + 1e-3));
  CHECK(direct_value(x, y, r.p) == Approx(r.value).epsilon(1e-9));
  CHECK(r.p(0) / r.p(20) == Approx(std::abs(y(0, 0)) / y(20, 0)).epsilon(1e-2));
}

TEST_CASE("Features that do not span R^d get a design in their span", "[linear-numerics]") {
  // Three arms in a plane of R^3: the design is the one of the same arms in R^2.
  Eigen::MatrixXd x(3, 3);
  x << 1, 0, 1,
       0, 1, 1,
       0, 0, 0;
  const DesignResult p = optimal_design(x, pairwise_differences(x), tight());
  const DesignResult q = optimal_design(x.topRows(2), pairwise_differences(x.topRows(2)), tight());
  CHECK(std::isfinite(p.value));
  CHECK(p.value == Approx(q.value).epsilon(1e-4));
  CHECK(design_value(x, pairwise_differences(x), p.p) == Approx(p.value).epsilon(1e-9));
}

namespace {

// The indicator vectors of every k-subset of n arms (columns).
Eigen::MatrixXd all_k_subsets(int n, int k) {
  std::vector<Eigen::VectorXd> columns;
  for (int mask = 0; mask < (1 << n); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != k) continue;
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < n; ++i)
      if (mask & (1 << i)) x(i) = 1.0;
    columns.push_back(x);
  }
  Eigen::MatrixXd out(n, static_cast<Eigen::Index>(columns.size()));
  for (std::size_t c = 0; c < columns.size(); ++c) out.col(static_cast<Eigen::Index>(c)) = columns[c];
  return out;
}

}  // namespace

TEST_CASE("G-optimal design over a class given by its worst member (full-bandit super arms)", "[design]") {
  for (auto [n, k] : {std::pair<int, int>{6, 3}, {8, 3}, {9, 4}}) {
    const Eigen::MatrixXd members = all_k_subsets(n, k);
    // An exact callback: the member of largest x^T M x, by enumeration.
    const WorstDirection worst = [&](const Eigen::MatrixXd& m) {
      Eigen::Index best = 0;
      double value = -1.0;
      for (Eigen::Index c = 0; c < members.cols(); ++c)
        if (const double v = members.col(c).dot(m * members.col(c)); v > value) value = v, best = c;
      return Eigen::VectorXd(members.col(best));
    };
    // Start: n members that span R^n ({0..k} minus j, then {0..k-2} + j).
    Eigen::MatrixXd start = Eigen::MatrixXd::Zero(n, n);
    for (int j = 0; j <= k; ++j)
      for (int i = 0; i <= k; ++i) start(i, j) = i == j ? 0.0 : 1.0;
    for (int j = k + 1; j < n; ++j) {
      for (int i = 0; i + 1 < k; ++i) start(i, j) = 1.0;
      start(j, j) = 1.0;
    }
    DesignOptions options;
    options.relative_gap = 1e-2;
    options.iterations = 20000;
    const MemberDesign d = g_optimal_design(start, worst, options);
    INFO("n = " << n << ", k = " << k << ": value " << d.design.value << ", members " << d.members.cols());
    CHECK(d.design.converged);
    CHECK(d.design.lower_bound == n);           // Kiefer-Wolfowitz: exact
    CHECK(d.design.value >= n * (1.0 - 1e-9));  // no design beats the bound
    CHECK(d.members.leftCols(n) == start);      // the start first, in order
    CHECK(d.design.p.sum() == Approx(1.0).epsilon(1e-12));
    // Its value over the whole class, independently: within the gap of n.
    const double value = direct_value(d.members, members, d.design.p);
    CHECK(value <= n * (1.0 + 1e-2) * (1.0 + 1e-9));
    CHECK(value >= n * (1.0 - 1e-9));
  }
}
