// T*(theta) and w*(theta) of linear and transductive best-arm identification
// (numerics::linear_characteristic_time: cutting planes over the library's linear best
// response) against independent computations: the canonical basis is the unstructured
// Gaussian best-arm problem (numerics::optimal_weights, Garivier & Kaufmann's Theorem 5);
// Soare's instance and random instances (d <= 5, Z = X and Z != X) against (a) the barrier
// design solver of transductive_design.hpp on the directions (z* - z)/theta^T(z* - z)
// (T* = 2 sigma^2 min_w max_z ||y_z||^2, a different algorithm, where it certifies its own
// gap), and (b) the cutting planes fed by a best response written here, in the test, from the
// definition (the closest alternative by a projection, singular designs included). Agreement
// within 1e-4 relative, the independent values inside the certified bracket; and Fiez et
// al.'s transductive instance certified to 1e-6 and against the barrier solver (which stalled
// there while its centerings were capped at 30 Newton steps).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/numerics/linear_identification.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/numerics/transductive_design.hpp"

using namespace cpex;
using namespace cpex::numerics;

namespace {

// Linear best-arm identification as an identification problem over the arms' means (the test's
// own best response: lambda = theta - (theta^T y / y^T A^+ y) A^+ y, or a move along the null
// space of A(w) when y leaves its range, at value 0).
class LinearProblemForTest final : public IdentificationProblem {
 public:
  LinearProblemForTest(Eigen::MatrixXd x, Eigen::MatrixXd z, Eigen::VectorXd theta, double sigma)
      : IdentificationProblem(static_cast<std::size_t>(x.cols())),
        x_(std::move(x)), z_(std::move(z)), theta_(std::move(theta)), sigma_(sigma) {
    (z_.transpose() * theta_).maxCoeff(&star_);
  }
  std::string name() const override { return "linear best arm (test)"; }
  bool answer(std::span<const double>, Decision& out) const override {
    out.arms = {static_cast<std::size_t>(star_)};
    return true;
  }
  bool correct(std::span<const double>, const Decision& c) const override {
    return c.arms.size() == 1 && c.arms[0] == static_cast<std::size_t>(star_);
  }
  std::size_t pieces(const Decision&) const override { return static_cast<std::size_t>(z_.cols()) - 1; }
  std::size_t largest_piece(const Decision&) const override { return arms(); }
  void best_response(std::span<const double> w, std::span<const double>, std::span<const ArmFamily>,
                     const Decision&, BestResponse& out, std::span<const double>,
                     std::span<const double>) const override {
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(x_.rows(), x_.rows());
    for (Eigen::Index i = 0; i < x_.cols(); ++i) a += w[static_cast<std::size_t>(i)] * x_.col(i) * x_.col(i).transpose();
    const Eigen::MatrixXd pinv = a.completeOrthogonalDecomposition().pseudoInverse();
    out.value = std::numeric_limits<double>::infinity();
    Eigen::VectorXd best_lambda = theta_;
    for (Eigen::Index j = 0; j < z_.cols(); ++j) {
      if (j == star_) continue;
      const Eigen::VectorXd y = z_.col(star_) - z_.col(j);
      const double gap = y.dot(theta_);
      const Eigen::VectorXd off_range = y - a * (pinv * y);
      Eigen::VectorXd lambda;
      double value;
      if (off_range.norm() > 1e-9 * y.norm()) {
        lambda = theta_ - (gap / off_range.dot(y)) * off_range;  // invisible to A(w)
        value = 0.0;
      } else {
        const double norm = y.dot(pinv * y);
        lambda = theta_ - (gap / norm) * (pinv * y);
        value = gap * gap / (2.0 * sigma_ * sigma_ * norm);
      }
      if (value < out.value) {
        out.value = value;
        best_lambda = lambda;
      }
    }
    out.margin = out.value;
    out.arms.clear();
    out.point.clear();
    for (Eigen::Index i = 0; i < x_.cols(); ++i) {
      out.arms.push_back(static_cast<std::size_t>(i));
      out.point.push_back(x_.col(i).dot(best_lambda));
    }
  }

