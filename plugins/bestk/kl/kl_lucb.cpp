// `kl-lucb`: KL-LUCB of Kaufmann & Kalyanakrishnan (COLT 2013, §3), (epsilon, m)-optimal
// subset selection, m = k of [oracle]. After one sample of every arm, round t:
//   J(t) = the m arms of highest empirical means,
//   u_t = argmax_{j not in J(t)} U_j(t),   l_t = argmin_{j in J(t)} L_j(t),
//   stop (answer J(t)) when U_{u_t}(t) - L_{l_t}(t) < epsilon, else sample u_t and l_t,
// with the KL bounds U_a(t) = sup{q >= p_a : N_a d(p_a, q) <= beta(t, delta)} and L_a(t)
// = inf{q <= p_a : ...} (numerics/kl_confidence.hpp) of the rewards' family and the
// exploration rate of kl_rate.hpp. Ties: J(t) as TopKPartition breaks them (smaller
// index first), u_t and l_t the smaller index. u_t and l_t come from lazy_kl_bounds.hpp
// (outer bounds per epoch, exact ones only for the candidates): the full scan's answer at
// a few solves per round instead of K (docs/performance.md).
#include <limits>

#include "cpex/errors.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "empirical_top_k.hpp"
#include "kl_rate.hpp"
#include "lazy_kl_bounds.hpp"
#include "kl_register.hpp"

namespace cpex::bestk::kl {
namespace {

class KlLucb final : public Algorithm {
 public:
  explicit KlLucb(const ParamValues& params) : kl_(params, false) {}

  void start(const AlgorithmContext& context) override {
    m_ = kl_.start(context, "kl-lucb");
    const std::size_t n = context.problem->num_arms;
    top_.reset(n, m_);
    lower_.reset(n, false, [this](std::size_t a, double level) { return bound(a, level, false); });
    upper_.reset(n, true, [this](std::size_t a, double level) { return bound(a, level, true); });
    round_ = epoch_end_ = 0;
    trace_ = context.trace;
  }

  bool next(Action& action) override {
    if (top_.pending_pull(action.arm)) return true;
    if (++round_ > epoch_end_) {  // a new epoch: outer bounds at the level of its last round
      epoch_end_ = 2 * round_;
      const double outer = kl_.rate(epoch_end_, samples_at(epoch_end_));
      lower_.set_outer_level(outer);
      upper_.set_outer_level(outer);
    }
    const double beta = kl_.rate(round_, samples_at(round_));
    const auto [l, lower] = lower_.extreme(beta);
    const auto [u, upper] = upper_.extreme(beta);
    if (trace_) trace_->record("U_u-L_l", upper - lower);
    if (upper - lower < kl_.epsilon) return false;
    top_.pull_pair(l, u, action.arm);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const std::size_t arm = action.arm;
    bool moved = false;
    const bool built = top_.add(arm, observation.reward, [&](std::size_t changed) {
      place(changed);
      moved = true;
    });
    if (built) {
      for (std::size_t a = 0; a < top_.stats().arms(); ++a) place(a);
    } else if (top_.stats().all_seen() && !moved) {
      (top_.in_top(arm) ? lower_ : upper_).refresh(arm);
    }
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = kl_.epsilon;
    answer.decision.arms = top_.top();
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return kl_.resolved(); }

 private:
  // Puts `arm` in the set of its side (High: lower bounds, Low: upper bounds) with a fresh
  // outer bound.
  void place(std::size_t arm) {
    if (top_.in_top(arm)) {
      upper_.erase(arm);
      lower_.refresh(arm);
    } else {
      lower_.erase(arm);
      upper_.refresh(arm);
    }
  }

  // The samples taken at round t's check: one per arm, then two per round.
  std::uint64_t samples_at(std::uint64_t round) const { return top_.stats().arms() + 2 * (round - 1); }

  double bound(std::size_t arm, double level, bool upper) const {
    const ArmStatistics& stats = top_.stats();
    const auto& family = kl_.families[arm];
    const double count = static_cast<double>(stats.count(arm));
    return upper ? numerics::kl_upper_bound(family, stats.mean(arm), count, level)
                 : numerics::kl_lower_bound(family, stats.mean(arm), count, level);
  }

  KlSettings kl_;
  std::size_t m_ = 1;
  LazyKlBounds lower_, upper_;  // High's lower bounds, Low's upper bounds
  std::uint64_t epoch_end_ = 0;
  EmpiricalTopK top_;
  std::uint64_t round_ = 0;
  TraceSink* trace_ = nullptr;
};

}  // namespace

void register_kl_lucb(Registry& registry) {
  register_algorithm<KlLucb>(
      registry,
      {"kl-lucb",
       "KL-LUCB (Kaufmann & Kalyanakrishnan 2013): LUCB with KL confidence bounds, top-k"},
      kl_needs(), kl_schema());
}

}  // namespace cpex::bestk::kl
