// `ucb-e`: UCB-E of Audibert, Bubeck & Munos (COLT 2010, Fig. 2), best arm, fixed budget
// n = [run] budget. With the exploration parameter a > 0, each round pulls
//   argmax_i  B_i = mean_i + b sqrt(a / T_i)     (B_i = +infinity while T_i = 0)
// and the answer is the arm of best empirical mean after n samples. Rewards in [0, 1]
// in the paper (b = 1); here b = 2 sigma (Problem::noise_sigma). `a` is given, or as
// `hardness` = H1 = sum_i Delta_i^-2 (Delta of the best arm = the smallest gap) and `c`:
// a = c (n - K) / H1; Theorem 1 holds for c <= 25/36, the default. Ties: the smaller
// index (the paper: any). Anytime answer: the best empirical mean so far.
#include <cmath>
#include <limits>

#include "cpex/best_arm_check.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"
#include "exploration_parameter.hpp"
#include "index_policy.hpp"

namespace cpex::fixed_budget {
namespace {

class UcbE final : public IndexPolicy {
 public:
  explicit UcbE(ParamValues params) : params_(std::move(params)) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    cpex::require_best_arm(context.oracles.front()->decision_size(), "ucb-e");
    const std::uint64_t budget = required_budget(context, "ucb-e");
    a_ = exploration_parameter(params_, "c", budget, n,
                               "ucb-e needs exactly one of a (the exploration parameter) and hardness "
                               "(H1; then a = c (n - K) / hardness)");
    b_ = 2.0 * context.problem->noise_sigma;
    reset(n);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    std::size_t best = 0;
    double value = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < stats_.arms(); ++i)
      if (stats_.count(i) > 0 && stats_.mean(i) > value) value = stats_.mean(i), best = i;
    answer.decision.arms = {best};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"a", a_}, {"b", b_}};
  }

 private:
  double key(std::size_t arm) const override {
    return -(stats_.mean(arm) + b_ * std::sqrt(a_ / static_cast<double>(stats_.count(arm))));
  }

  ParamValues params_;
  double a_ = 1.0, b_ = 1.0;
};

}  // namespace

void register_ucb_e(Registry& registry) {
  ParamSchema schema;
  schema
      .optional_real("a", Range::greater_than(0.0), "the exploration parameter a of B_i = mean + b sqrt(a / T_i)")
      .optional_real("hardness", Range::greater_than(0.0),
                     "instead of a: H1 = sum_i Delta_i^-2 of the instance; then a = c (n - K) / H1")
      .real("c", 25.0 / 36.0, Range::greater_than(0.0),
            "with hardness: a = c (n - K) / H1 (Theorem 1 needs c <= 25/36, the default)");
  register_algorithm<UcbE>(
      registry, {"ucb-e", "UCB-E (Audibert, Bubeck & Munos 2010): best arm, fixed budget"},
      single_arm_needs(kLinearMaximization | kCardinality, kFixedBudget), std::move(schema));
}

}  // namespace cpex::fixed_budget
