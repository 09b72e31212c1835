// DesignMatrix: Sherman-Morrison inverse and determinant-lemma log det against direct
// computation, ordinary least squares (lambda = 0) and refactorization.
#include <catch2/catch.hpp>

#include <cmath>

#include <Eigen/Dense>

#include "cpex/numerics/design_matrix.hpp"
#include "cpex/random.hpp"

using cpex::numerics::DesignMatrix;

TEST_CASE("Incremental inverse, log det and estimate agree with direct computation",
          "[linear-numerics]") {
  for (double lambda : {1.0, 0.01}) {
    cpex::RandomStream rng(cpex::RunSeed{4, 0, 0}, cpex::StreamRole::Algorithm);
    const int d = 6;
    DesignMatrix design(d, lambda, /*refactor_every=*/1000000);  // never refactor
    Eigen::MatrixXd a = lambda * Eigen::MatrixXd::Identity(d, d);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(d);
    for (int t = 0; t < 500; ++t) {
      Eigen::VectorXd x(d);
      for (int i = 0; i < d; ++i) x(i) = rng.normal();
      const double r = rng.normal();
      design.add(x, r);
      a += x * x.transpose();
      b += r * x;
    }
    const Eigen::MatrixXd inverse = a.inverse();
    CHECK((design.inverse() - inverse).cwiseAbs().maxCoeff() < 1e-10);
    CHECK(design.log_det() == Approx(std::log(a.determinant())).epsilon(1e-10));
    CHECK((design.estimate() - a.ldlt().solve(b)).cwiseAbs().maxCoeff() < 1e-9);
    const Eigen::VectorXd y = Eigen::VectorXd::LinSpaced(d, -1, 1), x = Eigen::VectorXd::Ones(d);
    const Eigen::MatrixXd after = (a + x * x.transpose()).inverse();
    CHECK(design.norm_sq_after(y, x) == Approx(y.dot(after * y)).epsilon(1e-10));
    CHECK(design.norm_sq(y) == Approx(y.dot(inverse * y)).epsilon(1e-10));
  }
}

TEST_CASE("Ordinary least squares waits until the features span R^d", "[linear-numerics]") {
  DesignMatrix design(3, 0.0);
  CHECK_FALSE(design.invertible());
  design.add(Eigen::Vector3d(1, 0, 0), 1.0);
  design.add(Eigen::Vector3d(0, 1, 0), 2.0);
  design.add(Eigen::Vector3d(1, 1, 0), 3.0);
  CHECK_FALSE(design.invertible());  // still rank 2
  design.add(Eigen::Vector3d(0, 0, 2), 4.0);
  REQUIRE(design.invertible());
  const Eigen::Vector3d theta = design.estimate();
  CHECK(theta(0) == Approx(1.0));
  CHECK(theta(1) == Approx(2.0));
  CHECK(theta(2) == Approx(2.0));
}

TEST_CASE("Periodic refactorization keeps the same answers", "[linear-numerics]") {
  cpex::RandomStream rng(cpex::RunSeed{8, 0, 0}, cpex::StreamRole::Algorithm);
  DesignMatrix often(4, 1.0, 7), never(4, 1.0, 1000000);
  for (int t = 0; t < 300; ++t) {
    Eigen::Vector4d x(rng.normal(), rng.normal(), rng.normal(), rng.normal());
    const double r = rng.normal();
    often.add(x, r);
    never.add(x, r);
  }
  CHECK(often.factorizations() > 40);
  CHECK((often.inverse() - never.inverse()).cwiseAbs().maxCoeff() < 1e-10);
  CHECK(often.log_det() == Approx(never.log_det()).epsilon(1e-12));
}