 private:
  Eigen::MatrixXd x_, z_;
  Eigen::VectorXd theta_;
  double sigma_;
  Eigen::Index star_ = 0;
};

// T* by the cutting planes over the test's best response.
double independent_t_star(const Eigen::MatrixXd& x, const Eigen::MatrixXd& z, const Eigen::VectorXd& theta,
                          double sigma) {
  LinearProblemForTest problem(x, z, theta, sigma);
  const Eigen::VectorXd means = x.transpose() * theta;
  const std::vector<double> mu(means.data(), means.data() + means.size());
  const std::vector<ArmFamily> families(mu.size(), ArmFamily::gaussian(sigma));
  CharacteristicTimeOptions options;
  options.relative_gap = 1e-8;
  const CharacteristicTime t = characteristic_time(problem, mu, families, options);
  REQUIRE(t.relative_gap() < 1e-5);
  return t.value;
}

// T* by the barrier design solver over the directions (z* - z) / theta^T (z* - z).
double design_t_star(const Eigen::MatrixXd& x, const Eigen::MatrixXd& z, const Eigen::VectorXd& theta, double sigma) {
  Eigen::Index star = 0;
  (z.transpose() * theta).maxCoeff(&star);
  Eigen::MatrixXd y(x.rows(), z.cols() - 1);
  for (Eigen::Index j = 0, c = 0; j < z.cols(); ++j)
    if (j != star) y.col(c++) = (z.col(star) - z.col(j)) / (z.col(star) - z.col(j)).dot(theta);
  DesignOptions options;
  options.relative_gap = 1e-8;
  options.iterations = 20000;
  options.prune = 0.0;
  const DesignResult design = optimal_design(x, y, options);
  REQUIRE(design.relative_gap() < 1e-6);
  return 2.0 * sigma * sigma * design.value;
}

void check_against_independent(const Eigen::MatrixXd& x, const Eigen::MatrixXd& z, const Eigen::VectorXd& theta,
                               double sigma) {
  const LinearCharacteristicTime ours = linear_characteristic_time(x, z, theta, sigma);
  const double planes = independent_t_star(x, z, theta, sigma);
  const double design = design_t_star(x, z, theta, sigma);
  INFO("ours " << ours.value << " test's best response " << planes << " design solver " << design << " gap "
               << ours.relative_gap());
  REQUIRE(ours.unique);
  CHECK(ours.converged);
  CHECK(ours.relative_gap() <= 1e-6);
  for (const double theirs : {planes, design}) {
    CHECK(std::abs(ours.value - theirs) <= 1e-4 * theirs);
    // The certified bracket holds the independent value (to its own accuracy).
    CHECK(1.0 / theirs >= ours.lower * (1.0 - 1e-6));
    CHECK(1.0 / theirs <= ours.upper * (1.0 + 1e-6));
  }
  CHECK(std::abs(ours.weights.sum() - 1.0) < 1e-9);
}

Eigen::MatrixXd soare_arms(int d, double omega) {
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(d, d + 1);
  x.leftCols(d).setIdentity();
  x(0, d) = std::cos(omega);
  x(1, d) = std::sin(omega);
  return x;
}

}  // namespace

TEST_CASE("Linear T* on the canonical basis is the unstructured Gaussian best-arm T*", "[linear][lower-bound]") {
  std::mt19937_64 rng(31);
  std::normal_distribution<double> normal;
  for (int d = 2; d <= 5; ++d)
    for (double sigma : {1.0, 0.5}) {
      Eigen::VectorXd theta(d);
      for (int i = 0; i < d; ++i) theta(i) = normal(rng);
      const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(d, d);
      const LinearCharacteristicTime linear = linear_characteristic_time(x, x, theta, sigma);
      const std::vector<double> mu(theta.data(), theta.data() + d);
      const OptimalWeights gk = optimal_weights(mu, ArmFamily::gaussian(sigma));
      INFO("d = " << d << " linear " << linear.value << " GK " << gk.characteristic_time);
      CHECK(linear.answer == gk.best);
      CHECK(std::abs(linear.value - gk.characteristic_time) <= 1e-4 * gk.characteristic_time);
      for (int i = 0; i < d; ++i) CHECK(std::abs(linear.weights(i) - gk.weights[static_cast<std::size_t>(i)]) < 1e-3);
    }
}

