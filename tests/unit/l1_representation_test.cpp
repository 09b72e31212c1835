// The L1 program of seed 002 eq. (11) (GLPK) against hand-solved cases.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "cpex/numerics/l1_representation.hpp"

using namespace cpex::numerics;

TEST_CASE("Canonical basis: y = e_1 - e_2 gives p = (1/2, 1/2) on the pair", "[linear-numerics]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(4, 4);
  Eigen::VectorXd y = Eigen::VectorXd::Zero(4);
  y << 1, -1, 0, 0;
  const auto w = min_l1_representation(x, y);
  REQUIRE(w);
  CHECK((*w - y).cwiseAbs().maxCoeff() < 1e-9);
  const auto p = l1_selection_ratios(x, y);
  REQUIRE(p);
  CHECK((*p)(0) == Approx(0.5));
  CHECK((*p)(1) == Approx(0.5));
  CHECK((*p)(2) == Approx(0.0).margin(1e-12));
  CHECK((*p)(3) == Approx(0.0).margin(1e-12));
}

TEST_CASE("The L1 program prefers the cheaper representation", "[linear-numerics]") {
  // Arms e_1, e_2 and (1, 1): y = (1, 1) costs 1 with the third arm, 2 with the first two.
  Eigen::MatrixXd x(2, 3);
  x << 1, 0, 1,
       0, 1, 1;
  const auto p = l1_selection_ratios(x, Eigen::Vector2d(1, 1));
  REQUIRE(p);
  CHECK((*p)(2) == Approx(1.0));
  // Soare's instance, d = 2: y = x_1 - x_3 with x_3 = (cos w, sin w) is mostly along e_2.
  const double w = 0.01;
  Eigen::MatrixXd soare(2, 3);
  soare << 1, 0, std::cos(w),
           0, 1, std::sin(w);
  const auto q = l1_selection_ratios(soare, soare.col(0) - soare.col(2));
  REQUIRE(q);
  const double a = 1 - std::cos(w), b = std::sin(w);
  CHECK((*q)(0) == Approx(a / (a + b)).epsilon(1e-6));
  CHECK((*q)(1) == Approx(b / (a + b)).epsilon(1e-6));
}

TEST_CASE("Directions outside the span have no representation", "[linear-numerics]") {
  Eigen::MatrixXd x(3, 2);
  x << 1, 0,
       0, 1,
       0, 0;
  CHECK_FALSE(min_l1_representation(x, Eigen::Vector3d(0, 0, 1)));
  CHECK_FALSE(l1_selection_ratios(x, Eigen::Vector3d(0, 0, 0)));
}
