// The `opinion` and `water` environments.
#include "cpe_cs_arms.hpp"

#include <cmath>
#include <sstream>

#include <boost/random/beta_distribution.hpp>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"

namespace cpex::environments {

CpeCsArms::CpeCsArms(Problem problem, std::vector<double> mean, std::vector<double> truth,
                     Draw draw, double concentration, const RunSeed& seed)
    : problem_(std::move(problem)),
      mean_(std::move(mean)),
      truth_(std::move(truth)),
      draw_(draw),
      concentration_(concentration) {
  streams_ = arm_noise_streams(seed, mean_.size());
}

void CpeCsArms::pull(const Action& action, Observation& out) {
  RandomStream& stream = streams_[action.arm];
  const double mean = mean_[action.arm];
  if (draw_ == Draw::Bernoulli || mean <= 0.0 || mean >= 1.0) {
    out.reward = stream.uniform01() < mean ? 1.0 : 0.0;
    return;
  }
  boost::random::beta_distribution<double> beta(mean * concentration_,
                                                (1.0 - mean) * concentration_);
  out.reward = beta(stream);
}

namespace {

// Between 2 and kMaxArms arms, given by `key` as `count` items called `what`.
void check_arm_count(const std::string& key, std::size_t count, const std::string& what) {
  if (count < 2) throw ParameterError(key, "needs at least 2 " + what + ", got " + std::to_string(count));
  if (count > static_cast<std::size_t>(kMaxArms))
    throw ParameterError(key, "lists " + std::to_string(count) + " " + what + ", more than the limit of " +
                                  std::to_string(kMaxArms) + " arms");
}

}  // namespace

std::unique_ptr<Environment> make_opinion(const ParamValues& params, const RunSeed& seed) {
  const std::vector<double>& sizes = params.reals("sizes");
  const std::vector<double>& p = params.reals("p");
  check_arm_count("sizes", sizes.size(), "groups");
  if (p.size() != sizes.size())
    throw ParameterError("p", "has " + std::to_string(p.size()) + " entries, but sizes has " +
                                  std::to_string(sizes.size()));
  for (std::size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] < 1.0 || sizes[i] != std::floor(sizes[i]))
      throw ParameterError("sizes", "group " + std::to_string(i) + " has size " +
                                        (std::ostringstream() << sizes[i]).str() +
                                        "; a group size is a whole number >= 1");
  Problem problem;
  problem.num_arms = sizes.size();
  problem.noise_sigma = 0.5;
  problem.group_sizes = sizes;
  problem.rewards = RewardModel::bernoulli();
  problem.parameter = KeyParameter::Variance;
  std::vector<double> variance(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) variance[i] = p[i] * (1.0 - p[i]);
  return std::make_unique<CpeCsArms>(std::move(problem), p, std::move(variance),
                                     CpeCsArms::Draw::Bernoulli, 0.0, seed);
}

std::unique_ptr<Environment> make_water(const ParamValues& params, const RunSeed& seed) {
  const std::vector<double>& means = params.reals("means");
  check_arm_count("means", means.size(), "sources");
  Problem problem;
  problem.num_arms = means.size();
  problem.noise_sigma = 0.5;
  problem.parameter = KeyParameter::Mean;
  const auto draw = params.text("distribution") == "beta" ? CpeCsArms::Draw::Beta
                                                          : CpeCsArms::Draw::Bernoulli;
  problem.rewards = draw == CpeCsArms::Draw::Beta ? RewardModel::bounded(0.0, 1.0) : RewardModel::bernoulli();
  return std::make_unique<CpeCsArms>(std::move(problem), means, means, draw,
                                     params.real("concentration"), seed);
}

}  // namespace cpex::environments
