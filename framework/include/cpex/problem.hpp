// Value types shared by environments, oracles and algorithms: the public description of a
// problem, actions, observations and decisions. Nothing here holds the hidden truth.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace cpex {

// How an environment answers a pull.
enum class FeedbackKind {
  SingleArm,      // pull one arm, observe its reward
  SemiBandit,     // pull a super arm, observe every member's reward
  FullBanditSum,  // pull a super arm, observe one number: the noisy sum
  LinearArm,      // pull an arm with a known feature vector, observe x^T theta + noise
  MultiObjective,  // pull one arm, observe one reward per objective (Problem::objectives of them)
};

const char* to_string(FeedbackKind kind);

// The key parameter theta_i that an environment's truth() holds for each arm (seed 003:
// tau = 1 for the mean, tau = 2 for the variance).
enum class KeyParameter { Mean, Variance };

const char* to_string(KeyParameter parameter);

// The distribution family of an environment's rewards (one observation).
enum class RewardFamily {
  Other,      // nothing is promised beyond Problem::noise_sigma
  Gaussian,   // reward = mean + N(0, noise_sigma^2): noise_sigma is the exact standard deviation
  Bernoulli,  // reward in {0, 1} with P(1) = the arm's mean
  Bounded,    // any distribution with support in [RewardModel::lower, RewardModel::upper]
  Poisson,    // reward in {0, 1, 2, ...}, Poisson with the arm's mean (> 0)
  Exponential,  // reward >= 0, exponential with the arm's mean (> 0)
  // reward = mean + N(0, s_a^2) with every s_a unknown to the algorithm (Problem::noise_sigma
  // and arm_sigmas say nothing): only algorithms that list this family may run on it
  GaussianUnknownVariance,
};

// Whether Problem::noise_sigma is a valid sub-Gaussian constant of the family's rewards:
// false for Poisson, Exponential (heavier tails) and Gaussian of unknown variance, which an
// algorithm must list by name in AlgorithmNeeds::rewards to run on (capabilities.hpp).
bool has_sub_gaussian_scale(RewardFamily family);

const char* to_string(RewardFamily family);

// What an environment declares about its rewards, so that an algorithm whose statistics
// or guarantees assume a family or a range can refuse other environments at assembly
// (AlgorithmNeeds::rewards; see docs/plugin-authoring.md). The sub-Gaussian constant
// stays in Problem::noise_sigma.
struct RewardModel {
  RewardFamily family = RewardFamily::Other;
  // Every reward lies in [lower, upper]; infinite ends where no bound is known.
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();

  static RewardModel gaussian() { return {RewardFamily::Gaussian}; }
  static RewardModel bernoulli() { return {RewardFamily::Bernoulli, 0.0, 1.0}; }
  static RewardModel bounded(double a, double b) { return {RewardFamily::Bounded, a, b}; }
  static RewardModel poisson() { return {RewardFamily::Poisson, 0.0}; }
  static RewardModel exponential() { return {RewardFamily::Exponential, 0.0}; }
  static RewardModel gaussian_unknown_variance() { return {RewardFamily::GaussianUnknownVariance}; }
  // Known to lie in [a, b], family unknown beyond that (e.g. a sum of Bernoulli outcomes).
  static RewardModel other_in(double a, double b) { return {RewardFamily::Other, a, b}; }

  // Both ends finite.
  bool bounded() const {
    return lower > -std::numeric_limits<double>::infinity() &&
           upper < std::numeric_limits<double>::infinity();
  }
  // Every reward lies in [a, b].
  bool within(double a, double b) const { return lower >= a && upper <= b; }
};

// "gaussian", "bernoulli", "bounded in [0, 1]", "of no declared family", "of no declared
// family, in [0, 5]" (reads after "the rewards are").
std::string describe(const RewardModel& model);

// The prior a Bayesian instance is drawn from, the same for every arm and independent across
// arms (Jang, Komiyama & Yamazaki 2024): Gaussian(mean a, standard deviation b) or Beta(a, b);
// None for an instance given explicitly (the frequentist setting).
struct Prior {
  enum class Kind { None, Gaussian, Beta };
  Kind kind = Kind::None;
  double a = 0.0;
  double b = 0.0;

  bool operator==(const Prior&) const = default;
};

