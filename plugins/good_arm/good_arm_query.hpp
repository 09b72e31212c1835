// What the good-arm algorithms share: the threshold tau of the pipeline's "one arm above tau,
// or none" question (the `good-arm` oracle, or `threshold` with query = any), their needs,
// and the base holding their statistics.
#pragma once

#include <string>

#include "cpex/algorithm.hpp"
#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/registry.hpp"

namespace cpex::good_arm {

// tau of the any-above query; ParameterError("plugin") naming `name` for another query.
inline double required_threshold(const AlgorithmContext& context, const std::string& name) {
  const Query query = context.oracles.front()->query();
  if (query.kind != Query::Kind::AnyAbove)
    throw ParameterError("plugin", name + " identifies one arm above a threshold or none: it needs the good-arm "
                                          "oracle (or threshold with query = any), not the " +
                                          std::string(to_string(query.kind)) + " query");
  return query.tau;
}

// Single-arm feedback, the decision-class oracle, rewards with a sub-Gaussian constant.
inline AlgorithmNeeds good_arm_needs(unsigned settings) {
  return {.feedback = {FeedbackKind::SingleArm}, .oracles = {{"oracle", 0u}}, .settings = settings};
}

// The base of the good-arm algorithms: delta, the run's tau and the arms' rewards (counts and
// means), their observation and the first pass over the arms.
class GoodArmAlgorithm : public Algorithm {
 public:
  explicit GoodArmAlgorithm(double delta) : delta_(delta) {}

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

 protected:
  // tau (required_threshold naming `name`) and no sample yet.
  void start_run(const AlgorithmContext& context, const std::string& name) {
    tau_ = required_threshold(context, name);
    stats_.reset(context.problem->num_arms);
  }

  // The first pass: arm N_total while not every arm has a sample (one pull each, in order, as
  // each pull is observed before the next is asked); false once the pass is over.
  bool initial_pull(Action& action) const {
    if (stats_.total() >= stats_.arms()) return false;
    action.arm = stats_.total();
    return true;
  }

  double delta_;
  double tau_ = 0.0;
  ArmStatistics stats_;
};

// The registration of each algorithm of the library (register.cpp calls them in turn).
void register_apgai(Registry& registry);
void register_kano(Registry& registry);  // hdoc and lucb-g

}  // namespace cpex::good_arm
