// `at-lucb`: AT-LUCB of Jun & Nowak (ICML 2016, "Anytime exploration for multi-armed
// bandits using confidence information", Alg. 1), anytime top-k (m = k of [oracle]). It
// runs LUCB1 at the confidence delta_s = delta1 alpha^(s-1) of its current stage s:
//   TERM(t, delta) :  UCB(l_t) - LCB(h_t) < epsilon  for LUCB1's h_t (the member of High_t,
//                     the m best empirical means, of smallest LCB) and l_t (the non-member
//                     of largest UCB), radius sqrt(2 sigma^2 log(5 K t^4 / (4 delta)) / T_i);
//   round t (after one sample of every arm; t = 1 at the first round), s = S(t-1):
//     if TERM(t, delta_s): S(t) = the smallest s' > s with not TERM(t, delta_s'), J(t) = High_t
//     else: S(t) = s, J(t) = High_t while s = 1, else J(t) = J(t-1);
//     sample h_t and l_t of delta_S(t).
// The answer at any time is J(t): it only changes when a stage ends (or during stage 1),
// which is what makes its error fall with t. The run never stops by itself and never needs
// the budget (the anytime setting): `[run] budget` ends it, `checkpoints` judge one run at
// several budgets, `trace-recommendations` judges the answer along a run.
// A round costs O(K) per stage it crosses (the bounds of every arm).
#include <cmath>
#include <limits>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "empirical_top_k.hpp"
#include "cpex/plugin.hpp"
#include "cpex/recommendation.hpp"
#include "cpex/registration.hpp"

namespace cpex::bestk {
namespace {

class AtLucb final : public Algorithm {
 public:
  explicit AtLucb(const ParamValues& params)
      : delta1_(params.real("delta1")), alpha_(params.real("alpha")), epsilon_(params.real("epsilon")) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    m_ = context.oracles.front()->decision_size();
    if (m_ == 0 || m_ >= n)
      throw ParameterError("k", "at-lucb needs 0 < k < number of arms, got k = " + std::to_string(m_));
    two_var_ = 2.0 * context.problem->noise_sigma * context.problem->noise_sigma;
    log_first_ = std::log(1.25 * static_cast<double>(n) / delta1_);
    top_.reset(n, m_);
    round_ = 0;
    stage_ = 1;
    answer_.clear();
    trace_ = context.trace;
  }

  bool next(Action& action) override {
    if (top_.pending_pull(action.arm)) return true;
    ++round_;
    Pair pair = lucb_pair(stage_);
    if (pair.gap < epsilon_) {
      do pair = lucb_pair(++stage_);
      while (pair.gap < epsilon_);
      answer_ = top_.top();
      if (trace_) trace_->record("stage", static_cast<double>(stage_));
    } else if (stage_ == 1) {
      answer_ = top_.top();
    }
    top_.pull_pair(pair.h, pair.l, action.arm);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    top_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    // Before the first round: the best empirical means so far (unseen arms last).
    return recommend_arms(answer_.empty() ? top_.top() : answer_, epsilon_);
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta1", delta1_}, {"alpha", alpha_}, {"epsilon", epsilon_}};
  }

 private:
  struct Pair {
    std::size_t h = 0, l = 0;
    double gap = 0.0;  // UCB(l) - LCB(h)
  };

  // LUCB1's h_t and l_t at the confidence delta_s = delta1 alpha^(s-1) (ties: smaller index).
  Pair lucb_pair(std::uint64_t stage) const {
    const double log_term = log_first_ + static_cast<double>(stage - 1) * std::log(1.0 / alpha_) +
                            4.0 * std::log(static_cast<double>(round_));
    const ArmStatistics& stats = top_.stats();
    Pair pair;
    double lcb = std::numeric_limits<double>::infinity(), ucb = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < stats.arms(); ++a) {
      const double radius = std::sqrt(two_var_ * log_term / static_cast<double>(stats.count(a)));
      if (top_.in_top(a)) {
        if (stats.mean(a) - radius < lcb) lcb = stats.mean(a) - radius, pair.h = a;
      } else if (stats.mean(a) + radius > ucb) {
        ucb = stats.mean(a) + radius, pair.l = a;
      }
    }
    pair.gap = ucb - lcb;
    return pair;
  }

  double delta1_, alpha_, epsilon_;
  std::size_t m_ = 1;
  double two_var_ = 0.5, log_first_ = 0.0;
  EmpiricalTopK top_;
  std::uint64_t round_ = 0, stage_ = 1;
  std::vector<std::size_t> answer_;
  TraceSink* trace_ = nullptr;
};

void register_at_lucb(Registry& registry) {
  ParamSchema schema;
  schema.real("delta1", 0.5, Range::open(0.0, 1.0), "confidence of the first stage: delta_s = delta1 alpha^(s-1)")
      .real("alpha", 0.99, Range::open(0.0, 1.0), "ratio of the stages' confidences")
      .accuracy(0.0, "accuracy: a stage ends when UCB(l_t) - LCB(h_t) < epsilon");
  register_algorithm(
      registry, {"at-lucb", "AT-LUCB (Jun & Nowak 2016): anytime top-k, LUCB1 in stages of falling delta"},
      {.feedback = {FeedbackKind::SingleArm},
       .oracles = {{"oracle", kLinearMaximization | kCardinality}},
       .settings = kAnytime},
      std::move(schema), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
        return std::make_unique<AtLucb>(p);
      });
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_at_lucb)
