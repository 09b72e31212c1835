// Linear and transductive best-arm identification: the answer, theta from the means, the
// span check, T*(theta) by the certified cutting planes of characteristic_time.hpp over the
// linear best response, and the closest alternative.
// See the header for the formulas.
#include "cpex/numerics/linear_identification.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

namespace {

bool same_column(const Eigen::MatrixXd& m, Eigen::Index a, Eigen::Index b) { return m.col(a) == m.col(b); }

}  // namespace

std::size_t linear_answer(const Eigen::MatrixXd& items, const Eigen::VectorXd& theta, bool* unique) {
  const Eigen::VectorXd values = items.transpose() * theta;
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < values.size(); ++i)
    if (values(i) > values(best)) best = i;
  if (unique) {
    *unique = true;
    for (Eigen::Index i = 0; i < values.size(); ++i)
      if (i != best && values(i) >= values(best) && !same_column(items, i, best)) *unique = false;
  }
  return static_cast<std::size_t>(best);
}

Eigen::VectorXd theta_from_means(const Eigen::MatrixXd& arms, std::span<const double> means) {
  const Eigen::Map<const Eigen::VectorXd> mu(means.data(), static_cast<Eigen::Index>(means.size()));
  return arms.transpose().completeOrthogonalDecomposition().solve(mu);
}

namespace {

// Linear (transductive) best-arm identification as an identification problem over the arms'
// means, for the cutting-plane solver of characteristic_time.hpp: mu = X^T theta, the answer
// z*(theta), and the best response to weights w: for each item z the closest lambda with
// z^T lambda >= z*^T lambda under ||.||_{A(w)}, whose cut is sum_a w_a (x_a^T (theta - lambda))^2
// / (2 sigma^2) (Gaussian families). A(w) may be singular (the program's vertices): a direction
// y = z* - z off the range of A(w) is free (value 0, lambda moved along its off-range part).
class LinearProblem final : public IdentificationProblem {
 public:
  LinearProblem(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& items)
      : IdentificationProblem(static_cast<std::size_t>(arms.cols())),
        x_(arms),
        z_(items),
        to_theta_(arms.transpose().completeOrthogonalDecomposition().pseudoInverse()) {}

  std::string name() const override { return "linear best item"; }

  bool answer(std::span<const double> mu, Decision& out) const override {
    bool unique = true;
    out.arms = {linear_answer(z_, theta_of(mu), &unique)};
    out.values.clear();
    return unique;
  }
  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    Decision best;
    answer(mu, best);
    return candidate.arms == best.arms;
  }
  std::size_t pieces(const Decision&) const override { return static_cast<std::size_t>(z_.cols()) - 1; }
  std::size_t largest_piece(const Decision&) const override { return arms(); }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double>,
                     std::span<const double>) const override {
    const Eigen::VectorXd theta = theta_of(mu);
    const double sigma = families.empty() ? 1.0 : families.front().sigma();
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(x_.rows(), x_.rows());
    for (Eigen::Index i = 0; i < x_.cols(); ++i) a.noalias() += w[static_cast<std::size_t>(i)] * x_.col(i) * x_.col(i).transpose();
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(a);
    const Eigen::VectorXd& s = eigen.eigenvalues();
    const double floor = 1e-12 * std::max(1.0, s.maxCoeff());
    Eigen::VectorXd inverse_s(s.size()), off(s.size());
    for (Eigen::Index i = 0; i < s.size(); ++i) {
      inverse_s(i) = s(i) > floor ? 1.0 / s(i) : 0.0;
      off(i) = s(i) > floor ? 0.0 : 1.0;
    }
    const Eigen::MatrixXd& u = eigen.eigenvectors();
    const auto star = static_cast<Eigen::Index>(answer.arms.front());
    out.value = std::numeric_limits<double>::infinity();
    Eigen::VectorXd lambda = theta;
    for (Eigen::Index j = 0; j < z_.cols(); ++j) {
      if (j == star || z_.col(j) == z_.col(star)) continue;
      const Eigen::VectorXd y = z_.col(star) - z_.col(j);
      const double gap = y.dot(theta);
      const Eigen::VectorXd coordinates = u.transpose() * y;
      const Eigen::VectorXd off_range = u * off.cwiseProduct(coordinates);
      double value;
      Eigen::VectorXd candidate;
      if (gap <= 0.0) {
        value = 0.0;
        candidate = theta;
      } else if (off_range.squaredNorm() > 1e-18 * y.squaredNorm()) {
        value = 0.0;  // invisible to A(w): lambda moves along the off-range part only
        candidate = theta - (gap / off_range.dot(y)) * off_range;
      } else {
        const Eigen::VectorXd projected = u * inverse_s.cwiseProduct(coordinates);
        const double norm = y.dot(projected);
        value = gap * gap / (2.0 * sigma * sigma * norm);
        candidate = theta - (gap / norm) * projected;
      }
      if (value < out.value) {
        out.value = value;
        out.piece = static_cast<std::size_t>(j);
        lambda = candidate;
      }
    }
    out.margin = out.value;
    out.arms.resize(arms());
    out.point.resize(arms());
    for (std::size_t i = 0; i < arms(); ++i) {
      out.arms[i] = i;
      out.point[i] = x_.col(static_cast<Eigen::Index>(i)).dot(lambda);
    }
  }

 private:
  Eigen::VectorXd theta_of(std::span<const double> mu) const {
    const Eigen::Map<const Eigen::VectorXd> m(mu.data(), static_cast<Eigen::Index>(mu.size()));
    return to_theta_ * m;
  }

  Eigen::MatrixXd x_, z_, to_theta_;
};

}  // namespace

