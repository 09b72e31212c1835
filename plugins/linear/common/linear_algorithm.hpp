// The base of the linear-bandit algorithms: every observation goes into an ArmDesign
// (least squares with W = A^{-1} X kept up to date), and the answer is one arm, promised
// epsilon-optimal; and the check that the pipeline asks for one arm (require_one_answer).
#pragma once

#include <string>

#include "cpex/algorithm.hpp"
#include "cpex/errors.hpp"
#include "cpex/identification/linear_glr_sampler.hpp"
#include "cpex/numerics/arm_design.hpp"
#include "cpex/recommendation.hpp"

namespace cpex::linear {

// The check that the pipeline asks for one arm (the SDK's, shared with the linear GLR samplers).
using identification::require_one_answer;

class LinearAlgorithm : public Algorithm {
 public:
  void observe(const Action& action, const Observation& observation) override {
    arms_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    return recommend_arms({answer_}, epsilon_);
  }

 protected:
  explicit LinearAlgorithm(double epsilon) : epsilon_(epsilon) {}

  double epsilon_;
  numerics::ArmDesign arms_;
  std::size_t answer_ = 0;  // the current empirical best arm
};

}  // namespace cpex::linear
