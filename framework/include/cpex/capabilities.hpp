// Capability declarations: what an oracle solves and what an algorithm needs. The
// pipeline assembler compares them before any run and names both sides on a mismatch.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "cpex/problem.hpp"

namespace cpex {

// What an oracle can compute, as bit flags.
enum OracleCapability : unsigned {
  kLinearMaximization = 1u << 0,  // argmax over the decision class of sum_e w_e
  kSecondBest = 1u << 1,          // best decision other than a given one
  kSeparableLeading = 1u << 2,    // leading optimal decision of a separable reward (CPE-CS)
  kBiMonotone = 1u << 3,          // the separable oracle is bi-monotone (seed 003 Thm 3)
  kQuadratic = 1u << 4,           // quadratic / densest-k-subgraph maximization
  kCardinality = 1u << 5,         // the class is every subset of exactly k arms (top-k)
  kMatroid = 1u << 6,             // the class is the bases of a matroid: Oracle::exchanges
  kEnumerable = 1u << 7,          // the class can be listed: Oracle::enumerate
};

// "linear-maximization, second-best".
std::string describe_capabilities(unsigned capabilities);

// An oracle an algorithm needs: the pipeline section that configures it ("oracle" for the
// decision class, "dks" for a quadratic maximizer, ...) and the capabilities required.
struct OracleRole {
  std::string section;
  unsigned required = 0;
};

// The settings an algorithm runs in, as bit flags. Fixed confidence: it stops by its own
// rule (`[run] max-samples` only caps it). Fixed budget: `[run] budget = T` tells it T
// (AlgorithmContext::budget) and the run ends after T samples at the latest. Anytime: it
// recommends at every t and never needs the budget; `[run] budget = T` ends the run at T
// without telling it (AlgorithmContext::anytime: no stopping rule of its own), and `[run]
// checkpoints = T1, T2, ...` judges one run at every checkpoint (docs/results.md).
enum AlgorithmSetting : unsigned {
  kFixedConfidence = 1u << 0,
  kFixedBudget = 1u << 1,
  kAnytime = 1u << 2,
};

// "fixed-confidence", "fixed-budget", "anytime" or several of them, comma-separated.
std::string describe_settings(unsigned settings);
// The rewards an algorithm's statistics or guarantees assume (compared with the
// environment's Problem::rewards before any run; a mismatch names both plugins).
// Default: any rewards with a sub-Gaussian constant (has_sub_gaussian_scale: Poisson,
// Exponential and Gaussian of unknown variance must be listed by name).
struct RewardRequirement {
  // Accepted families; empty: any family with a sub-Gaussian constant.
  std::vector<RewardFamily> families;
  // Every reward must lie in [lower, upper] (e.g. [0, 1] for a Hoeffding bound on [0, 1]);
  // infinite ends: no range needed.
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();

  static RewardRequirement families_of(std::vector<RewardFamily> accepted) {
    RewardRequirement r;
    r.families = std::move(accepted);
    return r;
  }
  static RewardRequirement within(double a, double b) {
    RewardRequirement r;
    r.lower = a;
    r.upper = b;
    return r;
  }
};

// "gaussian or bernoulli rewards", "rewards in [0, 1]", "any rewards".
std::string describe(const RewardRequirement& requirement);

// The model's family is accepted and its range lies within the required one.
bool satisfies(const RewardModel& model, const RewardRequirement& requirement);

// describe(requirement) if `model` does not satisfy it; empty if it does.
std::string reward_mismatch(const RewardRequirement& requirement, const RewardModel& model);

// What an algorithm needs from a pipeline.
struct AlgorithmNeeds {
  std::vector<FeedbackKind> feedback;  // accepted feedback kinds
  std::vector<OracleRole> oracles;     // first entry is the decision-class oracle
  bool reads_truth = false;            // an oracle baseline by definition (e.g. XY-oracle)
  unsigned settings = kFixedConfidence;  // AlgorithmSetting flags; assembly checks [run] budget
  // recommend() gives the current answer between any two rounds (the anytime trace of
  // `[run] trace-recommendations`); false: that key is refused for this algorithm.
  bool anytime = true;
  RewardRequirement rewards;           // the reward family / range assumed (default: any)
  // Algorithm::propose is overridden: in a study it proposes pulls while others are pending
  // (batches, delayed feedback). false: the study's default (docs/studies.md).
  bool batches = false;
  // It answers among an answer set Z != X (Problem::answers, the transductive linear
  // problem): its recommendation names an item of Z. false: an environment with an answer
  // set is refused at assembly, naming both plugins.
  bool transductive = false;
};

// The needs of an algorithm with one feedback kind and one decision-class oracle (key
// "oracle") of `capabilities`, the rest at the defaults.
inline AlgorithmNeeds one_oracle_needs(FeedbackKind feedback, unsigned capabilities) {
  return {.feedback = {feedback}, .oracles = {{"oracle", capabilities}}};
}

}  // namespace cpex
