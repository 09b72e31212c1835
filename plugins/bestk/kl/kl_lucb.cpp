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
#include "empirical_top_k.hpp"
#include "kl_rate.hpp"
#include "kl_register.hpp"

namespace cpex::bestk::kl {
namespace {

class KlLucb final : public Algorithm {
 public:
  explicit KlLucb(const ParamValues& params) : kl_(params) {}

  void start(const AlgorithmContext& context) override {
    m_ = kl_.start(context, "kl-lucb");
    top_.reset(context.problem->num_arms, m_);
    round_ = 0;
    pending_ = false;
    trace_ = context.trace;
  }

  bool next(Action& action) override {
    if (top_.initial_arm(action.arm)) return true;
    if (pending_) {
      pending_ = false;
      action.arm = second_;
      return true;
    }
    const double beta = kl_.rate(++round_);
    std::size_t u = 0, l = 0;
    double upper = -std::numeric_limits<double>::infinity();
    double lower = std::numeric_limits<double>::infinity();
    const ArmStatistics& stats = top_.stats();
    for (std::size_t a = 0; a < stats.arms(); ++a) {
      const double count = static_cast<double>(stats.count(a));
      if (top_.in_top(a)) {
        const double bound = numerics::kl_lower_bound(kl_.families[a], stats.mean(a), count, beta);
        if (bound < lower) lower = bound, l = a;
      } else {
        const double bound = numerics::kl_upper_bound(kl_.families[a], stats.mean(a), count, beta);
        if (bound > upper) upper = bound, u = a;
      }
    }
    if (trace_) trace_->record("U_u-L_l", upper - lower);
    if (upper - lower < kl_.epsilon) return false;
    action.arm = l;
    second_ = u;
    pending_ = true;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    top_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = kl_.epsilon;
    answer.decision.arms = top_.top();
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return kl_.resolved(); }

 private:
  KlSettings kl_;
  std::size_t m_ = 1;
  EmpiricalTopK top_;
  bool pending_ = false;
  std::size_t second_ = 0;
  std::uint64_t round_ = 0;
  TraceSink* trace_ = nullptr;
};

}  // namespace

void register_kl_lucb(Registry& registry) {
  register_kl_algorithm(registry, {"kl-lucb", "KL-LUCB (Kaufmann & Kalyanakrishnan 2013): LUCB with KL confidence bounds, top-k"},
                        [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                          return std::make_unique<KlLucb>(p);
                        });
}

}  // namespace cpex::bestk::kl
