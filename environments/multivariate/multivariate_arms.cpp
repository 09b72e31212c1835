// Gaussian and Bernoulli vector-valued arms (multivariate_arms.hpp).
#include "multivariate_arms.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"

namespace cpex::environments {

namespace {

std::string number(double x) { return to_string(ParamValue{x}); }

}  // namespace

MultivariateArms::MultivariateArms(Noise noise, RealMatrix means, std::vector<double> sigmas,
                                   const RealMatrix* covariance, const RunSeed& seed)
    : noise_(noise), objectives_(means.cols), means_(std::move(means.values)) {
  const std::size_t k = means.rows, d = means.cols;
  if (k < 2) throw ParameterError("means", "needs at least 2 arms (rows), got " + std::to_string(k));
  if (k > static_cast<std::size_t>(kMaxArms))
    throw ParameterError("means", "has " + std::to_string(k) + " arms, more than the limit of " +
                                      std::to_string(kMaxArms));
  if (d < 2)
    throw ParameterError("means", "needs at least 2 objectives (numbers per row), got " + std::to_string(d) +
                                      " (one objective: use the gaussian or bernoulli environment)");
  if (d > kMaxObjectives)
    throw ParameterError("means", "has " + std::to_string(d) + " objectives, more than the limit of " +
                                      std::to_string(kMaxObjectives));
  problem_.num_arms = k;
  problem_.objectives = d;
  if (noise == Noise::Bernoulli) {
    for (std::size_t i = 0; i < means_.size(); ++i)
      if (!(means_[i] >= 0.0 && means_[i] <= 1.0))
        throw ParameterError("means", "Bernoulli objectives need means in [0, 1], but arm " + std::to_string(i / d) +
                                          " has " + number(means_[i]) + " on objective " + std::to_string(i % d));
    declare_rewards(problem_, RewardFamily::Bernoulli);
  } else if (covariance) {
    if (covariance->rows != d || covariance->cols != d)
      throw ParameterError("covariance", "is " + std::to_string(covariance->rows) + " x " +
                                             std::to_string(covariance->cols) + ", but the arms have " +
                                             std::to_string(d) + " objectives (give a " + std::to_string(d) +
                                             " x " + std::to_string(d) + " matrix)");
    Eigen::MatrixXd c(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(d));
    bool diagonal = true;
    for (std::size_t r = 0; r < d; ++r)
      for (std::size_t s = 0; s < d; ++s) {
        c(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(s)) = covariance->at(r, s);
        if (covariance->at(r, s) != covariance->at(s, r))
          throw ParameterError("covariance", "is not symmetric: entry (" + std::to_string(r + 1) + ", " +
                                                 std::to_string(s + 1) + ") differs from (" + std::to_string(s + 1) +
                                                 ", " + std::to_string(r + 1) + ")");
        diagonal = diagonal && (r == s || covariance->at(r, s) == 0.0);
      }
    const Eigen::LLT<Eigen::MatrixXd> llt(c);
    if (llt.info() != Eigen::Success)
      throw ParameterError("covariance", "is not positive definite");
    const Eigen::MatrixXd l = llt.matrixL();
    cholesky_.assign(d * d, 0.0);
    double largest = 0.0;
    for (std::size_t r = 0; r < d; ++r) {
      for (std::size_t s = 0; s <= r; ++s)
        cholesky_[r * d + s] = l(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(s));
      sigmas_.push_back(std::sqrt(covariance->at(r, r)));
      largest = std::max(largest, sigmas_.back());
    }
    if (diagonal) {
      // Independent objectives: the Gaussian family per objective, as with sigmas.
      cholesky_.clear();
    } else {
      // Correlated objectives: each objective alone is Gaussian (sub-Gaussian with its
      // standard deviation), but the identification problems' statistics assume independent
      // objectives; declared as rewards of no family with the largest deviation as constant.
      problem_.noise_sigma = largest;
    }
    if (diagonal) sigmas = sigmas_;
  }
  if (noise == Noise::Gaussian && cholesky_.empty()) {
    if (sigmas.size() == 1) sigmas.assign(d, sigmas.front());
    if (sigmas.size() != d)
      throw ParameterError("sigmas", "has " + std::to_string(sigmas.size()) + " values for " + std::to_string(d) +
                                         " objectives (give one per objective)");
    sigmas_ = std::move(sigmas);
    const double largest = *std::max_element(sigmas_.begin(), sigmas_.end());
    declare_rewards(problem_, RewardFamily::Gaussian, largest);
    if (std::any_of(sigmas_.begin(), sigmas_.end(), [&](double s) { return s != largest; }))
      for (std::size_t a = 0; a < k; ++a) problem_.arm_sigmas.insert(problem_.arm_sigmas.end(), sigmas_.begin(), sigmas_.end());
  }
  z_.assign(d, 0.0);
  streams_ = arm_noise_streams(seed, k);
}

void MultivariateArms::pull(const Action& action, Observation& out) {
  const std::size_t d = objectives_;
  RandomStream& stream = streams_[action.arm];
  const double* mean = means_.data() + action.arm * d;
  double* x = out.per_arm.data();
  if (noise_ == Noise::Bernoulli) {
    for (std::size_t j = 0; j < d; ++j) x[j] = stream.uniform01() < mean[j] ? 1.0 : 0.0;
  } else if (cholesky_.empty()) {
    for (std::size_t j = 0; j < d; ++j) x[j] = mean[j] + sigmas_[j] * stream.normal();
  } else {
    for (std::size_t j = 0; j < d; ++j) z_[j] = stream.normal();
    for (std::size_t r = 0; r < d; ++r) {
      double total = mean[r];
      for (std::size_t s = 0; s <= r; ++s) total += cholesky_[r * d + s] * z_[s];
      x[r] = total;
    }
  }
  out.reward = x[0];
}

std::unique_ptr<Environment> make_multivariate_gaussian(const ParamValues& params, const RunSeed& seed) {
  RealMatrix means = parse_real_matrix("means", params.text("means"));
  const bool has_covariance = params.has("covariance");
  if (has_covariance && params.has("sigmas"))
    throw ParameterError("covariance", "and sigmas both give the noise: keep one (sigmas: independent objectives)");
  std::vector<double> sigmas = params.has("sigmas") ? params.reals("sigmas") : std::vector<double>{params.real("sigma")};
  if (has_covariance) {
    const RealMatrix covariance = parse_real_matrix("covariance", params.text("covariance"));
    return std::make_unique<MultivariateArms>(MultivariateArms::Noise::Gaussian, std::move(means), std::vector<double>{},
                                              &covariance, seed);
  }
  return std::make_unique<MultivariateArms>(MultivariateArms::Noise::Gaussian, std::move(means), std::move(sigmas),
                                            nullptr, seed);
}

std::unique_ptr<Environment> make_multivariate_bernoulli(const ParamValues& params, const RunSeed& seed) {
  return std::make_unique<MultivariateArms>(MultivariateArms::Noise::Bernoulli,
                                            parse_real_matrix("means", params.text("means")), std::vector<double>{},
                                            nullptr, seed);
}

}  // namespace cpex::environments
