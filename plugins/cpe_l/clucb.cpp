// `clucb`: CLUCB (Chen, Lin, King, Lyu, Chen 2014, Alg. 1) for combinatorial pure
// exploration with any linear-maximization oracle. After one pull of every arm, each
// round t (t = samples so far):
//   M_t = Oracle(theta_hat);  rad_t(e) = sigma sqrt(2 log(4 n t^3 / delta) / T_t(e))
//   (numerics::lucb1_radius with clucb_log_term);
//   theta~_e = theta_hat_e - rad_t(e) on M_t, theta_hat_e + rad_t(e) elsewhere;
//   M~_t = Oracle(theta~);  stop with M_t if theta~(M~_t) - theta~(M_t) <= epsilon,
//   else pull the arm of largest radius in M_t (symmetric difference) M~_t (ties: smaller
//   index).
// epsilon = 0 is the paper's exact rule theta~(M~_t) = theta~(M_t); epsilon > 0 is its PAC
// variant (the answer is epsilon-optimal). Floating point: the difference is summed over
// the symmetric difference only (the common arms cancel exactly), so equal sets give
// exactly 0; since M~_t maximizes theta~, a difference <= 0 means equality up to rounding
// and stops. A round costs two oracle calls plus O(n).
#include <cmath>
#include <limits>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::cpe_l {
namespace {

class Clucb final : public Algorithm {
 public:
  explicit Clucb(const ParamValues& params)
      : delta_(params.real("delta")), epsilon_(params.real("epsilon")) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    oracle_ = context.oracles.front();
    sigma_ = context.problem->noise_sigma;
    trace_ = context.trace;
    stats_.reset(n);
    means_.assign(n, 0.0);
    tilde_.assign(n, 0.0);
    radius_.assign(n, 0.0);
    mark_.assign(n, 0);
    stopped_ = false;
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const std::size_t arm = round();
    if (arm == kStop) return false;
    action.arm = arm;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
    means_[action.arm] = stats_.mean(action.arm);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    if (stopped_)
      answer.decision = current_;
    else
      oracle_->maximize(stats_.means(-1e300), answer.decision);
    answer.epsilon = epsilon_;
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_}, {"epsilon", epsilon_}};
  }

 private:
  static constexpr std::size_t kStop = std::numeric_limits<std::size_t>::max();

  // One round of Alg. 1: the arm to pull, or kStop (current_ is then the answer).
  std::size_t round() {
    const double log_term = numerics::clucb_log_term(means_.size(), stats_.total(), delta_);
    oracle_->maximize(means_, current_);
    for (std::size_t e = 0; e < means_.size(); ++e) {
      radius_[e] = numerics::lucb1_radius(static_cast<double>(stats_.count(e)), log_term, sigma_);
      tilde_[e] = means_[e] + radius_[e];
    }
    for (std::size_t e : current_.arms) tilde_[e] = means_[e] - radius_[e];
    oracle_->maximize(tilde_, challenger_);
    // Arms marked an odd number of times form the symmetric difference.
    for (std::size_t e : current_.arms) mark_[e] ^= 1;
    for (std::size_t e : challenger_.arms) mark_[e] ^= 1;
    double advantage = 0.0;  // theta~(M~) - theta~(M) over the symmetric difference
    std::size_t widest = kStop;
    for (const Decision* d : {&challenger_, &current_}) {
      const double sign = d == &challenger_ ? 1.0 : -1.0;
      for (std::size_t e : d->arms) {
        if (!mark_[e]) continue;
        advantage += sign * tilde_[e];
        if (widest == kStop || radius_[e] > radius_[widest] ||
            (radius_[e] == radius_[widest] && e < widest))
          widest = e;
      }
    }
    for (std::size_t e : current_.arms) mark_[e] = 0;
    for (std::size_t e : challenger_.arms) mark_[e] = 0;
    if (trace_) trace_->record("advantage", advantage);
    if (widest == kStop || advantage <= epsilon_) {
      stopped_ = true;
      return kStop;
    }
    return widest;
  }

  double delta_, epsilon_;
  double sigma_ = 1.0;
  const Oracle* oracle_ = nullptr;
  TraceSink* trace_ = nullptr;
  ArmStatistics stats_;
  std::vector<double> means_, tilde_, radius_;
  std::vector<char> mark_;
  Decision current_, challenger_;
  bool stopped_ = false;
};

void register_clucb(Registry& registry) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .accuracy(0.0, "0: exact identification; > 0: stop once theta~(M~) - theta~(M) <= epsilon (PAC)");
  const AlgorithmNeeds needs = one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization);
  register_algorithm<Clucb>(
      registry, {"clucb", "CLUCB (Chen et al. 2014): any linear oracle; samples the widest arm of M_t xor M~_t"},
      needs, std::move(schema));
}

}  // namespace
}  // namespace cpex::cpe_l

CPEX_PLUGIN(cpex::cpe_l::register_clucb)
