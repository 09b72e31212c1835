// Gaussian and Bernoulli arms with explicit means.
#include "independent_arms.hpp"

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"

namespace cpex::environments {

IndependentArms::IndependentArms(Noise noise, std::vector<double> means, double sigma,
                                 const RunSeed& seed, std::size_t k)
    : noise_(noise), sigma_(sigma), means_(std::move(means)) {
  if (means_.size() < 2)
    throw ParameterError("means", "needs at least 2 arms, got " + std::to_string(means_.size()));
  if (means_.size() > static_cast<std::size_t>(kMaxArms))
    throw ParameterError("means", "has " + std::to_string(means_.size()) +
                                      " arms, more than the limit of " + std::to_string(kMaxArms));
  problem_.feedback = FeedbackKind::SingleArm;
  problem_.num_arms = means_.size();
  problem_.noise_sigma = noise == Noise::Gaussian ? sigma : 0.5;
  problem_.rewards = noise == Noise::Gaussian ? RewardModel::gaussian() : RewardModel::bernoulli();
  problem_.k = k;
  streams_ = arm_noise_streams(seed, means_.size());
}

void IndependentArms::pull(const Action& action, Observation& out) {
  RandomStream& stream = streams_[action.arm];
  const double mean = means_[action.arm];
  out.reward = noise_ == Noise::Gaussian ? mean + sigma_ * stream.normal()
                                         : (stream.uniform01() < mean ? 1.0 : 0.0);
}

std::unique_ptr<Environment> make_gaussian(const ParamValues& params, const RunSeed& seed) {
  return std::make_unique<IndependentArms>(IndependentArms::Noise::Gaussian,
                                           params.reals("means"), params.real("sigma"), seed);
}

std::unique_ptr<Environment> make_bernoulli(const ParamValues& params, const RunSeed& seed) {
  return std::make_unique<IndependentArms>(IndependentArms::Noise::Bernoulli,
                                           params.reals("means"), 0.5, seed);
}

}  // namespace cpex::environments
