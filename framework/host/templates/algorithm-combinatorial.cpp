// @NAME@: a CPEx combinatorial pure-exploration algorithm (written by `cpex new algorithm @NAME@
// --kind combinatorial`): CLUCB (Chen, Lin, King, Lyu & Chen, NeurIPS 2014, Alg. 1) on any
// decision class behind a linear-maximization oracle (top-k, matroids, paths, matchings, ...):
// the algorithm never enumerates the class, it asks the oracle. After one pull of every arm,
// each round t (samples so far): M = Oracle(mu_hat); rad_e = sigma sqrt(2 log(4 n t^3 / delta)
// / N_e); w_e = mu_hat_e - rad_e on M, mu_hat_e + rad_e elsewhere; M~ = Oracle(w); stop with M
// when w(M~) <= w(M) (summed over M ^ M~, where they differ), else pull the arm of largest
// radius in M ^ M~. Change the radius, the pulled arm or the stopping test; `cpex check` runs
// it on the CPE-L suite (top-k, a partition matroid, spanning trees, paths, matchings).
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cpex/algorithm.hpp"        // Algorithm, AlgorithmContext, Action, Observation
#include "cpex/arm_statistics.hpp"   // ArmStatistics: counts, means, the initial pass
#include "cpex/capabilities.hpp"     // kLinearMaximization
#include "cpex/plugin.hpp"           // CPEX_PLUGIN: the entry point and ABI version
#include "cpex/registration.hpp"     // register_algorithm

namespace {

using namespace cpex;

class @CLASS@ final : public Algorithm {
 public:
  explicit @CLASS@(double delta) : delta_(delta) {}

  void start(const AlgorithmContext& context) override {
    oracle_ = context.oracles.front();
    sigma_ = context.problem->noise_sigma;
    stats_.reset(context.problem->num_arms);
    weights_.assign(context.problem->num_arms, 0.0);
    radius_.assign(context.problem->num_arms, 0.0);
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const std::size_t n = stats_.arms();
    const double t = static_cast<double>(stats_.total());
    for (std::size_t e = 0; e < n; ++e) {
      weights_[e] = stats_.mean(e);
      radius_[e] = sigma_ * std::sqrt(2.0 * std::log(4.0 * static_cast<double>(n) * t * t * t / delta_) /
                                      static_cast<double>(stats_.count(e)));
    }
    oracle_->maximize(weights_, best_);
    inside_.assign(n, 0);
    for (std::size_t e : best_.arms) inside_[e] = 1;
    for (std::size_t e = 0; e < n; ++e) weights_[e] += inside_[e] ? -radius_[e] : radius_[e];
    oracle_->maximize(weights_, rival_);
    std::vector<char> rival(n, 0);
    for (std::size_t e : rival_.arms) rival[e] = 1;
    double gain = 0.0;  // w(M~) - w(M) over the arms where they differ
    std::size_t widest = n;
    for (std::size_t e = 0; e < n; ++e) {
      if (inside_[e] == rival[e]) continue;
      gain += rival[e] ? weights_[e] : -weights_[e];
      if (widest == n || radius_[e] > radius_[widest]) widest = e;
    }
    if (widest == n || gain <= 0.0) return false;  // M~ = M, or no better: M is certified
    action.arm = widest;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

  // The oracle's decision for the empirical means (anytime).
  Recommendation recommend() const override {
    Recommendation answer;
    oracle_->maximize(stats_.means(0.0), answer.decision);
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return {{"delta", delta_}}; }

 private:
  double delta_, sigma_ = 1.0;
  const Oracle* oracle_ = nullptr;
  ArmStatistics stats_;
  std::vector<double> weights_, radius_;
  std::vector<char> inside_;
  Decision best_, rival_;
};

// The registration: single-arm feedback, a decision class whose oracle maximizes linear
// functions (kLinearMaximization), the confidence delta.
void register_@IDENT@(Registry& registry) {
  register_algorithm(
      registry, {"@NAME@", "CLUCB on a linear-maximization oracle (combinatorial pure exploration)", "0.1"},
      {.feedback = {FeedbackKind::SingleArm}, .oracles = {{"oracle", kLinearMaximization}}},
      ParamSchema().target_error(0.05, "confidence: the answer is wrong with probability at most delta"),
      [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<@CLASS@>(p.real("delta")); });
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
