// Frank-Wolfe transductive designs: symmetry, optimality against simple alternatives, and
// singular feature sets.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "cpex/errors.hpp"
#include "cpex/numerics/transductive_design.hpp"

using namespace cpex::numerics;

namespace {

Eigen::MatrixXd all_pairs(const Eigen::MatrixXd& x) {
  Eigen::MatrixXd y(x.rows(), x.cols() * (x.cols() - 1) / 2);
  Eigen::Index c = 0;
  for (Eigen::Index a = 0; a < x.cols(); ++a)
    for (Eigen::Index b = a + 1; b < x.cols(); ++b) y.col(c++) = x.col(a) - x.col(b);
  return y;
}

}  // namespace

TEST_CASE("The XY design of the canonical basis is uniform", "[linear-numerics]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(5, 5);
  const Eigen::VectorXd p = transductive_design(x, all_pairs(x), {3000, 1e-3});
  for (Eigen::Index i = 0; i < 5; ++i) CHECK(p(i) == Approx(0.2).margin(0.02));
  // max_y ||e_a - e_b||^2 with uniform weights is 2 / 0.2 = 10.
  CHECK(design_value(x, all_pairs(x), p) == Approx(10.0).epsilon(0.05));
}

TEST_CASE("The design is at least as good as uniform and as single-direction guesses",
          "[linear-numerics]") {
  // Soare's instance with d = 3: e_1, e_2, e_3 and (cos w, sin w, 0).
  const double w = 0.01;
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(3, 4);
  x.leftCols(3).setIdentity();
  x(0, 3) = std::cos(w);
  x(1, 3) = std::sin(w);
  const Eigen::MatrixXd y = all_pairs(x);
  const Eigen::VectorXd p = transductive_design(x, y, {2000, 1e-3});
  CHECK(p.sum() == Approx(1.0));
  CHECK(p.minCoeff() >= 0.0);
  const double value = design_value(x, y, p);
  CHECK(value <= design_value(x, y, Eigen::VectorXd::Constant(4, 0.25)) * 1.0001);
  // The oracle direction alone: (x_1 - x_4)/gap is served best by arm 2 (e_2).
  Eigen::MatrixXd oracle(3, 1);
  oracle.col(0) = x.col(0) - x.col(3);
  Eigen::MatrixXd spanning = x;  // (a design must still span R^3 to be invertible)
  const Eigen::VectorXd q = transductive_design(spanning, oracle, {2000, 1e-3});
  CHECK(q(1) > 0.9);
}

TEST_CASE("Features that do not span R^d get a design in their span", "[linear-numerics]") {
  // Three arms in a plane of R^3: the design is the one of the same arms in R^2.
  Eigen::MatrixXd x(3, 3);
  x << 1, 0, 1,
       0, 1, 1,
       0, 0, 0;
  const Eigen::VectorXd p = transductive_design(x, all_pairs(x), {2000, 1e-3});
  const Eigen::VectorXd q = transductive_design(x.topRows(2), all_pairs(x.topRows(2)), {2000, 1e-3});
  CHECK((p - q).cwiseAbs().maxCoeff() < 0.01);  // rotated coordinates: ties may break apart
  CHECK(std::isfinite(design_value(x, all_pairs(x), p)));
  CHECK(design_value(x, all_pairs(x), p) ==
        Approx(design_value(x.topRows(2), all_pairs(x.topRows(2)), q)).epsilon(0.01));
}
