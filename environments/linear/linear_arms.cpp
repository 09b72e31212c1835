// The linear-arm environment and its shared noise parameters.
#include "linear_arms.hpp"

#include <cmath>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/numerics/linear_identification.hpp"

namespace cpex::environments {

LinearArms::LinearArms(Eigen::MatrixXd features, Eigen::VectorXd theta, Noise noise,
                       double sigma, double noise_bound, double norm_bound, const RunSeed& seed)
    : theta_(std::move(theta)), noise_(noise), sigma_(sigma) {
  const auto k = static_cast<std::size_t>(features.cols());
  if (k < 2) throw ParameterError("features", "needs at least 2 arms, got " + std::to_string(k));
  if (features.rows() != theta_.size())
    throw ParameterError("theta", "theta has " + std::to_string(theta_.size()) +
                                      " entries, but the features have dimension d = " +
                                      std::to_string(features.rows()));
  const Eigen::VectorXd means = features.transpose() * theta_;
  means_.assign(means.data(), means.data() + means.size());
  if (noise == Noise::PlusMinusOne)
    for (std::size_t i = 0; i < k; ++i)
      if (std::abs(means_[i]) > 1.0) {
        std::ostringstream message;
        message << "+-1 rewards need every mean x_i^T theta in [-1, 1], but arm " << i
                << " has " << means_[i];
        throw ParameterError("noise", message.str());
      }
  problem_.num_arms = k;
  problem_.features = std::move(features);
  problem_.noise_sigma = noise_bound;
  // +-1 rewards: a two-point distribution on {-1, +1}.
  problem_.rewards = noise == Noise::Gaussian ? RewardModel::gaussian() : RewardModel::bounded(-1.0, 1.0);
  problem_.parameter_bound = norm_bound;
  problem_.k = 1;
  streams_ = arm_noise_streams(seed, k);
}

void LinearArms::set_decision_size(std::size_t k) {
  if (k >= problem_.num_arms)
    throw ParameterError("k", "k = " + std::to_string(k) + " must be smaller than the number of arms (" +
                                  std::to_string(problem_.num_arms) + ")");
  problem_.k = k;
}

void LinearArms::set_answers(Eigen::MatrixXd items, const std::string& key) {
  if (problem_.k > 1)
    throw ParameterError("k", "an answer set poses the best item (k = 1); top-" + std::to_string(problem_.k) +
                                  " identification is over the arms");
  if (items.cols() < 2)
    throw ParameterError(key, "the answer set needs at least 2 items, got " + std::to_string(items.cols()));
  if (items.rows() != problem_.features.rows())
    throw ParameterError(key, "the items have dimension " + std::to_string(items.rows()) +
                                  ", but the features have dimension d = " + std::to_string(problem_.features.rows()));
  if (const auto outside = numerics::outside_span(problem_.features, items)) {
    std::ostringstream message;
    message << "item " << *outside << " (" << items.col(static_cast<Eigen::Index>(*outside)).transpose()
            << ") lies outside the span of the arms' features: no measurement tells its value";
    throw ParameterError(key, message.str());
  }
  const Eigen::VectorXd values = items.transpose() * theta_;
  answer_means_.assign(values.data(), values.data() + values.size());
  problem_.answers = std::move(items);
}

void LinearArms::pull(const Action& action, Observation& out) {
  RandomStream& stream = streams_[action.arm];
  const double mean = means_[action.arm];
  out.reward = noise_ == Noise::Gaussian ? mean + sigma_ * stream.normal()
                                         : (stream.uniform01() < 0.5 * (1.0 + mean) ? 1.0 : -1.0);
}

void add_noise_parameters(ParamSchema& schema) {
  schema
      .choice("noise", "gaussian", {"gaussian", "plus-minus-one"},
              "gaussian: x^T theta + N(0, sigma^2); plus-minus-one: +1 w.p. (1 + x^T theta)/2")
      .real("sigma", 1.0, Range::greater_than(0.0), "Gaussian noise standard deviation")
      .optional_real("noise-bound", Range::greater_than(0.0),
                     "sub-Gaussian constant R announced to algorithms (default: sigma for "
                     "Gaussian noise, 1 for +-1 rewards)")
      .optional_real("S", Range::greater_than(0.0),
                     "bound on ||theta|| announced to algorithms (default: ||theta||)");
}

std::unique_ptr<Environment> make_linear_arms(Eigen::MatrixXd features, Eigen::VectorXd theta,
                                              const ParamValues& params, const RunSeed& seed) {
  const bool gaussian = params.text("noise") == "gaussian";
  const double sigma = params.real("sigma");
  const double bound = params.has("noise-bound") ? params.real("noise-bound")
                                                 : (gaussian ? sigma : 1.0);
  const double norm = params.has("S") ? params.real("S") : theta.norm();
  return std::make_unique<LinearArms>(std::move(features), std::move(theta),
                                      gaussian ? LinearArms::Noise::Gaussian
                                               : LinearArms::Noise::PlusMinusOne,
                                      sigma, bound, norm, seed);
}

}  // namespace cpex::environments
