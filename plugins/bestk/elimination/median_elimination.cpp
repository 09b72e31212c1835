// `median-elimination`: Median Elimination (Even-Dar, Mannor & Mansour, JMLR 2006, Alg. 2),
// an (epsilon, delta)-PAC best-arm algorithm: the answer is within epsilon of the best mean
// with probability at least 1 - delta. The phases are median_elimination.hpp's; the run
// stops when one arm is left. Best arm only (k = 1).
#include <numeric>

#include "cpex/best_arm_check.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/recommendation.hpp"
#include "elimination_common.hpp"
#include "median_elimination.hpp"

namespace cpex::elimination {
namespace {

class MedianEliminationAlgorithm final : public Algorithm {
 public:
  explicit MedianEliminationAlgorithm(const ParamValues& params)
      : epsilon_(params.real("epsilon")), delta_(params.real("delta")),
        scale_(params.real("sample-scale")) {}

  void start(const AlgorithmContext& context) override {
    require_best_arm(context.oracles.front()->decision_size(), "median-elimination");
    const std::size_t n = context.problem->num_arms;
    b_ = 2.0 * context.problem->noise_sigma;
    stats_.reset(n);
    std::vector<std::size_t> arms(n);
    std::iota(arms.begin(), arms.end(), std::size_t{0});
    run_.begin(std::move(arms), n, epsilon_, delta_, b_, scale_);
  }

  bool next(Action& action) override { return run_.next(action.arm); }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
    run_.observe(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    const auto& left = run_.survivors();
    return recommend_arms({left.size() == 1 ? left.front() : best_cumulative(left, stats_)}, epsilon_);
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"epsilon", epsilon_}, {"delta", delta_}, {"sample-scale", scale_}, {"b", b_}};
  }

 private:
  double epsilon_, delta_, scale_, b_ = 1.0;
  ArmStatistics stats_;
  MedianElimination run_;
};

}  // namespace

void register_median_elimination(Registry& registry) {
  register_elimination<MedianEliminationAlgorithm>(
      registry,
      {"median-elimination", "Median Elimination (Even-Dar, Mannor & Mansour 2006): (epsilon, delta)-PAC best arm"},
      [](ParamSchema& schema) {
        schema.real("epsilon", 0.1, Range::greater_than(0.0),
                    "accuracy: the answer is within epsilon of the best mean (epsilon > 0)")
            .role(ParamRole::Accuracy);
      });
}

}  // namespace cpex::elimination
