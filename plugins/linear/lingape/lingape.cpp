// `lingape`: LinGapE (Xu, Honda & Sugiyama, AISTATS 2018; seed 002 Alg. 1-2).
//
// Pull each arm once; then every round: theta_hat = A^{-1} b (A = lambda I + sum x x^T),
// i_t = argmax_i x_i^T theta_hat, j_t = argmax_j Delta_hat(j, i_t) + beta(j, i_t) with
// beta(i, j) = ||x_i - x_j||_{A^{-1}} C_t; B(t) = that max; stop
// and return i_t when B(t) <= epsilon. Otherwise pull, for y = x_{i_t} - x_{j_t},
//   greedy (eq. 9): argmin_a y^T (A + x_a x_a^T)^{-1} y, or
//   ratio (eq. 12): argmin_{a : p*_a(y) > 0} T_a / p*_a(y), with p*(y) from the L1
//                   program (eq. 11) solved by GLPK and cached per arm pair.
// C_t (`confidence`): determinant = seed 002 eq. (3),
//   R sqrt(2 log(det(A)^{1/2} det(lambda I)^{-1/2} / delta)) + lambda^{1/2} S;
// authors = the width of the seed-002 authors' script (liyuan9988/LinGapE, LinGapE.py),
//   R sqrt(d log(K^2 (1 + t L^2) / (lambda delta))) + lambda^{1/2} S, t samples so far,
//   L = max_a ||x_a|| (their script hard-codes L = 1 and the constant 2 = S = ||theta*|| of
//   Soare's instance). Their script also sets epsilon = Delta_min where the paper says 0.
//
// Cost: numerics::ArmDesign keeps W = A^{-1} X and q_a = x_a^T A^{-1} x_a up to date with
// A^{-1}, so a round costs O(K d + d^2), below the O(K d^2) of a direct evaluation.
#include <cmath>
#include <map>

#include "allocation.hpp"
#include "linear_algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/arm_design.hpp"
#include "cpex/numerics/l1_representation.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::linear {
namespace {

class LinGapE final : public LinearAlgorithm {
 public:
  explicit LinGapE(const ParamValues& p)
      : LinearAlgorithm(p.real("epsilon")),
        greedy_(p.text("selection") == "greedy"),
        authors_(p.text("confidence") == "authors"),
        delta_(p.real("delta")),
        lambda_(p.real("lambda")),
        refactor_every_(static_cast<std::uint64_t>(p.integer("refactor-every"))) {}

  void start(const AlgorithmContext& context) override {
    require_one_answer(context, "lingape");
    const Problem& problem = *context.problem;
    if (problem.features.cols() == 0)
      throw ParameterError("selection", "the environment gives no arm features");
    noise_ = problem.noise_sigma;
    trace_ = context.trace;
    norm_bound_ = problem.parameter_bound;
    if (!(norm_bound_ > 0.0))
      throw ParameterError("lambda", "LinGapE needs a bound S > 0 on ||theta||, and the "
                                     "environment announces none");
    arms_ = numerics::ArmDesign(problem.features, lambda_, refactor_every_);
    max_norm_sq_ = problem.features.colwise().squaredNorm().maxCoeff();
    k_ = arms_.arms();
    next_initial_ = 0;
    ratios_.clear();
    answer_ = 0;
  }

  bool next(Action& action) override {
    if (next_initial_ < k_) {
      action.arm = next_initial_++;
      return true;
    }
    const Eigen::VectorXd& means = arms_.means();
    const std::size_t i = best_arm(means);
    answer_ = i;
    const auto& design = arms_.design();
    const auto d = static_cast<std::size_t>(design.matrix().rows());
    const double width =
        authors_ ? authors_width(static_cast<double>(design.observations()), d)
                 : numerics::abbasi_yadkori_width(noise_, design.log_det(), d, lambda_, delta_,
                                                  norm_bound_);
    // B(t) = max_j Delta_hat(j, i) + beta(j, i); j = i contributes exactly 0.
    std::size_t j = i;
    double b = 0.0;
    for (std::size_t a = 0; a < k_; ++a) {
      if (a == i) continue;
      const double value = means(static_cast<Eigen::Index>(a)) - means(static_cast<Eigen::Index>(i)) +
                           std::sqrt(arms_.pair_norm_sq(a, i)) * width;
      if (value > b) {
        b = value;
        j = a;
      }
    }
    if (trace_) trace_->record("B", b);
    if (b <= epsilon_) return false;
    action.arm = greedy_ ? arms_.most_informative_arm(i, j) : select_ratio(i, j);
    return true;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"selection", std::string(greedy_ ? "greedy" : "ratio")},
            {"confidence", std::string(authors_ ? "authors" : "determinant")}, {"delta", delta_},
            {"epsilon", epsilon_}, {"lambda", lambda_}, {"R", noise_}, {"S", norm_bound_}};
  }

 private:
  // The authors' script's C_t: R sqrt(d log(K^2 (1 + t L^2) / (lambda delta))) + sqrt(lambda) S.
  double authors_width(double t, std::size_t d) const {
    const double k = static_cast<double>(k_);
    return noise_ * std::sqrt(static_cast<double>(d) *
                              std::log(k * k * (1.0 + t * max_norm_sq_) / (lambda_ * delta_))) +
           std::sqrt(lambda_) * norm_bound_;
  }

  std::size_t select_ratio(std::size_t i, std::size_t j) {
    const auto key = std::make_pair(std::min(i, j), std::max(i, j));
    auto it = ratios_.find(key);
    if (it == ratios_.end()) {
      const auto& x = arms_.features();
      const Eigen::VectorXd y = x.col(static_cast<Eigen::Index>(i)) - x.col(static_cast<Eigen::Index>(j));
      auto p = numerics::l1_selection_ratios(x, y);
      if (!p) throw Error("lingape: the L1 program (seed 002 eq. 11) has no solution for arms " +
                          std::to_string(i) + " and " + std::to_string(j));
      it = ratios_.emplace(key, std::move(*p)).first;
    }
    return track(it->second, arms_.counts());
  }

  bool greedy_, authors_;
  double max_norm_sq_ = 1.0;
  double delta_, lambda_;
  std::uint64_t refactor_every_;
  std::size_t k_ = 0, next_initial_ = 0;
  double noise_ = 1.0, norm_bound_ = 0.0;
  TraceSink* trace_ = nullptr;
  std::map<std::pair<std::size_t, std::size_t>, Eigen::VectorXd> ratios_;
};

void register_lingape(Registry& registry) {
  ParamSchema schema;
  schema
      .choice("selection", "greedy", {"greedy", "ratio"},
              "arm selection: greedy (seed 002 eq. 9) or ratio (eq. 10-12, an LP per arm pair)")
      .choice("confidence", "determinant", {"determinant", "authors"},
              "C_t: determinant (seed 002 eq. 3) or authors (the width of the authors' script, "
              "R sqrt(d log(K^2 (1 + t L^2)/(lambda delta))) + sqrt(lambda) S)")
      .target_error(0.05, "confidence")
      .accuracy(0.0, "accuracy: the returned arm is epsilon-optimal")
      .real("lambda", 1.0, Range::greater_than(0.0), "regularization of the least squares")
      .integer("refactor-every", 1000, Range::at_least(1),
               "recompute A^{-1} by Cholesky after this many rank-one updates");
  register_algorithm<LinGapE>(registry,
                              {"lingape", "LinGapE (seed 002): gap-based linear best-arm identification, greedy or "
                                          "ratio rule"},
                              one_oracle_needs(FeedbackKind::LinearArm, kLinearMaximization), std::move(schema));
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_lingape)