TEST_CASE("Linear T* on Soare's instance across its angle, against the cutting planes", "[linear][lower-bound]") {
  for (int d : {2, 3, 6})
    for (double omega : {0.01, 0.1, 0.5}) {
      const Eigen::MatrixXd x = soare_arms(d, omega);
      Eigen::VectorXd theta = Eigen::VectorXd::Zero(d);
      theta(0) = 2.0;
      INFO("d = " << d << " omega = " << omega);
      check_against_independent(x, x, theta, 1.0);
    }
  // As the angle closes, the hard direction e_1 - x_{d+1} needs e_2 (the arm that is never
  // the answer): T* grows like 1/omega^2 and w*(e_2) dominates.
  const Eigen::MatrixXd x = soare_arms(2, 0.01);
  const LinearCharacteristicTime t = linear_characteristic_time(x, x, Eigen::Vector2d(2.0, 0.0), 1.0);
  CHECK(t.weights(1) > t.weights(0));
  CHECK(t.weights(1) > t.weights(2));
}

TEST_CASE("Linear T* on random instances d <= 5, Z = X and Z != X, against the cutting planes",
          "[linear][lower-bound]") {
  std::mt19937_64 rng(2031);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 12; ++trial) {
    const int d = 2 + trial % 4;
    const int k = d + 1 + trial % 3;
    Eigen::MatrixXd x(d, k);
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < k; ++j) x(i, j) = normal(rng);
    Eigen::VectorXd theta(d);
    for (int i = 0; i < d; ++i) theta(i) = normal(rng);
    INFO("trial " << trial << " d = " << d << " K = " << k);
    check_against_independent(x, x, theta, 1.0);
    Eigen::MatrixXd z(d, 4 + trial % 3);
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < z.cols(); ++j) z(i, j) = normal(rng);
    check_against_independent(x, z, theta, 0.7);
  }
}

TEST_CASE("Linear T* on Fiez et al.'s transductive instance is certified and agrees with the barrier solver",
          "[linear][lower-bound]") {
  // X = the canonical basis of R^40, Z = e_1..e_20 and cos(0.1) e_i + sin(0.1) e_{20+i},
  // theta = e_1 (the authors' run_transductive.py, d = 20).
  const int d = 20;
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(2 * d, 2 * d);
  Eigen::MatrixXd z = Eigen::MatrixXd::Zero(2 * d, 2 * d);
  for (int i = 0; i < d; ++i) {
    z(i, i) = 1.0;
    z(i, d + i) = std::cos(0.1);
    z(d + i, d + i) = std::sin(0.1);
  }
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(2 * d);
  theta(0) = 1.0;
  const LinearCharacteristicTime t = linear_characteristic_time(x, z, theta, 1.0);
  INFO("T* " << t.value << " gap " << t.relative_gap() << " cuts " << t.iterations);
  CHECK(t.converged);
  CHECK(t.relative_gap() <= 1e-6);
  const double design = design_t_star(x, z, theta, 1.0);
  INFO("barrier design solver " << design);
  CHECK(std::abs(t.value - design) <= 1e-4 * design);
  // By symmetry w* puts one weight on e_1, one on e_21 and equal weights on the rest of each
  // half; the hard item cos(0.1) e_1 + sin(0.1) e_21 alone needs T* >= 2 (1 + s)^2 with
  // s = sin(0.1) / (1 - cos(0.1)) (its direction e_1 - s e_21 under the best two-arm design).
  const double s = std::sin(0.1) / (1.0 - std::cos(0.1));
  CHECK(t.value >= 2.0 * (1.0 + s) * (1.0 + s));
  CHECK(t.weights(d) > 0.5);
  for (int i = 2; i < d; ++i) CHECK(std::abs(t.weights(i) - t.weights(1)) < 1e-3 * t.weights(1) + 1e-9);
}