// "gaussian(0, 1)", "beta(1, 1)", "none": the text parse_prior() reads back.
std::string to_string(const Prior& prior);
// Reads "gaussian(M, S)" (S > 0) or "beta(A, B)" (A, B > 0), spaces allowed; false with the
// reason in `why` otherwise.
bool parse_prior(const std::string& text, Prior& out, std::string& why);

// What an algorithm may know about the problem before it starts. The hidden parameter
// (theta*) is not here: only Environment::truth() has it, and only the framework and
// algorithms that declare `reads_truth` may call it.
struct Problem {
  FeedbackKind feedback = FeedbackKind::SingleArm;
  std::size_t num_arms = 0;
  // Sub-Gaussian constant of one observation's noise (sigma for Gaussian noise, 1/2 for
  // rewards in [0, 1]); the papers' R. With per-arm standard deviations (arm_sigmas) it is
  // their largest; meaningless (0) for families without one (has_sub_gaussian_scale).
  double noise_sigma = 1.0;
  // Gaussian rewards with a known standard deviation per arm: one entry per arm; empty when
  // every arm has noise_sigma.
  std::vector<double> arm_sigmas;
  // The family and range of one observation (default: other, unbounded).
  RewardModel rewards;
  // Size of the decisions the instance is made for: the K of a top-K instance, or the
  // super-arm size a full-bandit environment accepts; 0 if the instance fixes none. The
  // assembler checks it against the oracle's decision size.
  std::size_t k = 0;
  // Known feature vectors, one column per arm (linear bandits); empty otherwise.
  Eigen::MatrixXd features;
  // The answer set Z of a transductive linear problem (Fiez et al. 2019), one column per
  // item in the span of `features`: the decision is the item of largest z^T theta, a
  // recommendation names an item's index, and Environment::answer_truth() holds their
  // values. Empty when the answers are the arms themselves (Z = X, and every other family).
  Eigen::MatrixXd answers;
  // Known bound S on the norm of the hidden parameter (linear bandits); 0 if unknown.
  double parameter_bound = 0.0;
  // Known group sizes (partitioned sampling problems); empty otherwise.
  std::vector<double> group_sizes;
  // What truth() holds per arm: the mean reward (every family but CPE-CS with variances).
  KeyParameter parameter = KeyParameter::Mean;
  // Vector-valued arms (FeedbackKind::MultiObjective): the number D >= 2 of values one
  // observation holds, one per objective; 1 for every other feedback. With D > 1, truth()
  // holds num_arms x D means arm-major (arm a's objective d at a * D + d), and arm_sigmas,
  // when given, one standard deviation per arm and objective in the same order.
  std::size_t objectives = 1;
  // The prior the instance was drawn from (`[environment] prior = ...`: a new instance per
  // repetition, the error averaged over the prior); Kind::None for an explicit instance.
  Prior prior;
};

// Declares `family` in problem.rewards with the sub-Gaussian constant that goes with it in
// problem.noise_sigma: `sigma` (Gaussian), 1/2 (Bernoulli), (upper - lower)/2 (bounded in
// [lower, upper]), 0 (none told: Poisson, Exponential, unknown-variance Gaussian); Other
// leaves both as they are.
void declare_rewards(Problem& problem, RewardFamily family, double sigma = 1.0, double lower = 0.0,
                     double upper = 1.0);

// One pull requested by an algorithm. For single-arm and linear feedback `arm` is used;
// for super-arm feedback `super_arm` views storage that the algorithm owns.
struct Action {
  std::size_t arm = 0;
  std::span<const std::size_t> super_arm{};
};

// What the environment answered. `reward` is the single number; for semi-bandit feedback
// `per_arm` views a buffer (owned by the run loop) with one reward per super-arm member, and
// for multi-objective feedback one reward per objective (`reward` is then objective 0's).
struct Observation {
  double reward = 0.0;
  std::span<double> per_arm{};
};

// A decision in the oracle's class: a set of arms (sorted ascending) for subset classes,
// and/or a vector y for continuous or integer decisions (CPE-CS).
struct Decision {
  std::vector<std::size_t> arms;
  std::vector<double> values;

  bool operator==(const Decision&) const = default;
};

// Human-readable form used in results: arms separated by spaces, values after a '|'.
std::string to_string(const Decision& decision);

// What an algorithm returns when it stops (or when the run is capped).
struct Recommendation {
  Decision decision;
  // Accuracy the algorithm promises (0 for exact identification).
  double epsilon = 0.0;
};

}  // namespace cpex
