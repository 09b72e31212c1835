// @NAME@: a CPEx fixed-budget algorithm (written by `cpex new algorithm @NAME@ --kind
// fixed-budget`): Successive Rejects (Audibert, Bubeck & Munos, COLT 2010) on the SDK's phases
// (cpex/phased_elimination.hpp). The budget T of [run] budget is split into K - 1 phases
// (numerics::successive_rejects_phases: phase k samples each active arm n_k - n_{k-1} times,
// round robin), and each phase ends by dismissing the active arm of lowest empirical mean
// (ties at random from the run's stream). The answer: the arm left, or between phases the best
// empirical mean among the active arms. Change end_phase() (which arms leave, when to stop) or
// the schedule; `cpex check` runs it on the Best-K suite with a budget.
#include <algorithm>
#include <memory>
#include <span>

#include "cpex/numerics/budget_schedules.hpp"  // successive_rejects_phases, ...
#include "cpex/phased_elimination.hpp"          // PhasedElimination, pick_extreme, phased_needs
#include "cpex/plugin.hpp"                      // CPEX_PLUGIN: the entry point and ABI version
#include "cpex/registration.hpp"                // register_algorithm

namespace {

using namespace cpex;
using namespace cpex::fixed_budget;

class @CLASS@ final : public PhasedElimination {
 public:
  // Once per run: k = 1 only, the budget from the run (refused in one line if missing or too
  // small), every arm active, the first phase's pulls scheduled.
  void start(const AlgorithmContext& context) override {
    fixed_budget::require_best_arm(context.oracles.front()->decision_size(), "@NAME@");
    begin_phases(context, "@NAME@", numerics::successive_rejects_phases);
  }

  // The best empirical mean among the arms still active (the last one once the run ends).
  Recommendation recommend() const override {
    Recommendation answer;
    std::size_t best = active_.front();
    for (std::size_t arm : active_)
      if (stats_.count(arm) > 0 && (stats_.count(best) == 0 || stats_.mean(arm) > stats_.mean(best))) best = arm;
    answer.decision.arms = {best};
    return answer;
  }

 private:
  // After every phase: dismiss the worst active arm; the run ends when one is left.
  void end_phase() override {
    const std::size_t worst = pick_extreme<>(
        std::span<const std::size_t>(active_), [&](std::size_t arm) { return stats_.mean(arm); }, true, rng_);
    active_.erase(std::find(active_.begin(), active_.end(), worst));
    next_phase(active_.size() == 1);
  }
};

// The registration: single-arm feedback, the class of every k-subset (kCardinality), the
// fixed-budget setting, a phase's pulls proposed at once (studies); no parameters.
void register_@IDENT@(Registry& registry) {
  register_algorithm(registry, {"@NAME@", "successive rejects: fixed budget, best arm", "0.1"},
                     phased_needs(kCardinality, kFixedBudget), ParamSchema(),
                     [](const ParamValues&) -> std::unique_ptr<Algorithm> { return std::make_unique<@CLASS@>(); });
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
