// `apt`: the Anytime Parameter-free Thresholding algorithm of Locatelli, Gutzeit &
// Carpentier (ICML 2016, Alg. 1), fixed budget T = [run] budget. The threshold tau is the
// query of the decision-class oracle (Oracle::query(): `threshold`, the arms whose mean
// exceeds tau), the precision epsilon >= 0 a key: the answer is judged at epsilon (arms
// within epsilon of tau may go either way, the oracle's rule and the paper's loss). Every arm once, then
//   pull argmin_i  B_i = sqrt(T_i) (|mean_i - tau| + epsilon)
// (index_policy.hpp: an indexed heap, ties to the smaller index); the answer after T
// samples (and at any time) is { i : mean_i >= tau }. The index needs no sigma.
#include <cmath>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"
#include "index_policy.hpp"

namespace cpex::fixed_budget {
namespace {

class Apt final : public IndexPolicy {
 public:
  explicit Apt(const ParamValues& params) : epsilon_(params.real("epsilon")) {}

  void start(const AlgorithmContext& context) override {
    required_budget(context, "apt");
    const Query query = context.oracles.front()->query();
    if (query.kind != Query::Kind::Threshold)
      throw ParameterError("oracle.plugin", std::string("apt answers the threshold query (the arms whose mean "
                                                        "exceeds tau): use [oracle] plugin = threshold, got the "
                                                        "query '") + to_string(query.kind) + "'");
    tau_ = query.tau;
    reset(context.problem->num_arms);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = epsilon_;
    for (std::size_t i = 0; i < stats_.arms(); ++i)
      if (stats_.count(i) > 0 && stats_.mean(i) >= tau_) answer.decision.arms.push_back(i);
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"epsilon", epsilon_}, {"tau", tau_}};
  }

 private:
  double key(std::size_t arm) const override {
    return std::sqrt(static_cast<double>(stats_.count(arm))) * (std::abs(stats_.mean(arm) - tau_) + epsilon_);
  }

  double epsilon_, tau_ = 0.0;
};

}  // namespace

void register_apt(Registry& registry) {
  ParamSchema schema;
  schema.accuracy(0.0, "precision: arms within epsilon of the threshold may be answered either way");
  register_algorithm(
      registry, {"apt", "APT (Locatelli, Gutzeit & Carpentier 2016): thresholding bandit, fixed budget"},
      single_arm_needs(0, kFixedBudget), std::move(schema),
      [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<Apt>(p); });
}

}  // namespace cpex::fixed_budget
