// `lingape`: LinGapE (Xu, Honda & Sugiyama, AISTATS 2018; seed 002 Alg. 1-2).
//
// Pull each arm once; then every round: theta_hat = A^{-1} b (A = lambda I + sum x x^T),
// i_t = argmax_i x_i^T theta_hat, j_t = argmax_j Delta_hat(j, i_t) + beta(j, i_t) with
// beta(i, j) = ||x_i - x_j||_{A^{-1}} C_t and C_t of seed 002 eq. (3); B(t) = that max; stop
// and return i_t when B(t) <= epsilon. Otherwise pull, for y = x_{i_t} - x_{j_t},
//   greedy (eq. 9): argmin_a y^T (A + x_a x_a^T)^{-1} y, or
//   ratio (eq. 12): argmin_{a : p*_a(y) > 0} T_a / p*_a(y), with p*(y) from the L1
//                   program (eq. 11) solved by GLPK and cached per arm pair.
//
// Cost: W = A^{-1} X and q_a = x_a^T A^{-1} x_a are kept up to date by the same rank-one
// update as A^{-1} (O(K d) per sample, recomputed exactly whenever the design refactors),
// so a round costs O(K d + d^2), below the O(K d^2) of a direct evaluation.
#include <cmath>
#include <map>

#include "allocation.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/design_matrix.hpp"
#include "cpex/numerics/l1_representation.hpp"
#include "cpex/plugin.hpp"

namespace cpex::linear {
namespace {

class LinGapE final : public Algorithm {
 public:
  explicit LinGapE(const ParamValues& p)
      : greedy_(p.text("selection") == "greedy"),
        delta_(p.real("delta")),
        epsilon_(p.real("epsilon")),
        lambda_(p.real("lambda")),
        refactor_every_(static_cast<std::uint64_t>(p.integer("refactor-every"))) {}

  void start(const AlgorithmContext& context) override {
    const Problem& problem = *context.problem;
    x_ = problem.features;
    k_ = static_cast<std::size_t>(x_.cols());
    if (x_.cols() == 0) throw ParameterError("selection", "the environment gives no arm features");
    noise_ = problem.noise_sigma;
    norm_bound_ = problem.parameter_bound;
    if (!(norm_bound_ > 0.0))
      throw ParameterError("lambda", "LinGapE needs a bound S > 0 on ||theta||, and the "
                                     "environment announces none");
    design_ = numerics::DesignMatrix(static_cast<std::size_t>(x_.rows()), lambda_, refactor_every_);
    counts_.assign(k_, 0);
    next_initial_ = 0;
    refresh_projections();
    ratios_.clear();
    answer_ = 0;
  }

  bool next(Action& action) override {
    if (next_initial_ < k_) {
      action.arm = next_initial_++;
      return true;
    }
    const Eigen::VectorXd theta = design_.estimate();
    const Eigen::VectorXd means = x_.transpose() * theta;
    const std::size_t i = best_arm(means);
    answer_ = i;
    const double width = numerics::abbasi_yadkori_width(noise_, design_.log_det(),
                                                        static_cast<std::size_t>(x_.rows()),
                                                        lambda_, delta_, norm_bound_);
    // ||x_j - x_i||^2_{A^{-1}} = q_j - 2 x_j^T A^{-1} x_i + q_i = q_j - 2 W_i^T x_j + q_i
    const Eigen::VectorXd cross = x_.transpose() * w_.col(static_cast<Eigen::Index>(i));
    // j = i contributes exactly 0 (no rounding noise from the incremental products).
    std::size_t j = i;
    double b = 0.0;
    for (std::size_t a = 0; a < k_; ++a) {
      if (a == i) continue;
      const auto ai = static_cast<Eigen::Index>(a);
      const double norm_sq = std::max(0.0, q_(ai) - 2.0 * cross(ai) + q_(static_cast<Eigen::Index>(i)));
      const double value = means(ai) - means(static_cast<Eigen::Index>(i)) + std::sqrt(norm_sq) * width;
      if (value > b) {
        b = value;
        j = a;
      }
    }
    if (b <= epsilon_) return false;
    action.arm = greedy_ ? select_greedy(i, j) : select_ratio(i, j);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const auto x = x_.col(static_cast<Eigen::Index>(action.arm));
    const std::uint64_t factorizations = design_.factorizations();
    // The rank-one change of A^{-1}, applied to W = A^{-1} X and q as well.
    const bool incremental = design_.invertible();
    double denominator = 1.0;
    if (incremental) {
      s_.noalias() = design_.inverse() * x;
      u_.noalias() = x_.transpose() * s_;
      denominator += x.dot(s_);
    }
    design_.add(x, observation.reward);
    ++counts_[action.arm];
    if (!incremental || design_.factorizations() != factorizations) {
      refresh_projections();
    } else {
      w_.noalias() -= (s_ / denominator) * u_.transpose();
      q_.array() -= u_.array().square() / denominator;
    }
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = epsilon_;
    answer.decision.arms = {next_initial_ < k_ ? best_arm(x_.transpose() * design_.estimate())
                                               : answer_};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"selection", std::string(greedy_ ? "greedy" : "ratio")}, {"delta", delta_},
            {"epsilon", epsilon_}, {"lambda", lambda_}, {"R", noise_}, {"S", norm_bound_}};
  }

