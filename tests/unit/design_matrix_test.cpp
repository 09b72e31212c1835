// DesignMatrix: Sherman-Morrison inverse and determinant-lemma log det against direct
// computation, ordinary least squares (lambda = 0) and refactorization.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "cpex/numerics/arm_design.hpp"
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
    const Eigen::VectorXd y = Eigen::VectorXd::LinSpaced(d, -1, 1);
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

TEST_CASE("ArmDesign's incremental products agree with direct computation", "[linear-numerics]") {
  cpex::RandomStream rng(cpex::RunSeed{6, 0, 0}, cpex::StreamRole::Algorithm);
  const int d = 4, k = 7;
  Eigen::MatrixXd x(d, k);
  for (int c = 0; c < k; ++c)
    for (int r = 0; r < d; ++r) x(r, c) = rng.normal();
  cpex::numerics::ArmDesign arms(x, 0.5, 50);  // several refactorizations on the way
  Eigen::MatrixXd a = 0.5 * Eigen::MatrixXd::Identity(d, d);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(d);
  for (int t = 0; t < 400; ++t) {
    const auto arm = static_cast<std::size_t>(rng.below(k));
    const double r = rng.normal();
    arms.add(arm, r);
    a += x.col(static_cast<Eigen::Index>(arm)) * x.col(static_cast<Eigen::Index>(arm)).transpose();
    b += r * x.col(static_cast<Eigen::Index>(arm));
  }
  const Eigen::MatrixXd inverse = a.inverse();
  CHECK((arms.means() - x.transpose() * (inverse * b)).cwiseAbs().maxCoeff() < 1e-9);
  CHECK(arms.counts()[0] + arms.counts()[1] + arms.counts()[2] + arms.counts()[3] +
            arms.counts()[4] + arms.counts()[5] + arms.counts()[6] == 400);
  // Pair norms, and the greedy choice (seed 002 eq. 9) against inverting A + x x^T per arm.
  const Eigen::VectorXd y = x.col(1) - x.col(4);
  CHECK(arms.pair_norm_sq(1, 4) == Approx(y.dot(inverse * y)).epsilon(1e-9));
  std::size_t best = 0;
  double best_value = std::numeric_limits<double>::infinity();
  for (int c = 0; c < k; ++c) {
    const Eigen::MatrixXd after = (a + x.col(c) * x.col(c).transpose()).inverse();
    const double value = y.dot(after * y);
    if (value < best_value) {
      best_value = value;
      best = static_cast<std::size_t>(c);
    }
  }
  CHECK(arms.most_informative_arm(1, 4) == best);
}

TEST_CASE("An unregularized design is singular until its pulls span R^d, whatever the rounding", "[numerics]") {
  // One pull of x leaves a last Cholesky pivot of 1.5e-8 (sqrt of rounding: b^2 - (ab/|a|)^2
  // in doubles, as after the first arm of the linear suite's 5-arm instance, 3e-9): still
  // singular. The next pull makes it invertible with the exact inverse, and Sherman-Morrison
  // keeps it exact.
  DesignMatrix design(2, 0.0);
  Eigen::Vector2d x(-0.8122808264515302, -0.9433050469559874), y(-0.8, -0.6), z(0.96, -0.28);
  design.add(x, 1.0);
  CHECK_FALSE(design.invertible());
  design.add(y, 0.5);
  REQUIRE(design.invertible());
  design.add(z, -0.5);
  const Eigen::Matrix2d a = x * x.transpose() + y * y.transpose() + z * z.transpose();
  CHECK((design.inverse() - a.inverse()).cwiseAbs().maxCoeff() < 1e-12);
  const Eigen::Vector2d b = 1.0 * x + 0.5 * y - 0.5 * z;
  CHECK((design.estimate() - a.inverse() * b).cwiseAbs().maxCoeff() < 1e-12);
}
