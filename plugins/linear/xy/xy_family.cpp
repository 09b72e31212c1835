// The XY allocations of Soare, Lazaric & Munos (NIPS 2014), the baselines of seed 002 §7,
// as the seed-002 authors ran them (their public scripts, liyuan9988/LinGapE):
//
//   xy-static    follow the optimal design p over all directions Y = {x - x'} (seed 002
//                eq. 5); stop on the static confidence of Prop. 1 over |Y| = K^2 directions
//                with the estimated gaps.
//   xy-oracle    knows theta*: the optimal design over {(x* - x_i)/Delta_i} (eq. 18). Stops,
//                as the authors' script, when the TRUE gaps are certified:
//                Delta_i >= 2R sqrt(2 log(6 n^2 K/(pi^2 delta))) ||x* - x_i||_{A^{-1}} for every
//                i (`stopping = true-gaps`); `stopping = estimated` is the rule of xy-static.
//   xy-adaptive  phases j = 1, 2, ... over candidate sets X_j (X_1 = X), each with a fresh A:
//                pull every arm once, then follow the optimal design over the directions
//                among X_j until rho_j = max_{y in Y_j} ||y||^2_{A^{-1}} <= alpha rho_{j-1}
//                (rho_0 = 1); X_{j+1} = the arms of X not dominated under that phase's samples
//                at confidence delta; stop only when X_{j+1} holds a single arm
//                (`variant = published`). `variant = within-phase` is our earlier reading
//                (rho_0 = 1/(d(d+1)+1), delta/(j(j+1)), and also stopping inside a phase on the
//                static rule), kept for comparison.
//
// Ties: arms with identical features are one candidate (the answer is the smallest index),
// so duplicated best arms give a correct answer; xy-oracle refuses distinct arms with equal
// best means (its directions divide by the gaps). Designs come from
// numerics::optimal_design (certified gap) and are followed by pulling
// argmin_{p_a>0} T_a/p_a. Estimates are least squares with `lambda` (0: ordinary least
// squares, as Soare et al.; the run cannot stop before A is invertible).
// See docs/algorithms/linear.md.
#include <cmath>
#include <limits>

#include <Eigen/QR>

#include "cpex/numerics/dense_decompositions.hpp"

#include "allocation.hpp"
#include "design_parameters.hpp"
#include "linear_algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/arm_design.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::linear {
namespace {

class XyAllocation final : public LinearAlgorithm {
 public:
  enum class Kind { Static, Oracle, Adaptive };

  XyAllocation(Kind kind, const ParamValues& p)
      : LinearAlgorithm(p.real("epsilon")),
        kind_(kind),
        delta_(p.real("delta")),
        lambda_(p.real("lambda")),
        alpha_(kind == Kind::Adaptive ? p.real("alpha") : 0.0),
        published_(kind != Kind::Adaptive || p.text("variant") == "published"),
        true_gaps_(kind == Kind::Oracle && p.text("stopping") == "true-gaps"),
        options_(design_options(p)) {}

  void start(const AlgorithmContext& context) override {
    require_one_answer(context, kind_ == Kind::Static ? "xy-static" : kind_ == Kind::Oracle ? "xy-oracle" : "xy-adaptive");
    x_ = context.problem->features;
    k_ = static_cast<std::size_t>(x_.cols());
    d_ = static_cast<std::size_t>(x_.rows());
    noise_ = context.problem->noise_sigma;
    if (lambda_ == 0.0) {
      const Eigen::Index rank = Eigen::ColPivHouseholderQR<Eigen::MatrixXd>(x_).rank();
      if (rank < x_.rows())
        throw ParameterError("lambda", "ordinary least squares (lambda = 0) needs arms whose "
                                       "features span R^" + std::to_string(d_) + ", but these " +
                                       std::to_string(k_) + " arms span a space of dimension " +
                                       std::to_string(rank) + ": set lambda > 0");
    }
    // The static and adaptive designs hold every pair direction (d x K(K-1)/2 numbers):
    // refuse before allocating (cpex/limits.hpp).
    if (kind_ != Kind::Oracle) check_pair_directions(k_, d_);
    active_.clear();
    for (std::size_t a = 0; a < k_; ++a) active_.push_back(a);
    phase_ = 1;
    rho_ = published_ ? 1.0 : 1.0 / static_cast<double>(d_ * (d_ + 1) + 1);
    if (kind_ == Kind::Oracle) {
      set_truth(context.truth);
      p_ = design(oracle_directions());
    } else {
      p_ = design(pair_directions(x_, active_, true));
    }
    reset_phase();
  }

