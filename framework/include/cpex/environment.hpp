// The Environment interface: a bandit instance that answers pulls with noisy rewards.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/params.hpp"
#include "cpex/problem.hpp"

namespace cpex {

class Environment {
 public:
  virtual ~Environment() = default;

  // The public description handed to algorithms.
  virtual const Problem& problem() const = 0;

  // The hidden truth used to judge a run: the mean reward of each arm (for linear
  // environments, x_i^T theta*). Only the framework and algorithms that declare
  // `reads_truth` may read it.
  virtual std::span<const double> truth() const = 0;

  // The hidden variance of each arm when the Problem does not declare it (Gaussian rewards
  // of unknown variance), for the lower bound T*; empty otherwise. Like truth(), only the
  // framework reads it.
  virtual std::span<const double> truth_variances() const { return {}; }

  // The hidden values z^T theta* of the answer set Z when the problem declares one
  // (Problem::answers, transductive linear problems): the framework judges a run's answer on
  // them instead of truth(). Empty otherwise.
  virtual std::span<const double> answer_truth() const { return {}; }

  // Answer one pull. Must cost O(1) for single-arm feedback (O(|super arm|) otherwise).
  virtual void pull(const Action& action, Observation& out) = 0;

  // Values describing the drawn instance (e.g. its gap and hardness), appended to the
  // run's `resolved` column after the algorithm's. Called once, after the run.
  virtual std::vector<std::pair<std::string, ParamValue>> resolved() const { return {}; }
};

// What a run's answer is judged on: the answer set's values when the problem has one, else
// the arms' truth.
inline std::span<const double> judged_truth(const Environment& environment) {
  const std::span<const double> answers = environment.answer_truth();
  return answers.empty() ? environment.truth() : answers;
}

}  // namespace cpex
