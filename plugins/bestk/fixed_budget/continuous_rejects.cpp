// `continuous-rejects`: Continuous Rejects (CR) of Wang, Tzeng & Proutière (NeurIPS 2023,
// "Best Arm Identification with Fixed Budget: A Large Deviation Perspective"), best arm,
// fixed budget T = [run] budget, read from the authors' code (rctzeng/NeurIPS2023-CR,
// samplingrules.jl, `CR`; the paper's text beyond its abstract was not reachable here):
//   each arm once; then, with C the arms not rejected (j = |C|), N_k the counts,
//     while sum N < theta0 T: pull argmin N (a warm-up; theta0 = 1e-5, `warm-up`);
//     l = argmin_{k in C} mean_k;  beta = logbar(j) sum_{k in C} N_k / (T - sum_{k not in C} N_k),
//     logbar(j) = 1/2 + sum_{i=2}^{j} 1/i;  G(beta) = 1/sqrt(beta) - 1;
//     if j > 2 and (no arm rejected yet, or N_l > max_{k not in C} N_k):
//       aggressive (CR-A): reject l if  average_{k in C, k != l} mean_k - mean_l > G(beta);
//       conservative (CR-C): reject l if  min_{k in C, k != l} mean_k - mean_l > G(beta);
//     pull argmin_{k in C} N_k.
//   Answer: argmax_{k in C} mean_k. Ties: the smaller index (the authors' argmin / argmax
//   over C in index order). At most one rejection per round; never below two arms.
// beta grows with the share of the remaining budget the active arms have used; G(beta) <= 0
// once beta >= 1, i.e. where Successive Rejects' phase would end, so CR rejects at least as
// early as SR and earlier when the empirical gap is large. The gap threshold is on the scale of
// rewards in [0, 1] (the paper's Bernoulli experiments): rewards are required in [0, 1].
// The budget is needed in beta (not anytime): with [run] checkpoints it runs once per budget.
#include <cmath>
#include <limits>
#include <vector>

#include "cpex/arm_statistics.hpp"
#include "cpex/best_arm_check.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"

namespace cpex::fixed_budget {
namespace {

class ContinuousRejects final : public Algorithm {
 public:
  explicit ContinuousRejects(const ParamValues& params)
      : aggressive_(params.text("mode") == "aggressive"), warm_up_(params.real("warm-up")) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    require_best_arm(context.oracles.front()->decision_size(), "continuous-rejects");
    if (n < 2) throw ParameterError("plugin", "continuous-rejects needs at least 2 arms");
    budget_ = static_cast<double>(required_budget(context, "continuous-rejects"));
    stats_.reset(n);
    active_.assign(n, true);
    remaining_ = n;
    rejected_pulls_ = 0;
    rejected_max_ = 0;
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    if (static_cast<double>(stats_.total()) < warm_up_ * budget_) {
      action.arm = least_pulled(false);
      return true;
    }
    reject_once();
    action.arm = least_pulled(true);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    std::size_t best = 0;
    double value = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < stats_.arms(); ++k)
      if (active_[k] && stats_.count(k) > 0 && stats_.mean(k) > value) value = stats_.mean(k), best = k;
    answer.decision.arms = {best};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"mode", std::string(aggressive_ ? "aggressive" : "conservative")}, {"warm-up", warm_up_}};
  }

 private:
  // logbar(j) = 1/2 + sum_{i=2}^{j} 1/i.
  static double logbar(std::size_t j) {
    double sum = 0.5;
    for (std::size_t i = 2; i <= j; ++i) sum += 1.0 / static_cast<double>(i);
    return sum;
  }

  // The active arm (or any arm) of fewest pulls, the smaller index on ties.
  std::size_t least_pulled(bool active_only) const {
    std::size_t best = 0;
    std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max();
    for (std::size_t k = 0; k < stats_.arms(); ++k)
      if ((!active_only || active_[k]) && stats_.count(k) < fewest) fewest = stats_.count(k), best = k;
    return best;
  }

  // The authors' rejection test, at most one arm per round.
  void reject_once() {
    if (remaining_ <= 2) return;
    std::size_t l = 0;
    double lowest = std::numeric_limits<double>::infinity();
    double active_pulls = 0.0;
    for (std::size_t k = 0; k < stats_.arms(); ++k) {
      if (!active_[k]) continue;
      active_pulls += static_cast<double>(stats_.count(k));
      if (stats_.mean(k) < lowest) lowest = stats_.mean(k), l = k;
    }
    if (remaining_ < stats_.arms() && stats_.count(l) <= rejected_max_) return;
    const double beta = logbar(remaining_) * active_pulls / (budget_ - static_cast<double>(rejected_pulls_));
    const double g = 1.0 / std::sqrt(beta) - 1.0;
    double others = aggressive_ ? 0.0 : std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < stats_.arms(); ++k) {
      if (!active_[k] || k == l) continue;
      if (aggressive_)
        others += stats_.mean(k);
      else
        others = std::min(others, stats_.mean(k));
    }
    if (aggressive_) others /= static_cast<double>(remaining_ - 1);
    if (others - stats_.mean(l) > g) {
      active_[l] = false;
      --remaining_;
      rejected_pulls_ += stats_.count(l);
      rejected_max_ = std::max(rejected_max_, stats_.count(l));
    }
  }

  bool aggressive_;
  double warm_up_;
  double budget_ = 1.0;
  ArmStatistics stats_;
  std::vector<bool> active_;
  std::size_t remaining_ = 0;
  std::uint64_t rejected_pulls_ = 0;  // pulls of the rejected arms (their counts are frozen)
  std::uint64_t rejected_max_ = 0;    // the most pulls of a rejected arm
};

}  // namespace

void register_continuous_rejects(Registry& registry) {
  ParamSchema schema;
  schema
      .choice("mode", "conservative", {"conservative", "aggressive"},
              "CR-C: reject the lowest arm when the smallest other active mean beats it by more than "
              "G(beta); CR-A: when the average of the other active means does")
      .real("warm-up", 1e-5, Range::closed(0.0, 1.0),
            "theta0: the arm of fewest pulls is sampled while the samples are below theta0 T (the authors' 1e-5)");
  AlgorithmNeeds needs = single_arm_needs(kLinearMaximization | kCardinality, kFixedBudget);
  needs.rewards.lower = 0.0;
  needs.rewards.upper = 1.0;
  register_algorithm<ContinuousRejects>(
      registry,
      {"continuous-rejects", "Continuous Rejects (Wang, Tzeng & Proutiere 2023): best arm, fixed budget, "
                             "rejects an arm in any round once its empirical gap is large"},
      std::move(needs), std::move(schema));
}

}  // namespace cpex::fixed_budget
