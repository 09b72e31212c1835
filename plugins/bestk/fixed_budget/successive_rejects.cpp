// `successive-rejects` (Audibert, Bubeck & Munos, COLT 2010, §3) and `sar` (Successive
// Accepts and Rejects: Bubeck, Wang & Viswanathan, ICML 2013): fixed-budget elimination
// over K - 1 phases with the lengths of numerics/budget_schedules.hpp,
//   logbar(K) = 1/2 + sum_{i=2}^K 1/i,  n_k = ceil((T - K) / (logbar(K) (K + 1 - k))).
// Phase k samples every active arm n_k - n_{k-1} times (round-robin), then
//  - successive-rejects dismisses the active arm with the lowest empirical mean (a tie is
//    broken uniformly at random, as the paper says) and returns the last arm standing;
//  - sar (top-k, k = m(1)) sorts the active arms by empirical mean, mu<1> >= ... , with
//    m' = k - (arms accepted so far) still to accept, takes the empirical gaps
//      gap_i = mu_i - mu<m'+1> for the m' first arms, mu<m'> - mu_i for the others,
//    deactivates an arm of largest gap (ties at random), and accepts it if
//    mu_i > mu<m'+1>, else rejects it; it returns the accepted arms.
// Means are over all of an arm's samples (the papers' X_{i, n_k}). Choices the papers
// leave open, documented in docs/algorithms/fixed-budget.md: the run takes
// n_1 + ... + n_{K-1} + n_{K-1} <= T samples and the rest of the budget is left unused
// (the papers' algorithm; the run's status is then `stopped`); sar stops as soon as the
// answer is decided (every arm still to accept or to reject: the remaining phases could
// not change it); mid-run (anytime) answers are the accepted arms plus the best active
// empirical means (unsampled arms last, ties to the smaller index).
#include <algorithm>
#include <limits>
#include <numeric>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"

namespace cpex::fixed_budget {

namespace {

class SuccessiveElimination : public PhasedElimination {
 public:
  void start(const AlgorithmContext& context) override {
    k_ = context.oracles.front()->decision_size();
    check_k(k_);
    begin_phases(context, name(), numerics::successive_rejects_phases);
    accepted_.clear();
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = accepted_;
    const std::size_t wanted = k_ - std::min(k_, accepted_.size());
    std::vector<std::size_t> ranked = active_;
    auto mean = [&](std::size_t arm) {
      return stats_.count(arm) ? stats_.mean(arm) : -std::numeric_limits<double>::infinity();
    };
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    ranked.resize(std::min(wanted, ranked.size()));
    answer.decision.arms.insert(answer.decision.arms.end(), ranked.begin(), ranked.end());
    std::sort(answer.decision.arms.begin(), answer.decision.arms.end());
    return answer;
  }

 protected:
  virtual std::string name() const = 0;
  virtual void check_k(std::size_t k) const = 0;
  // The decision at the end of a phase: remove one arm from active_ (and maybe accept it).
  virtual void decide() = 0;

  void deactivate(std::size_t arm, bool accept) {
    active_.erase(std::find(active_.begin(), active_.end(), arm));
    if (accept) accepted_.push_back(arm);
  }

  std::size_t k_ = 1;
  std::vector<std::size_t> accepted_;  // sar only

 private:
  void end_phase() override {
    decide();
    const std::size_t open = k_ - accepted_.size();  // still to accept
    // Decided once every remaining arm is to be rejected (open = 0) or accepted.
    if (open == active_.size()) {
      accepted_.insert(accepted_.end(), active_.begin(), active_.end());
      active_.clear();
    }
    next_phase(open == 0);
  }
};

class SuccessiveRejects final : public SuccessiveElimination {
  std::string name() const override { return "successive-rejects"; }
  void check_k(std::size_t k) const override { require_best_arm(k, name()); }
  void decide() override {
    const std::size_t worst = pick_extreme<>(std::span<const std::size_t>(active_),
                                             [&](std::size_t arm) { return stats_.mean(arm); },
                                             true, rng_);
    deactivate(worst, false);
  }
};

class SuccessiveAcceptsRejects final : public SuccessiveElimination {
  std::string name() const override { return "sar"; }
  void check_k(std::size_t) const override {}  // any k of the top-k oracle (1 <= k < K)
  void decide() override {
    const std::size_t open = k_ - accepted_.size();
    ranked_ = active_;
    std::stable_sort(ranked_.begin(), ranked_.end(), [&](std::size_t a, std::size_t b) {
      return stats_.mean(a) > stats_.mean(b);
    });
    rank_.assign(stats_.arms(), 0);
    for (std::size_t r = 0; r < ranked_.size(); ++r) rank_[ranked_[r]] = r;
    const double mth = stats_.mean(ranked_[open - 1]);  // mu<m'>
    const double next = stats_.mean(ranked_[open]);     // mu<m'+1>
    auto gap = [&](std::size_t arm) {
      return rank_[arm] < open ? stats_.mean(arm) - next : mth - stats_.mean(arm);
    };
    const std::size_t chosen =
        pick_extreme<>(std::span<const std::size_t>(active_), gap, false, rng_);
    deactivate(chosen, stats_.mean(chosen) > next);
  }

  std::vector<std::size_t> ranked_, rank_;
};

std::unique_ptr<Algorithm> make_sr(const ParamValues&) { return std::make_unique<SuccessiveRejects>(); }
std::unique_ptr<Algorithm> make_sar(const ParamValues&) {
  return std::make_unique<SuccessiveAcceptsRejects>();
}

}  // namespace

void register_successive_rejects(Registry& registry) {
  register_algorithm(registry,
                     {"successive-rejects",
                      "Successive Rejects (Audibert, Bubeck & Munos 2010): fixed budget, best arm"},
                     phased_needs(kLinearMaximization | kCardinality, kFixedBudget), {}, make_sr);
  register_algorithm(registry,
                     {"sar", "Successive Accepts and Rejects (Bubeck, Wang & Viswanathan 2013): "
                             "fixed budget, top-k"},
                     phased_needs(kLinearMaximization | kCardinality, kFixedBudget), {}, make_sar);
}

}  // namespace cpex::fixed_budget