  bool next(Action& action) override {
    if (kind_ == Kind::Adaptive) return next_adaptive(action);
    if (arms_.invertible()) {
      const Eigen::VectorXd& means = arms_.means();
      answer_ = true_gaps_ ? best_ : best_arm(means);
      if (true_gaps_ ? certified() : separated(means, answer_, delta_)) return false;
    }
    action.arm = track(p_, arms_.counts());
    return true;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {
        {"delta", delta_}, {"epsilon", epsilon_}, {"lambda", lambda_}, {"R", noise_},
        {"design-gap", design_gap_}};
    if (kind_ == Kind::Oracle)
      out.emplace_back("stopping", std::string(true_gaps_ ? "true-gaps" : "estimated"));
    if (kind_ == Kind::Adaptive) {
      out.emplace_back("variant", std::string(published_ ? "published" : "within-phase"));
      out.emplace_back("alpha", alpha_);
      out.emplace_back("phases", static_cast<std::int64_t>(phase_));
    }
    return out;
  }

 private:
  Eigen::VectorXd design(const Eigen::MatrixXd& directions) {
    const numerics::DesignResult r = numerics::optimal_design(x_, directions, options_);
    design_gap_ = std::max(design_gap_, r.relative_gap());
    return r.p;
  }

  // The true best arm (smallest index among equal features) and the directions of eq. 18.
  void set_truth(std::span<const double> truth) {
    best_ = 0;
    for (std::size_t a = 1; a < k_; ++a)
      if (truth[a] > truth[best_]) best_ = a;
    gaps_.assign(k_, 0.0);
    for (std::size_t a = 0; a < k_; ++a) {
      gaps_[a] = truth[best_] - truth[a];
      if (a != best_ && !same_features(x_, a, best_) && !(gaps_[a] > 0.0))
        throw ConfigError("xy-oracle: arms " + std::to_string(best_) + " and " + std::to_string(a) +
                          " of the environment have the same best mean but different features; "
                          "xy-oracle needs a unique best arm (its directions divide by the gaps)");
    }
  }

  Eigen::MatrixXd oracle_directions() const {
    std::vector<Eigen::VectorXd> columns;
    for (std::size_t a = 0; a < k_; ++a)
      if (a != best_ && !same_features(x_, a, best_))
        columns.push_back((x_.col(static_cast<Eigen::Index>(best_)) -
                           x_.col(static_cast<Eigen::Index>(a))) / gaps_[a]);
    Eigen::MatrixXd y = Eigen::MatrixXd::Zero(x_.rows(), std::max<std::size_t>(1, columns.size()));
    for (std::size_t c = 0; c < columns.size(); ++c) y.col(static_cast<Eigen::Index>(c)) = columns[c];
    return y;
  }

  void reset_phase() {
    arms_ = numerics::ArmDesign(x_, lambda_);
    initial_ = kind_ == Kind::Adaptive ? 0 : k_;  // the adaptive phases pull each arm once
    next_check_ = 0;
  }

  // Soare et al.'s Prop. 1 width for the samples of the current design and `directions`.
  double width(double directions, double delta) const {
    return numerics::soare_static_width(noise_, arms_.design().observations(), directions, delta);
  }

  // xy-oracle, authors' rule: every true gap exceeds its width (|Y| = K in the logarithm).
  bool certified() const {
    const double c = width(static_cast<double>(k_), delta_);
    for (std::size_t a = 0; a < k_; ++a) {
      if (a == best_ || same_features(x_, a, best_)) continue;
      if (gaps_[a] + epsilon_ < c * std::sqrt(arms_.pair_norm_sq(best_, a))) return false;
    }
    return true;
  }

  // The static stopping rule: arm i beats every other arm by its confidence width.
  bool separated(const Eigen::VectorXd& means, std::size_t i, double delta) const {
    const double c = width(static_cast<double>(k_ * k_), delta);
    for (std::size_t j = 0; j < k_; ++j) {
      if (j == i || same_features(x_, i, j)) continue;
      const double gap = means(static_cast<Eigen::Index>(i)) - means(static_cast<Eigen::Index>(j));
      if (gap + epsilon_ < c * std::sqrt(arms_.pair_norm_sq(i, j))) return false;
    }
    return true;
  }

  double phase_delta() const {
    return published_ ? delta_ : delta_ / static_cast<double>(phase_ * (phase_ + 1));
  }

  bool next_adaptive(Action& action) {
    if (initial_ < k_) {
      action.arm = initial_++;
      return true;
    }
    if (!published_) {  // the published algorithm never stops inside a phase
      const Eigen::VectorXd& means = arms_.means();
      answer_ = best_arm(means);
      if (separated(means, answer_, phase_delta())) return false;
    }
    const std::uint64_t n = arms_.design().observations();
    if (n >= next_check_ && end_of_phase(n)) {
      if (distinct_arms(x_, active_) <= 1) {
        answer_ = active_.front();
        return false;
      }
      return next_adaptive(action);
    }
    action.arm = track(p_, arms_.counts());
    return true;
  }

