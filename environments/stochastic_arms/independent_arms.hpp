// Environments whose arms are independent with explicit means: Gaussian (a common sigma, a
// sigma per arm, or a variance the algorithm is not told), Bernoulli, Poisson and
// Exponential. Arm i's noise comes from its own random stream, so every algorithm run at the
// same sweep point and repetition sees the same reward sequence per arm.
#pragma once

#include <memory>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

class IndependentArms : public Environment {
 public:
  enum class Noise { Gaussian, Bernoulli, Poisson, Exponential };

  // means: one per arm (>= 2 arms; > 0 for Poisson and Exponential); sigmas: the Gaussian
  // standard deviation of every arm (one value: common; ignored for the other families);
  // variance_known: whether the Problem declares the sigmas (false: Gaussian of unknown
  // variance); k: the decision size the instance is made for (0: any).
  IndependentArms(Noise noise, std::vector<double> means, std::vector<double> sigmas, const RunSeed& seed,
                  std::size_t k = 0, bool variance_known = true);

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  std::span<const double> truth_variances() const override { return variances_; }
  void pull(const Action& action, Observation& out) override;
  // The prior the means were drawn from (Problem::prior; the resolved values then give it and
  // the drawn instance's gap between its two best means).
  void set_prior(const Prior& prior) { problem_.prior = prior; }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override;

 private:
  Noise noise_;
  Problem problem_;
  std::vector<double> means_, sigmas_, variances_;
  std::vector<RandomStream> streams_;  // one per arm
};

std::unique_ptr<Environment> make_gaussian(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_bernoulli(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_poisson(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_exponential(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_topk_instance(const ParamValues& params, const RunSeed& seed);

}  // namespace cpex::environments
