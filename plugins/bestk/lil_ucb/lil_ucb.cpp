// `lil-ucb`: lil'UCB (Jamieson, Malloy, Nowak & Bubeck, COLT 2014), Best-1 only.
// Sample argmax_i mu_hat_i + (1 + beta) U(T_i, delta); stop as soon as some arm has
// T_i >= 1 + lambda * sum_{j != i} T_j, and return argmax_i T_i.
//
// Presets (documented in docs/algorithms/bestk.md):
//   faithful:  epsilon = 0.01, beta = 1, lambda = ((2 + beta)/beta)^2 = 9, and delta such
//              that 4 sqrt(c_eps delta) + 4 c_eps delta = nu;
//   heuristic: epsilon = 0, beta = 1/2, lambda = 1 + 10/N, delta = nu/5 (the paper's
//              lil'UCB-heuristic).
// The index argmax is kept in an indexed heap and the most-pulled arm incrementally,
// so a round costs O(log N).
#include <cmath>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/indexed_heap.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/best_arm_check.hpp"
#include "lil_presets.hpp"

namespace cpex::bestk {
namespace {

class LilUcb final : public Algorithm {
 public:
  explicit LilUcb(ParamValues params) : lil_(std::move(params), ErrorBound::LilUcb) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    require_best_arm(context.oracles.front()->decision_size(), "lil-ucb");
    const LilSettings& settings = lil_.resolve(n);
    const ParamValues& params = lil_.params();
    const bool faithful = settings.preset == "faithful";
    beta_ = params.has("beta") ? params.real("beta") : (faithful ? 1.0 : 0.5);
    const double least_lambda = std::pow((2.0 + beta_) / beta_, 2.0);
    lambda_ = params.has("lambda") ? params.real("lambda")
                                   : (faithful ? least_lambda : 1.0 + 10.0 / static_cast<double>(n));
    if (faithful && lambda_ < least_lambda)
      throw ParameterError("lambda", "the faithful preset needs lambda >= ((2+beta)/beta)^2 = " +
                                         to_string(ParamValue{least_lambda}));
    check_lemma_range(settings, settings.delta);
    sigma_ = context.problem->noise_sigma;
    radius_ = numerics::LilRadius(settings.delta, settings.epsilon, sigma_);
    stats_.reset(n);
    index_ = numerics::IndexedHeap<true>(n);
    most_pulled_ = 0;
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const auto top = static_cast<double>(stats_.count(most_pulled_));
    const auto others = static_cast<double>(stats_.total()) - top;
    if (top >= 1.0 + lambda_ * others) return false;
    action.arm = index_.top();
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const std::size_t arm = action.arm;
    stats_.add(arm, observation.reward);
    const double u = radius_(static_cast<double>(stats_.count(arm)));
    index_.set(arm, -(stats_.mean(arm) + (1.0 + beta_) * u));
    if (stats_.count(arm) > stats_.count(most_pulled_) ||
        (stats_.count(arm) == stats_.count(most_pulled_) && arm < most_pulled_))
      most_pulled_ = arm;
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {most_pulled_};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    auto out = lil_.resolved();
    out.emplace_back("beta", beta_);
    out.emplace_back("lambda", lambda_);
    return out;
  }

 private:
  LilParameters lil_;
  double beta_ = 0.5, lambda_ = 1.0, sigma_ = 1.0;
  ArmStatistics stats_;
  numerics::LilRadius radius_;        // U(T, delta)
  numerics::IndexedHeap<true> index_;  // min of -(UCB index), ties to the smaller arm
  std::size_t most_pulled_ = 0;
};

void register_lil_ucb(Registry& registry) {
  ParamSchema schema;
  add_lil_parameters(schema);
  schema
      .optional_real("beta", Range::greater_than(0.0),
                     "index inflation beta; overrides "
                     "the preset")
      .optional_real("lambda", Range::greater_than(0.0),
                     "stopping ratio lambda; overrides the "
                     "preset");
  register_algorithm<LilUcb>(
      registry,
      {"lil-ucb",
       "lil'UCB (Jamieson et al. 2014), best arm only: UCB sampling, stop on a "
       "dominant pull count"},
      one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization | kCardinality),
      std::move(schema));
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_lil_ucb)