  // max over the phase's directions of ||y||^2_{A^{-1}}, O(|Y_j| d).
  double phase_uncertainty() const {
    double value = 0.0;
    for (std::size_t a = 0; a < active_.size(); ++a)
      for (std::size_t b = a + 1; b < active_.size(); ++b)
        value = std::max(value, arms_.pair_norm_sq(active_[a], active_[b]));
    return value;
  }

  // Ends the phase when rho_j <= alpha rho_{j-1}: keeps the arms no other arm dominates and
  // starts the next phase (design, fresh A). Otherwise schedules the next check: the
  // uncertainty of a followed design falls like 1/n, so n * value / threshold predicts the
  // end; the check comes after a quarter of the predicted remainder, every sample within 64
  // of it (a phase ends at most a few samples late).
  bool end_of_phase(std::uint64_t n) {
    const double value = phase_uncertainty();
    const double threshold = alpha_ * rho_;
    if (value > threshold) {
      const double remaining = static_cast<double>(n) * (value / threshold - 1.0);
      next_check_ = n + (remaining < 64.0 ? 1 : static_cast<std::uint64_t>(remaining / 4.0));
      return false;
    }
    const Eigen::VectorXd& means = arms_.means();
    answer_ = best_arm(means);
    const double c = width(static_cast<double>(k_ * k_), phase_delta());
    std::vector<std::size_t> kept;
    for (std::size_t a = 0; a < k_; ++a) {
      bool dominated = false;
      for (std::size_t b = 0; b < k_ && !dominated; ++b) {
        if (b == a || same_features(x_, a, b)) continue;
        const double gap = means(static_cast<Eigen::Index>(b)) - means(static_cast<Eigen::Index>(a));
        dominated = gap > c * std::sqrt(arms_.pair_norm_sq(a, b));
      }
      if (!dominated) kept.push_back(a);
    }
    active_ = kept.empty() ? std::vector<std::size_t>{answer_} : kept;
    rho_ = value;
    ++phase_;
    if (distinct_arms(x_, active_) > 1) {
      p_ = design(pair_directions(x_, active_, true));
      reset_phase();
    }
    return true;
  }

  Kind kind_;
  double delta_, lambda_, alpha_;
  bool published_, true_gaps_;
  numerics::DesignOptions options_;
  double design_gap_ = 0.0;
  Eigen::MatrixXd x_;
  Eigen::VectorXd p_;
  std::size_t k_ = 0, d_ = 0, phase_ = 1, best_ = 0, initial_ = 0;
  std::uint64_t next_check_ = 0;
  double noise_ = 1.0, rho_ = 1.0;
  std::vector<double> gaps_;
  std::vector<std::size_t> active_;
};

void register_xy(Registry& registry) {
  struct Variant {
    const char* name;
    const char* summary;
    XyAllocation::Kind kind;
  };
  const Variant variants[] = {
      {"xy-static", "XY-static allocation (Soare et al. 2014): a fixed design over all directions",
       XyAllocation::Kind::Static},
      {"xy-adaptive", "XY-adaptive allocation (Soare et al. 2014): phased designs, A reset per phase",
       XyAllocation::Kind::Adaptive},
      {"xy-oracle", "XY-oracle allocation (Soare et al. 2014): the design for the true gaps (baseline)",
       XyAllocation::Kind::Oracle},
  };
  for (const Variant& v : variants) {
    ParamSchema schema;
    schema.target_error(0.05, "confidence")
        .accuracy(0.0, "accuracy: the returned arm is epsilon-optimal")
        .real("lambda", 0.0, Range::at_least(0.0),
              "regularization of the least squares (0: ordinary least squares)");
    add_design_parameters(schema);
    if (v.kind == XyAllocation::Kind::Adaptive) {
      schema.real("alpha", 0.1, Range::open(0.0, 1.0), "phase-length ratio alpha")
          .choice("variant", "published", {"published", "within-phase"},
                  "published: Soare et al. / the seed-002 authors' code (stop when one arm is "
                  "left, rho_0 = 1, delta); within-phase: our earlier reading (also stops inside "
                  "a phase on the static rule, rho_0 = 1/(d(d+1)+1), delta/(j(j+1)))");
    }
    if (v.kind == XyAllocation::Kind::Oracle)
      schema.choice("stopping", "true-gaps", {"true-gaps", "estimated"},
                    "true-gaps: certify the true gaps with log(6 n^2 K/(pi^2 delta)) (the "
                    "authors' script); estimated: xy-static's rule on the estimated gaps");
    const XyAllocation::Kind kind = v.kind;
    register_algorithm(registry, {v.name, v.summary},
                       {.feedback = {FeedbackKind::LinearArm},
                        .oracles = {{"oracle", kLinearMaximization}},
                        .reads_truth = v.kind == XyAllocation::Kind::Oracle},
                       std::move(schema), [kind](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                         return std::make_unique<XyAllocation>(kind, p);
                       });
  }
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_xy)
