// The loop of the phased elimination algorithms over the answer set (rage, peace): a phase
// pulls its plan (PhasePlan); at its end the algorithm estimates and eliminates items
// (end_phase); the run stops once the active items share one feature vector, answering the
// first of them, else the next phase begins (begin_phase). The algorithm fills z_ and
// active_ in start() and begins the first phase.
#pragma once

#include <cstddef>
#include <vector>

#include <Eigen/Dense>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "design_parameters.hpp"
#include "phase_plan.hpp"

namespace cpex::linear {

// What the phased elimination algorithms ask of a pipeline: linear arms, an oracle that
// maximizes, and answers among an answer set Z that may differ from the arms.
inline AlgorithmNeeds phased_elimination_needs() {
  return {.feedback = {FeedbackKind::LinearArm}, .oracles = {{"oracle", kLinearMaximization}}, .transductive = true};
}

class PhasedElimination : public Algorithm {
 public:
  bool next(Action& action) override {
    if (plan_.next(action.arm)) return true;
    end_phase();
    if (distinct_arms(z_, active_) <= 1) {
      answer_ = active_.front();
      return false;
    }
    begin_phase();
    return next(action);
  }

  void observe(const Action& action, const Observation& observation) override {
    plan_.observe(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {answer_};
    return answer;
  }

 protected:
  // The design, the phase's length and its pull plan (plan_.begin).
  virtual void begin_phase() = 0;
  // The phase's estimate and the eliminations (active_; answer_ may name the leader).
  virtual void end_phase() = 0;

  Eigen::MatrixXd z_;                // the items Z (Z = X without an answer set)
  std::vector<std::size_t> active_;  // the items not eliminated
  std::size_t answer_ = 0;
  PhasePlan plan_;                   // this phase's pulls and samples
};

}  // namespace cpex::linear
