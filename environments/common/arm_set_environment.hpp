// The base of the environments pulled by a set of arms (full-bandit, crowdsourcing,
// semi-bandit): the problem they announce, the arms' means theta (the truth), one noise
// stream per arm (or one for the whole pull) and the check of a pull's members.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/random.hpp"
#include "pull_members.hpp"

namespace cpex::environments {

class ArmSetEnvironment : public Environment {
 public:
  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return theta_; }

 protected:
  // `who` and `noun` name the environment and its arms in a refused pull (PullMembers).
  ArmSetEnvironment(std::vector<double> theta, const char* who, const char* noun)
      : theta_(std::move(theta)), members_(theta_.size(), who, noun) {}

  Problem problem_;
  std::vector<double> theta_;
  std::vector<RandomStream> streams_;  // set by the derived constructor (arm_noise_streams)
  PullMembers members_;
};

}  // namespace cpex::environments