CharacteristicTimeOptions characteristic_time_options() {
  CharacteristicTimeOptions options;
  options.relative_gap = 1e-7;
  options.max_iterations = 5000;
  return options;
}

LinearCharacteristicTime linear_characteristic_time(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& items,
                                                    const Eigen::VectorXd& theta, double sigma,
                                                    const CharacteristicTimeOptions& options) {
  if (!(sigma > 0.0)) throw std::invalid_argument("sigma must be > 0");
  if (items.cols() < 2) throw std::invalid_argument("the answer set needs at least 2 items");
  if (items.rows() != arms.rows() || theta.size() != arms.rows())
    throw std::invalid_argument("the arms, the items and theta differ in dimension");
  if (const auto outside = outside_span(arms, items))
    throw std::invalid_argument("item " + std::to_string(*outside) + " lies outside the span of the arms");
  LinearCharacteristicTime out;
  out.answer = linear_answer(items, theta, &out.unique);
  const auto k = arms.cols();
  out.weights = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  if (!out.unique) return out;
  bool other = false;
  for (Eigen::Index i = 0; i < items.cols() && !other; ++i) other = items.col(i) != items.col(static_cast<Eigen::Index>(out.answer));
  if (!other) {  // every item has the answer's features: nothing to tell apart
    out.value = 0.0;
    out.lower = out.upper = std::numeric_limits<double>::infinity();
    out.converged = true;
    return out;
  }
  const LinearProblem problem(arms, items);
  const Eigen::VectorXd means = arms.transpose() * theta;
  const std::vector<double> mu(means.data(), means.data() + means.size());
  const std::vector<ArmFamily> families(mu.size(), ArmFamily::gaussian(sigma));
  Decision answer;
  answer.arms = {out.answer};
  CharacteristicTimeSolver solver(problem, options);
  const CharacteristicTime& t = solver.solve_for(mu, families, answer);
  out.value = t.value;
  out.weights = Eigen::Map<const Eigen::VectorXd>(t.weights.data(), static_cast<Eigen::Index>(t.weights.size()));
  out.lower = t.lower;
  out.upper = t.upper;
  out.iterations = t.iterations;
  // The planes stall at the linear program's accuracy (a few 1e-8 relative) below that.
  out.converged = t.relative_gap() <= std::max(options.relative_gap, 1e-6);
  return out;
}

std::optional<LinearCharacteristicTime> linear_lower_bound(const Problem& problem, std::span<const double> truth,
                                                           const CharacteristicTimeOptions& options) {
  if (problem.feedback != FeedbackKind::LinearArm || problem.rewards.family != RewardFamily::Gaussian ||
      problem.k > 1 || problem.parameter != KeyParameter::Mean || truth.size() != problem.num_arms ||
      problem.features.cols() != static_cast<Eigen::Index>(problem.num_arms))
    return std::nullopt;
  const Eigen::MatrixXd& items = problem.answers.cols() > 0 ? problem.answers : problem.features;
  return linear_characteristic_time(problem.features, items, theta_from_means(problem.features, truth),
                                    problem.noise_sigma, options);
}

void linear_best_response(const Eigen::MatrixXd& items, const Eigen::MatrixXd& a_inverse,
                          const Eigen::VectorXd& theta, std::size_t answer, double sigma, LinearResponse& out) {
  const auto star = static_cast<Eigen::Index>(answer);
  const double scale = 2.0 * sigma * sigma;
  out.value = std::numeric_limits<double>::infinity();
  out.piece = answer;
  double best_norm = 1.0, best_gap = 0.0;
  Eigen::VectorXd best_y;
  for (Eigen::Index i = 0; i < items.cols(); ++i) {
    if (i == star || same_column(items, i, star)) continue;
    const Eigen::VectorXd y = items.col(star) - items.col(i);
    const double gap = theta.dot(y);
    const double norm = y.dot(a_inverse * y);
    const double value = gap <= 0.0 ? 0.0 : (norm > 0.0 ? gap * gap / (scale * norm) : std::numeric_limits<double>::infinity());
    if (value < out.value) {
      out.value = value;
      out.piece = static_cast<std::size_t>(i);
      best_norm = norm;
      best_gap = gap;
      best_y = y;
    }
  }
  out.lambda = theta;
  if (out.value > 0.0 && std::isfinite(out.value)) out.lambda -= (best_gap / best_norm) * (a_inverse * best_y);
}

void response_gradient(const Eigen::MatrixXd& arms, const Eigen::VectorXd& theta, const Eigen::VectorXd& lambda,
                       double sigma, Eigen::VectorXd& out) {
  out = (arms.transpose() * (theta - lambda)).array().square() / (2.0 * sigma * sigma);
}

}  // namespace cpex::numerics
