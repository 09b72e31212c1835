// `hdoc` and `lucb-g`: good-arm identification of Kano, Honda, Sakamaki, Matsuura, Nakamura &
// Sugiyama ("Good Arm Identification via Bandit Feedback", Machine Learning 2019), stopped at the
// first arm identified as good (their lambda = 1) or when every arm is identified as bad: the
// answer {a} or none ({}). With sub-Gaussian constant sigma (1/2 for rewards in [0, 1], the
// paper's setting), the identification bounds of arm i after N_i pulls
//   mu_hat_i -+ sqrt(2 sigma^2 log(4 K N_i^2 / delta) / N_i)
// (for sigma = 1/2 the paper's sqrt(log(4 K N^2 / delta) / (2 N))): arm i is good once its lower
// bound reaches tau, bad once its upper bound falls below tau (then it leaves the candidates).
// After one pull of every arm, each round pulls among the undecided arms
//   hdoc    argmax_i mu_hat_i + sqrt(2 sigma^2 log t / N_i)   (the UCB of regret minimization:
//           the "hybrid" of the dilemma of confidence; t = samples so far),
//   lucb-g  argmax_i mu_hat_i + sqrt(2 sigma^2 log(4 K N_i^2 / delta) / N_i)  (the
//           identification bound itself),
// ties to the smaller index. Mid-run answer: the arm of largest mean among the undecided ones
// when it is above tau, else none.
#include <cmath>
#include <limits>

#include "cpex/numerics/confidence.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "good_arm_query.hpp"

namespace cpex::good_arm {
namespace {

class KanoGoodArm final : public GoodArmAlgorithm {
 public:
  KanoGoodArm(const ParamValues& p, bool hybrid) : GoodArmAlgorithm(p.real("delta")), hybrid_(hybrid) {}

  void start(const AlgorithmContext& context) override {
    start_run(context, hybrid_ ? "hdoc" : "lucb-g");
    sigma_ = context.problem->noise_sigma;
    const std::size_t k = context.problem->num_arms;
    undecided_.assign(k, true);
    good_ = k;
  }

  bool next(Action& action) override {
    const std::size_t k = stats_.arms();
    if (initial_pull(action)) return true;
    // Identification of the arms pulled so far.
    bool any = false;
    for (std::size_t a = 0; a < k; ++a) {
      if (!undecided_[a]) continue;
      const double r = width(a);
      if (mean(a) - r >= tau_) {
        good_ = a;
        return false;
      }
      if (mean(a) + r < tau_) undecided_[a] = false;
      any = any || undecided_[a];
    }
    if (!any) return false;  // every arm shown below tau
    std::size_t best = k;
    double most = -std::numeric_limits<double>::infinity();
    const double log_t = std::log(static_cast<double>(stats_.total()));
    for (std::size_t a = 0; a < k; ++a) {
      if (!undecided_[a]) continue;
      const double index = mean(a) + (hybrid_ ? numerics::lucb1_radius(static_cast<double>(stats_.count(a)), log_t, sigma_)
                                              : width(a));
      if (best == k || index > most) {
        most = index;
        best = a;
      }
    }
    action.arm = best;
    return true;
  }

  Recommendation recommend() const override {
    Recommendation out;
    const std::size_t k = stats_.arms();
    if (good_ < k) {
      out.decision.arms.push_back(good_);
      return out;
    }
    std::size_t best = k;
    for (std::size_t a = 0; a < k; ++a)
      if (undecided_[a] && stats_.count(a) > 0 && (best == k || mean(a) > mean(best))) best = a;
    if (best < k && mean(best) > tau_) out.decision.arms.push_back(best);
    return out;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return {{"delta", delta_}}; }

 private:
  double mean(std::size_t a) const { return stats_.mean(a); }
  // sqrt(2 sigma^2 log(4 K N^2 / delta) / N).
  double width(std::size_t a) const {
    const double n = static_cast<double>(stats_.count(a)), k = static_cast<double>(stats_.arms());
    return numerics::lucb1_radius(n, std::log(4.0 * k * n * n / delta_), sigma_);
  }

  bool hybrid_;
  double sigma_ = 0.5;
  std::vector<bool> undecided_;
  std::size_t good_ = 0;
};

// One of the two variants: HDoC (hybrid) or LUCB-G.
void register_variant(Registry& registry, PluginInfo info, bool hybrid) {
  register_algorithm(registry, std::move(info), good_arm_needs(kFixedConfidence),
                     ParamSchema().target_error(0.05, "confidence: the answer is wrong with probability at most delta"),
                     [hybrid](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<KanoGoodArm>(p, hybrid);
                     });
}

}  // namespace

void register_kano(Registry& registry) {
  register_variant(registry,
                   {"hdoc", "HDoC (Kano et al. 2019): good-arm identification, UCB sampling with the identification "
                            "bounds of log(4 K N^2 / delta); one arm above tau or none"},
                   true);
  register_variant(registry,
                   {"lucb-g", "LUCB-G (Kano et al. 2019): good-arm identification sampling the largest "
                              "identification upper bound; one arm above tau or none"},
                   false);
}

}  // namespace cpex::good_arm
