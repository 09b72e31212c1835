// `apgai`: APGAI, the anytime parameter-free sampling rule for good-arm identification of
// Jourdan & Reda ("An Anytime Algorithm for Good Arm Identification", arXiv 2310.10359), with
// the GLR stopping rule of its fixed-confidence use. With the arm families of the rewards
// (numerics/exponential_family.hpp) and the signed GLR statistic of each arm against the
// threshold tau,
//   W_a = sign(mu_hat_a - tau) sqrt(N_a d(mu_hat_a, tau))
// (for Gaussian arms of deviation sigma: sqrt(N_a / 2) (mu_hat_a - tau) / sigma), after one
// pull of every arm:
//   sampling        a_n = argmax_a W_a: the most surely good arm when some empirical mean
//                   exceeds tau, else the arm least surely bad (ties to the smaller index);
//   recommendation  (at any time) argmax_a W_a when it is positive, else none ({});
//   stopping        when max_a W_a^2 > c or min_a W_a < 0 with every W_a^2 > c, i.e. an arm is
//                   shown above tau or every arm below it, c = beta(n, delta) of `threshold`
//                   for K one-arm pieces (numerics/stopping_thresholds.hpp; kk2021 by default,
//                   a delta-correct calibration).
// Without a stopping rule (stopping = none; fixed-budget runs end at [run] budget) it is the
// paper's anytime algorithm, whose recommendation is judged when the run ends.
#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/errors.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "good_arm_query.hpp"

namespace cpex::good_arm {
namespace {

class Apgai final : public GoodArmAlgorithm {
 public:
  explicit Apgai(const ParamValues& p) : GoodArmAlgorithm(p.real("delta")), stopping_(p.text("stopping") == "glr") {
    numerics::parse_stopping_threshold(p.text("threshold"), threshold_);
  }

  void start(const AlgorithmContext& context) override {
    start_run(context, "apgai");
    const auto families = numerics::arm_families_of(*context.problem);
    if (!families || context.problem->rewards.family == RewardFamily::GaussianUnknownVariance)
      throw ParameterError("plugin", "apgai needs rewards of a known family (gaussian, bernoulli, poisson, "
                                     "exponential), not " + describe(context.problem->rewards));
    families_ = *families;
    for (const auto& f : families_)
      if (!f.valid_true_mean(tau_) || (f.kind() == numerics::ArmFamily::Kind::Bernoulli && !(tau_ > 0.0 && tau_ < 1.0)))
        throw ParameterError("plugin", "apgai: tau = " + std::to_string(tau_) + " is not inside the means of " +
                                           f.name() + " arms");
  }

  bool next(Action& action) override {
    const std::size_t k = stats_.arms();
    if (initial_pull(action)) return true;
    const std::size_t best = leader();
    if (stopping_) {
      const double c = numerics::stopping_threshold(threshold_, stats_.total(), delta_, k, 1);
      const double w = statistic(best);
      if (w > 0.0 && w * w > c) return false;  // an arm shown above tau
      bool all_below = true;
      for (std::size_t a = 0; a < k && all_below; ++a) {
        const double v = statistic(a);
        all_below = v < 0.0 && v * v > c;
      }
      if (all_below) return false;  // every arm shown below tau
    }
    action.arm = best;
    return true;
  }

  Recommendation recommend() const override {
    Recommendation out;
    if (stats_.total() == 0) return out;
    const std::size_t best = leader();
    if (statistic(best) > 0.0) out.decision.arms.push_back(best);
    return out;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"threshold", std::string(numerics::to_string(threshold_))},
            {"stopping", std::string(stopping_ ? "glr" : "none")}};
  }

 private:
  // W_a (-infinity for an arm not sampled yet).
  double statistic(std::size_t a) const {
    if (stats_.count(a) == 0) return -std::numeric_limits<double>::infinity();
    const double n = static_cast<double>(stats_.count(a)), mean = stats_.mean(a);
    const double magnitude = std::sqrt(n * families_[a].kl(mean, tau_));
    return mean >= tau_ ? magnitude : -magnitude;
  }
  std::size_t leader() const {
    std::size_t best = 0;
    for (std::size_t a = 1; a < stats_.arms(); ++a)
      if (statistic(a) > statistic(best)) best = a;
    return best;
  }

  bool stopping_;
  numerics::StoppingThreshold threshold_ = numerics::StoppingThreshold::Kk2021;
  std::vector<numerics::ArmFamily> families_;
};

}  // namespace

void register_apgai(Registry& registry) {
  register_algorithm<Apgai>(
      registry,
      {"apgai", "APGAI (Jourdan & Reda 2023): anytime parameter-free good-arm identification, one arm above tau "
                "or none; GLR stopping for fixed confidence, or none (fixed budget, anytime)"},
      good_arm_needs(kFixedConfidence | kFixedBudget),
      ParamSchema()
          .target_error(0.05, "confidence: the answer is wrong with probability at most delta (stopping = glr)")
          .choice("threshold", "kk2021", {"kk2021", "gk-theorem", "gk-experiments"},
                  "GLR stopping threshold for K pieces of one arm: kk2021 (Kaufmann & Koolen 2021, delta-correct), "
                  "gk-theorem log(2tK/delta), gk-experiments log((log t + 1)/delta)")
          .choice("stopping", "glr", {"glr", "none"},
                  "glr: stop once an arm is shown above tau or every arm below it; none: sample until the run "
                  "ends ([run] budget or max-samples) and answer the anytime recommendation"));
}

}  // namespace cpex::good_arm
