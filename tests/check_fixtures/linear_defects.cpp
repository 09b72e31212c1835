// Planted-defect linear algorithms for `cpex check`'s linear suite (cli_check_test.cpp):
//   fixture-linear-uniform  round-robin over the arms, least squares, stopping when the
//                           empirical best arm leads every other by the GLR width of
//                           Garivier & Kaufmann's experimental threshold (correct in
//                           practice: delta-correct passes)
//   fixture-linear-narrow   the same with the width 0.5x too narrow (delta-correct fails on
//                           instances hard enough: the suite's check of that)
#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>
#include <vector>

#include <Eigen/Dense>

#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace {

using namespace cpex;

class LinearUniform : public Algorithm {
 public:
  LinearUniform(double delta, double scale) : delta_(delta), scale_(scale) {}
  void start(const AlgorithmContext& context) override {
    features_ = context.problem->features;
    sigma_ = context.problem->noise_sigma;
    const auto d = features_.rows();
    design_ = Eigen::MatrixXd::Zero(d, d);
    response_ = Eigen::VectorXd::Zero(d);
    pulls_ = 0;
  }
  bool next(Action& action) override {
    const auto k = static_cast<std::uint64_t>(features_.cols());
    if (pulls_ > 0 && pulls_ % k == 0 && separated()) return false;
    action.arm = static_cast<std::size_t>(pulls_ % k);
    return true;
  }
  void observe(const Action& action, const Observation& observation) override {
    const Eigen::VectorXd x = features_.col(static_cast<Eigen::Index>(action.arm));
    design_ += x * x.transpose();
    response_ += observation.reward * x;
    ++pulls_;
  }
  Recommendation recommend() const override {
    Recommendation r;
    r.decision.arms = {best(estimate())};
    return r;
  }

 private:
  Eigen::VectorXd estimate() const {
    return design_.ldlt().solve(response_);  // design_ is invertible after one round of spanning arms
  }
  std::size_t best(const Eigen::VectorXd& theta) const {
    const Eigen::VectorXd values = features_.transpose() * theta;
    Eigen::Index i = 0;
    values.maxCoeff(&i);
    return static_cast<std::size_t>(i);
  }
  // Every other arm j behind the empirical best i by more than
  // scale * sigma * ||x_i - x_j||_{A^-1} * sqrt(2 log((1 + log t) / delta)): at scale 1 the GLR
  // stop of the Gaussian linear model with Garivier & Kaufmann's experimental threshold (the
  // in-tree linear samplers' default), tight enough that half of it errs well above delta.
  bool separated() const {
    const Eigen::VectorXd theta = estimate();
    const std::size_t i = best(theta);
    const Eigen::MatrixXd inverse = design_.inverse();
    const double t = static_cast<double>(pulls_);
    const double beta = 2.0 * std::log((1.0 + std::log(t)) / delta_);
    for (Eigen::Index j = 0; j < features_.cols(); ++j) {
      if (static_cast<std::size_t>(j) == i) continue;
      const Eigen::VectorXd y = features_.col(static_cast<Eigen::Index>(i)) - features_.col(j);
      const double width = scale_ * sigma_ * std::sqrt(y.dot(inverse * y) * beta);
      if (!(y.dot(theta) > width)) return false;
    }
    return true;
  }

  double delta_, scale_;
  Eigen::MatrixXd features_;
  double sigma_ = 1.0;
  Eigen::MatrixXd design_;
  Eigen::VectorXd response_;
  std::uint64_t pulls_ = 0;
};

const AlgorithmNeeds kLinearNeeds{.feedback = {FeedbackKind::LinearArm},
                                  .oracles = {{"oracle", kLinearMaximization | kCardinality}}};

ParamSchema linear_schema(double scale) {
  ParamSchema s;
  s.target_error(0.05, "confidence parameter: error probability at most delta");
  s.real("scale", scale, Range::open(0.0, 10.0), "width scale (1: the GLR width; the defect: 0.5)");
  return s;
}

void register_linear_defects(Registry& registry) {
  for (const auto& [name, summary, scale] :
       {std::tuple{"fixture-linear-uniform", "check fixture: linear round robin, GLR width", 1.0},
        std::tuple{"fixture-linear-narrow", "check fixture: linear round robin, width 0.5x too narrow", 0.5}})
    register_algorithm(registry, {name, summary, "1.0"}, kLinearNeeds, linear_schema(scale),
                       [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                         return std::make_unique<LinearUniform>(p.real("delta"), p.real("scale"));
                       });
}

}  // namespace

CPEX_PLUGIN(register_linear_defects)