 private:
  void refresh_projections() {
    w_ = design_.inverse() * x_;
    q_ = (x_.array() * w_.array()).colwise().sum().transpose();
  }

  // argmin_a y^T (A + x_a x_a^T)^{-1} y = argmax_a (y^T A^{-1} x_a)^2 / (1 + q_a).
  std::size_t select_greedy(std::size_t i, std::size_t j) const {
    const Eigen::VectorXd v = w_.col(static_cast<Eigen::Index>(i)) - w_.col(static_cast<Eigen::Index>(j));
    const Eigen::VectorXd projection = x_.transpose() * v;  // y^T A^{-1} x_a
    Eigen::Index best = 0;
    (projection.array().square() / (1.0 + q_.array())).maxCoeff(&best);
    return static_cast<std::size_t>(best);
  }

  std::size_t select_ratio(std::size_t i, std::size_t j) {
    const auto key = std::make_pair(std::min(i, j), std::max(i, j));
    auto it = ratios_.find(key);
    if (it == ratios_.end()) {
      const Eigen::VectorXd y = x_.col(static_cast<Eigen::Index>(i)) - x_.col(static_cast<Eigen::Index>(j));
      auto p = numerics::l1_selection_ratios(x_, y);
      if (!p) throw Error("lingape: the L1 program (seed 002 eq. 11) has no solution for arms " +
                          std::to_string(i) + " and " + std::to_string(j));
      it = ratios_.emplace(key, std::move(*p)).first;
    }
    return track(it->second, counts_);
  }

  bool greedy_;
  double delta_, epsilon_, lambda_;
  std::uint64_t refactor_every_;
  Eigen::MatrixXd x_, w_;
  Eigen::VectorXd q_, s_, u_;
  std::size_t k_ = 0, next_initial_ = 0, answer_ = 0;
  double noise_ = 1.0, norm_bound_ = 0.0;
  numerics::DesignMatrix design_;
  std::vector<std::uint64_t> counts_;
  std::map<std::pair<std::size_t, std::size_t>, Eigen::VectorXd> ratios_;
};

void register_lingape(Registry& registry) {
  AlgorithmEntry entry;
  entry.name = "lingape";
  entry.summary = "LinGapE (seed 002): gap-based linear best-arm identification, greedy or ratio rule";
  entry.needs.feedback = {FeedbackKind::LinearArm};
  entry.needs.oracles = {{"oracle", kLinearMaximization}};
  entry.schema
      .choice("selection", "greedy", {"greedy", "ratio"},
              "arm selection: greedy (seed 002 eq. 9) or ratio (eq. 10-12, an LP per arm pair)")
      .real("delta", 0.05, Range::open(0.0, 1.0), "confidence")
      .real("epsilon", 0.0, Range::at_least(0.0), "accuracy: the returned arm is epsilon-optimal")
      .real("lambda", 1.0, Range::greater_than(0.0), "regularization of the least squares")
      .integer("refactor-every", 1000, Range::at_least(1),
               "recompute A^{-1} by Cholesky after this many rank-one updates");
  entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<LinGapE>(p);
  };
  registry.add(std::move(entry));
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_lingape)
