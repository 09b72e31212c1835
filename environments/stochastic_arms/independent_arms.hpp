// Environments whose arms are independent with explicit means: Gaussian (common sigma)
// and Bernoulli. Arm i's noise comes from its own random stream, so every algorithm run
// at the same sweep point and repetition sees the same reward sequence per arm.
#pragma once

#include <memory>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

class IndependentArms : public Environment {
 public:
  enum class Noise { Gaussian, Bernoulli };

  // means: one per arm (>= 2 arms); sigma: Gaussian standard deviation (ignored for
  // Bernoulli, whose sub-Gaussian constant is 1/2); k: the decision size the instance is
  // made for (0: any).
  IndependentArms(Noise noise, std::vector<double> means, double sigma, const RunSeed& seed,
                  std::size_t k = 0);

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  void pull(const Action& action, Observation& out) override;

 private:
  Noise noise_;
  double sigma_;
  Problem problem_;
  std::vector<double> means_;
  std::vector<RandomStream> streams_;  // one per arm
};

std::unique_ptr<Environment> make_gaussian(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_bernoulli(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_topk_instance(const ParamValues& params, const RunSeed& seed);

}  // namespace cpex::environments
