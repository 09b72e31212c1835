// Capability declarations: what an oracle solves and what an algorithm needs. The
// pipeline assembler compares them before any run and names both sides on a mismatch.
#pragma once

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
// (AlgorithmContext::budget) and the run ends after T samples at the latest.
enum AlgorithmSetting : unsigned {
  kFixedConfidence = 1u << 0,
  kFixedBudget = 1u << 1,
};

// "fixed-confidence", "fixed-budget" or "fixed-confidence, fixed-budget".
std::string describe_settings(unsigned settings);

// What an algorithm needs from a pipeline.
struct AlgorithmNeeds {
  std::vector<FeedbackKind> feedback;  // accepted feedback kinds
  std::vector<OracleRole> oracles;     // first entry is the decision-class oracle
  bool reads_truth = false;            // an oracle baseline by definition (e.g. XY-oracle)
  unsigned settings = kFixedConfidence;  // AlgorithmSetting flags; assembly checks [run] budget
  // recommend() gives the current answer between any two rounds (the anytime trace of
  // `[run] trace-recommendations`); false: that key is refused for this algorithm.
  bool anytime = true;
};

}  // namespace cpex