TEST_CASE("Linear T*: ties, items outside the span, the answer's duplicates", "[linear][lower-bound]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(2, 2);
  // Two items of equal value: no unique answer, T* infinite.
  Eigen::MatrixXd z(2, 2);
  z << 1, 0, 0, 1;
  const LinearCharacteristicTime tie = linear_characteristic_time(x, z, Eigen::Vector2d(1.0, 1.0), 1.0);
  CHECK_FALSE(tie.unique);
  CHECK(std::isinf(tie.value));
  // An item outside span(X).
  Eigen::MatrixXd flat(3, 2);
  flat << 1, 0, 0, 1, 0, 0;
  Eigen::MatrixXd items(3, 2);
  items << 1, 0, 0, 0, 0, 1;
  CHECK(outside_span(flat, items) == std::optional<std::size_t>(1));
  CHECK_THROWS_AS(linear_characteristic_time(flat, items, Eigen::Vector3d(1, 0, 0), 1.0), std::invalid_argument);
  // A duplicate of the answer is the same answer: T* as without it.
  Eigen::MatrixXd dup(2, 3);
  dup << 1, 1, 0, 0, 0, 1;
  const LinearCharacteristicTime a = linear_characteristic_time(x, dup, Eigen::Vector2d(1.0, 0.5), 1.0);
  const LinearCharacteristicTime b = linear_characteristic_time(x, x, Eigen::Vector2d(1.0, 0.5), 1.0);
  CHECK(a.unique);
  CHECK(std::abs(a.value - b.value) < 1e-6 * b.value);
  // theta from the means recovers the values of every item in the span.
  const Eigen::VectorXd theta = theta_from_means(flat, std::vector<double>{0.3, -0.2});
  CHECK(std::abs(theta(0) - 0.3) < 1e-12);
  CHECK(std::abs(theta(1) + 0.2) < 1e-12);
}

TEST_CASE("The linear best response is the GLR: value, closest alternative and gradient", "[linear][glr]") {
  // Canonical arms, counts N: the GLR of arm 0 against arm 1 is Delta^2 / (2 sigma^2 (1/N_0 + 1/N_1)).
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(3, 3);
  const Eigen::Vector3d theta(1.0, 0.6, 0.0);
  const Eigen::Vector3d counts(10, 20, 5);
  const Eigen::MatrixXd a_inverse = counts.cwiseInverse().asDiagonal();
  LinearResponse r;
  linear_best_response(x, a_inverse, theta, 0, 1.0, r);
  const double expected01 = 0.16 / (2.0 * (0.1 + 0.05));
  const double expected02 = 1.0 / (2.0 * (0.1 + 0.2));
  CHECK(r.piece == (expected01 < expected02 ? 1u : 2u));
  CHECK(std::abs(r.value - std::min(expected01, expected02)) < 1e-12);
  // The closest alternative ties the two items, and the value is its weighted distance.
  const Eigen::VectorXd y = x.col(0) - x.col(static_cast<Eigen::Index>(r.piece));
  CHECK(std::abs(y.dot(r.lambda)) < 1e-12);
  Eigen::VectorXd gradient;
  response_gradient(x, theta, r.lambda, 1.0, gradient);
  CHECK(std::abs(gradient.dot(counts) - r.value) < 1e-12);
  // An estimate in the alternative already: value 0.
  linear_best_response(x, a_inverse, Eigen::Vector3d(0.5, 0.6, 0.0), 0, 1.0, r);
  CHECK(r.value == 0.0);
}
