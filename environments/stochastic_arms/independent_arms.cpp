// Gaussian, Bernoulli, Poisson and Exponential arms with explicit means.
#include "independent_arms.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/params.hpp"
#include "prior_means.hpp"

namespace cpex::environments {

namespace {

const char* family_name(IndependentArms::Noise noise) {
  switch (noise) {
    case IndependentArms::Noise::Gaussian: return "gaussian";
    case IndependentArms::Noise::Bernoulli: return "bernoulli";
    case IndependentArms::Noise::Poisson: return "poisson";
    case IndependentArms::Noise::Exponential: return "exponential";
  }
  return "?";
}

}  // namespace

IndependentArms::IndependentArms(Noise noise, std::vector<double> means, std::vector<double> sigmas,
                                 const RunSeed& seed, std::size_t k, bool variance_known)
    : noise_(noise), means_(std::move(means)) {
  const std::size_t n = means_.size();
  if (n < 2) throw ParameterError("means", "needs at least 2 arms, got " + std::to_string(n));
  if (n > static_cast<std::size_t>(kMaxArms))
    throw ParameterError("means", "has " + std::to_string(n) + " arms, more than the limit of " +
                                      std::to_string(kMaxArms));
  if (noise == Noise::Poisson || noise == Noise::Exponential)
    for (std::size_t i = 0; i < n; ++i)
      if (!(means_[i] > 0.0))
        throw ParameterError("means", std::string(family_name(noise)) + " arms need means > 0, but arm " +
                                          std::to_string(i) + " has " + to_string(ParamValue{means_[i]}));
  problem_.num_arms = n;
  problem_.k = k;
  switch (noise) {
    case Noise::Gaussian: {
      if (sigmas.size() == 1) sigmas.assign(n, sigmas.front());
      if (sigmas.size() != n)
        throw ParameterError("sigmas", "has " + std::to_string(sigmas.size()) + " values for " +
                                           std::to_string(n) + " arms (give one per arm)");
      sigmas_ = std::move(sigmas);
      const double largest = *std::max_element(sigmas_.begin(), sigmas_.end());
      const bool common = std::all_of(sigmas_.begin(), sigmas_.end(), [&](double s) { return s == largest; });
      if (variance_known) {
        declare_rewards(problem_, RewardFamily::Gaussian, largest);
        if (!common) problem_.arm_sigmas = sigmas_;
      } else {
        declare_rewards(problem_, RewardFamily::GaussianUnknownVariance);
        for (double s : sigmas_) variances_.push_back(s * s);
      }
      break;
    }
    case Noise::Bernoulli: declare_rewards(problem_, RewardFamily::Bernoulli); break;
    case Noise::Poisson: declare_rewards(problem_, RewardFamily::Poisson); break;
    case Noise::Exponential: declare_rewards(problem_, RewardFamily::Exponential); break;
  }
  streams_ = arm_noise_streams(seed, n);
}

void IndependentArms::pull(const Action& action, Observation& out) {
  RandomStream& stream = streams_[action.arm];
  const double mean = means_[action.arm];
  switch (noise_) {
    case Noise::Gaussian: out.reward = mean + sigmas_[action.arm] * stream.normal(); break;
    case Noise::Bernoulli: out.reward = stream.uniform01() < mean ? 1.0 : 0.0; break;
    case Noise::Poisson: out.reward = static_cast<double>(stream.poisson(mean)); break;
    case Noise::Exponential: out.reward = mean * stream.exponential(); break;
  }
}

std::vector<std::pair<std::string, ParamValue>> IndependentArms::resolved() const {
  if (problem_.prior.kind == Prior::Kind::None) return {};
  std::vector<double> sorted = means_;
  std::partial_sort(sorted.begin(), sorted.begin() + 2, sorted.end(), std::greater<>());
  return {{"prior", to_string(problem_.prior)}, {"gap", sorted[0] - sorted[1]}};
}

std::unique_ptr<Environment> make_gaussian(const ParamValues& params, const RunSeed& seed) {
  std::vector<double> sigmas = params.has("sigmas") ? params.reals("sigmas") : std::vector<double>{params.real("sigma")};
  Prior prior;
  auto means = means_or_prior(params, seed, false, prior);
  auto env = std::make_unique<IndependentArms>(IndependentArms::Noise::Gaussian, std::move(means), std::move(sigmas),
                                               seed, 0, params.text("variance") == "known");
  env->set_prior(prior);
  return env;
}

std::unique_ptr<Environment> make_bernoulli(const ParamValues& params, const RunSeed& seed) {
  Prior prior;
  auto means = means_or_prior(params, seed, true, prior);
  auto env = std::make_unique<IndependentArms>(IndependentArms::Noise::Bernoulli, std::move(means),
                                               std::vector<double>{0.5}, seed);
  env->set_prior(prior);
  return env;
}

std::unique_ptr<Environment> make_poisson(const ParamValues& params, const RunSeed& seed) {
  return std::make_unique<IndependentArms>(IndependentArms::Noise::Poisson, params.reals("means"),
                                           std::vector<double>{}, seed);
}

std::unique_ptr<Environment> make_exponential(const ParamValues& params, const RunSeed& seed) {
  return std::make_unique<IndependentArms>(IndependentArms::Noise::Exponential, params.reals("means"),
                                           std::vector<double>{}, seed);
}

}  // namespace cpex::environments
