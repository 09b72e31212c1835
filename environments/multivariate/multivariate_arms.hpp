// Vector-valued arms (multi-objective bandits): arm a, pulled, answers a reward for each of D
// objectives, Observation::per_arm[d] (and `reward` = objective 0's). The truth holds the
// K x D means arm-major (Problem::objectives = D). Gaussian noise has a standard deviation per
// objective (independent objectives) or a covariance between objectives (x = mu_a + L z, L
// the Cholesky factor); Bernoulli objectives are independent Bernoulli draws. Each arm keeps
// its own noise stream, so algorithms compared at a point see the same vectors per arm.
#pragma once

#include <memory>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"
#include "real_matrix.hpp"

namespace cpex::environments {

class MultivariateArms final : public Environment {
 public:
  enum class Noise { Gaussian, Bernoulli };

  // means: K x D (K >= 2, D >= 2); for Gaussian noise either `sigmas` (one per objective) or a
  // D x D `covariance` (symmetric positive definite), the other empty.
  MultivariateArms(Noise noise, RealMatrix means, std::vector<double> sigmas, const RealMatrix* covariance,
                   const RunSeed& seed);

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  void pull(const Action& action, Observation& out) override;

 private:
  Noise noise_;
  std::size_t objectives_;
  Problem problem_;
  std::vector<double> means_;
  std::vector<double> sigmas_;    // per objective (independent Gaussian objectives)
  std::vector<double> cholesky_;  // D x D lower triangle, row-major (a covariance), else empty
  std::vector<double> z_;         // scratch: D standard normal draws
  std::vector<RandomStream> streams_;
};

std::unique_ptr<Environment> make_multivariate_gaussian(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_multivariate_bernoulli(const ParamValues& params, const RunSeed& seed);

}  // namespace cpex::environments
