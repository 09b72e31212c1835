// `kl-lucb`: KL-LUCB of Kaufmann & Kalyanakrishnan (COLT 2013, §3), (epsilon, m)-optimal
// subset selection, m = k of [oracle]. After one sample of every arm, round t:
//   J(t) = the m arms of highest empirical means,
//   u_t = argmax_{j not in J(t)} U_j(t),   l_t = argmin_{j in J(t)} L_j(t),
//   stop (answer J(t)) when U_{u_t}(t) - L_{l_t}(t) < epsilon, else sample u_t and l_t,
// with the KL bounds U_a(t) = sup{q >= p_a : N_a d(p_a, q) <= beta(t, delta)} and L_a(t)
// = inf{q <= p_a : ...} (numerics/kl_confidence.hpp) of the rewards' family and the
// exploration rate of kl_rate.hpp. Ties: J(t) as TopKPartition breaks them (smaller
// index first), u_t and l_t the smaller index. A round computes one bound per arm
// (K bisections; docs/performance.md).
#include <limits>

#include "cpex/errors.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "cpex/numerics/top_k_partition.hpp"
#include "arm_statistics.hpp"
#include "kl_rate.hpp"
#include "kl_register.hpp"

namespace cpex::bestk::kl {
namespace {

class KlLucb final : public Algorithm {
 public:
  explicit KlLucb(const ParamValues& params)
      : rate_(params), delta_(params.real("delta")), epsilon_(params.real("epsilon")) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    m_ = context.oracles.front()->decision_size();
    if (m_ == 0 || m_ >= n)
      throw ParameterError("k", "kl-lucb needs 0 < k < number of arms, got k = " + std::to_string(m_));
    families_ = arm_families(*context.problem, "kl-lucb");
    rate_.prepare(n, delta_);
    stats_.reset(n);
    partition_ = numerics::TopKPartition(n, m_);
    built_ = false;
    round_ = 0;
    pending_ = false;
    trace_ = context.trace;
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    if (pending_) {
      pending_ = false;
      action.arm = second_;
      return true;
    }
    const double beta = rate_(++round_);
    std::size_t u = 0, l = 0;
    double upper = -std::numeric_limits<double>::infinity();
    double lower = std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < stats_.arms(); ++a) {
      const double count = static_cast<double>(stats_.count(a));
      if (partition_.in_top(a)) {
        const double bound = numerics::kl_lower_bound(families_[a], stats_.mean(a), count, beta);
        if (bound < lower) lower = bound, l = a;
      } else {
        const double bound = numerics::kl_upper_bound(families_[a], stats_.mean(a), count, beta);
        if (bound > upper) upper = bound, u = a;
      }
    }
    if (trace_) trace_->record("U_u-L_l", upper - lower);
    if (upper - lower < epsilon_) return false;
    action.arm = l;
    second_ = u;
    pending_ = true;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const std::size_t arm = action.arm;
    if (stats_.add(arm, observation.reward)) {
      partition_.reset(stats_.means(0.0));
      built_ = true;
    } else if (built_) {
      partition_.update(arm, stats_.mean(arm), [](std::size_t) {});
    }
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = epsilon_;
    if (built_) {
      answer.decision.arms = partition_.top();
    } else {  // capped during the first pass: unseen arms last
      numerics::TopKPartition ranking(stats_.arms(), m_);
      ranking.reset(stats_.means(-std::numeric_limits<double>::infinity()));
      answer.decision.arms = ranking.top();
    }
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    auto out = rate_.resolved();
    out.emplace_back("delta", delta_);
    out.emplace_back("epsilon", epsilon_);
    return out;
  }

 private:
  ExplorationRate rate_;
  double delta_, epsilon_;
  std::size_t m_ = 1;
  std::vector<numerics::ArmFamily> families_;
  ArmStatistics stats_;
  numerics::TopKPartition partition_;
  bool built_ = false, pending_ = false;
  std::size_t second_ = 0;
  std::uint64_t round_ = 0;
  TraceSink* trace_ = nullptr;
};

}  // namespace

void register_kl_lucb(Registry& registry) {
  ParamSchema schema;
  schema.real("delta", 0.05, Range::open(0.0, 1.0), "confidence: error probability at most delta")
      .real("epsilon", 0.0, Range::at_least(0.0),
            "accuracy: every returned arm is within epsilon of the k-th best mean");
  add_rate_keys(schema);
  register_algorithm(
      registry,
      {"kl-lucb", "KL-LUCB (Kaufmann & Kalyanakrishnan 2013): LUCB with KL confidence bounds, top-k"},
      {.feedback = {FeedbackKind::SingleArm},
       .oracles = {{"oracle", kLinearMaximization | kCardinality}},
       .rewards = kl_rewards()},
      std::move(schema), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
        return std::make_unique<KlLucb>(p);
      });
}

}  // namespace cpex::bestk::kl
