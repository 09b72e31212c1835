// `csar`: CSAR, Combinatorial Successive Accept Reject (Chen, Lin, King, Lyu & Chen, NIPS
// 2014, Alg. 2), fixed-budget combinatorial pure exploration on any linear-maximization
// oracle. With n arms and budget T (numerics/budget_schedules.hpp):
//   logtilde(n) = sum_{i=1}^n 1/i,  T~_0 = 0,  T~_t = ceil((T - n) / (logtilde(n)(n - t + 1)));
// A_1 = B_1 = {} (accepted, rejected); for t = 1, ..., n:
//   pull every arm not in A_t or B_t T~_t - T~_{t-1} times (round-robin);
//   M_t = COracle(mu_hat, A_t, B_t) — the best decision containing A_t and avoiding B_t
//         (numerics/constrained_maximization.hpp: one oracle call with weights +-L);
//   for every undecided arm e: M~_{t,e} = COracle(mu_hat, A_t, B_t + {e}) if e in M_t,
//         else COracle(mu_hat, A_t + {e}, B_t);
//   p_t = argmax_e mu_hat(M_t) - mu_hat(M~_{t,e})   (an infeasible M~ scores -infinity,
//         so that arm's gap is +infinity: it is forced);
//   accept p_t (A_{t+1} = A_t + {p_t}) if p_t is in M_t, else reject it;
// and return A_{n+1} (which equals M_n). Values are the oracle's value() (the sum of the
// members' means). Ties in p_t are broken uniformly at random (the paper: arbitrarily).
// The run takes sum_t T~_t <= T samples (the rest is unused, as in the paper). M_t always
// exists once the class is non-empty (every decision so far was feasible); if the oracle
// found none, the run answers the empty decision (the paper's "fail") and is judged wrong.
// Mid-run (anytime) answer: COracle(mu_hat, A_t, B_t), unsampled arms below every
// sampled arm. A phase costs n - t + 2 oracle calls.
#include <algorithm>
#include <limits>
#include <numeric>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/numerics/constrained_maximization.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"

namespace cpex::cpe_l {
namespace {

using numerics::ArmConstraint;

class Csar final : public fixed_budget::PhasedElimination {
 public:
  void start(const AlgorithmContext& context) override {
    begin_phases(context, "csar", numerics::csar_phases);
    const std::size_t n = context.problem->num_arms;
    oracle_ = context.oracles.front();
    constraint_.assign(n, ArmConstraint::Free);
    means_.assign(n, 0.0);
    gap_.assign(n, 0.0);
    failed_ = false;
  }

  Recommendation recommend() const override {
    Recommendation answer;
    if (failed_) return answer;
    if (finished_) {
      for (std::size_t e = 0; e < constraint_.size(); ++e)
        if (constraint_[e] == ArmConstraint::In) answer.decision.arms.push_back(e);
      return answer;
    }
    // Mid-run: the best decision under the current means and decisions so far.
    double lowest = 0.0;
    bool any = false;
    for (std::size_t e = 0; e < stats_.arms(); ++e)
      if (stats_.count(e)) {
        lowest = any ? std::min(lowest, stats_.mean(e)) : stats_.mean(e);
        any = true;
      }
    const std::vector<double> means = stats_.means(lowest - 1.0);
    std::vector<double> scratch;
    numerics::constrained_maximize(*oracle_, means, constraint_,
                                   numerics::forcing_weight(means), scratch, answer.decision);
    return answer;
  }

 private:
  void end_phase() override {
    for (std::size_t e = 0; e < means_.size(); ++e) means_[e] = stats_.mean(e);
    const double big = numerics::forcing_weight(means_);
    if (!numerics::constrained_maximize(*oracle_, means_, constraint_, big, scratch_, best_)) {
      failed_ = finished_ = true;
      return;
    }
    const double best_value = oracle_->value(means_, best_);
    for (std::size_t e : active_) {
      const bool member = std::binary_search(best_.arms.begin(), best_.arms.end(), e);
      constraint_[e] = member ? ArmConstraint::Out : ArmConstraint::In;
      const bool feasible =
          numerics::constrained_maximize(*oracle_, means_, constraint_, big, scratch_, other_);
      gap_[e] = feasible ? best_value - oracle_->value(means_, other_)
                         : std::numeric_limits<double>::infinity();
      constraint_[e] = ArmConstraint::Free;
    }
    const std::size_t p = fixed_budget::pick_extreme<>(
        std::span<const std::size_t>(active_), [&](std::size_t e) { return gap_[e]; }, false, rng_);
    constraint_[p] = std::binary_search(best_.arms.begin(), best_.arms.end(), p) ? ArmConstraint::In
                                                                                  : ArmConstraint::Out;
    active_.erase(std::find(active_.begin(), active_.end(), p));
    next_phase(false);
  }

  const Oracle* oracle_ = nullptr;
  std::vector<ArmConstraint> constraint_;
  std::vector<double> means_, gap_, scratch_;
  Decision best_, other_;
  bool failed_ = false;
};

void register_csar(Registry& registry) {
  register_algorithm(
      registry,
      {"csar", "CSAR (Chen et al. 2014): fixed-budget CPE on any linear oracle (constrained oracle via +-L weights)"},
      fixed_budget::phased_needs(kLinearMaximization, kFixedBudget), {},
      [](const ParamValues&) -> std::unique_ptr<Algorithm> { return std::make_unique<Csar>(); });
}

}  // namespace
}  // namespace cpex::cpe_l

CPEX_PLUGIN(cpex::cpe_l::register_csar)
