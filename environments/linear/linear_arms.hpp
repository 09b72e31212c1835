// Linear-bandit environments: arms with known features x_i in R^d and mean reward
// x_i^T theta*, with Gaussian noise (sigma) or +-1 rewards (P(+1) = (1 + x^T theta*)/2).
// `linear` builds the features inline, from a CSV file or from the generators of seed 002
// §7, optionally with an answer set Z != X (the transductive problem of Fiez et al. 2019:
// `answers` inline or `answers-file`); `linear-dataset` samples arms from a labelled data set
// (seed 002 App. A).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "cpex/environment.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

class LinearArms : public Environment {
 public:
  enum class Noise { Gaussian, PlusMinusOne };

  // features: d x K (one column per arm, K >= 2); theta: d entries; sigma: Gaussian noise
  // standard deviation; noise_bound: the sub-Gaussian constant R announced to algorithms;
  // norm_bound: the bound S on ||theta|| announced to algorithms.
  LinearArms(Eigen::MatrixXd features, Eigen::VectorXd theta, Noise noise, double sigma,
             double noise_bound, double norm_bound, const RunSeed& seed);

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  std::span<const double> answer_truth() const override { return answer_means_; }

  // Poses the transductive problem: the items Z (d x M, M >= 2, every one in the span of the
  // features; ParameterError naming `key` otherwise).
  void set_answers(Eigen::MatrixXd items, const std::string& key);
  // The size k of the top set the instance is made for (1 by default; k < arms, and 1 with an
  // answer set); ParameterError("k") otherwise.
  void set_decision_size(std::size_t k);
  void pull(const Action& action, Observation& out) override;

 private:
  Problem problem_;
  Eigen::VectorXd theta_;
  std::vector<double> means_, answer_means_;
  Noise noise_;
  double sigma_;
  std::vector<RandomStream> streams_;  // one per arm
};

// Shared parameters: noise, sigma, noise-bound, S.
void add_noise_parameters(ParamSchema& schema);
// The answer set of `answers` (row-major, d numbers per item) or `answers-file` (CSV), or an
// empty matrix when neither is given.
Eigen::MatrixXd answer_items(const ParamValues& params, Eigen::Index d);
// Builds the environment from features and theta with the shared parameters.
std::unique_ptr<Environment> make_linear_arms(Eigen::MatrixXd features, Eigen::VectorXd theta,
                                              const ParamValues& params, const RunSeed& seed);

std::unique_ptr<Environment> make_linear(const ParamValues& params, const RunSeed& seed);
std::unique_ptr<Environment> make_linear_dataset(const ParamValues& params, const RunSeed& seed);

}  // namespace cpex::environments
