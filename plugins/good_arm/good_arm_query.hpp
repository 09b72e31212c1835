// What the good-arm algorithms share: the threshold tau of the pipeline's "one arm above tau,
// or none" question (the `good-arm` oracle, or `threshold` with query = any), and their needs.
#pragma once

#include <string>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"

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

}  // namespace cpex::good_arm
