// Environments of seed 003's applications (CPE-CS). `opinion`: group i answers
// Bernoulli(p_i); the key parameter is the within-group variance p_i (1 - p_i) and the
// public problem carries the group sizes n_i. `water`: source i's quality response has mean
// theta_i* in [0, 1], drawn Bernoulli or Beta; the key parameter is the mean.
#pragma once

#include <memory>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

class CpeCsArms : public Environment {
 public:
  enum class Draw { Bernoulli, Beta };

  // mean: per-arm mean of the responses (in [0, 1]); truth: per-arm key parameter;
  // concentration: Beta(mean c, (1 - mean) c) when draw is Beta.
  CpeCsArms(Problem problem, std::vector<double> mean, std::vector<double> truth, Draw draw,
            double concentration, const RunSeed& seed);

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return truth_; }
  void pull(const Action& action, Observation& out) override;

 private:
  Problem problem_;
  std::vector<double> mean_, truth_;
  Draw draw_;
  double concentration_;
  std::vector<RandomStream> streams_;  // one per arm
};

std::unique_ptr<Environment> make_opinion(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_water(const ParamValues& params, const RunSeed& seed);

}  // namespace cpex::environments
