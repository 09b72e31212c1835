// The conformance suites `cpex check` runs an algorithm on: one per kind of problem
// (identification problems, Best-K, CPE-L on several decision classes, CPE-CS, full-bandit,
// linear, semi-bandit, good arm, vector-valued arms, Bayesian instances), so that no
// algorithm of the tree skips a check because the suite cannot serve its feedback or its
// oracles. A table of CheckSuite: the first suite that serves an algorithm's needs is its
// suite; each suite gives the pipeline text of its instances, the δ the algorithm is run
// with (and checked against) and how many runs it takes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/registry.hpp"

namespace cpex::host {

struct SuiteInstance {
  std::string label;    // "gaussian n=4 k=1"
  std::string problem;  // the [environment] and [oracle] sections (and a further role's)
  std::uint64_t budget = 0;  // [run] budget, for a fixed-budget algorithm
  // [algorithm] values this instance needs of an algorithm that has the key (a CPE-CS
  // instance whose truth is a variance: estimator = variance).
  std::vector<std::pair<std::string, std::string>> algorithm_values;
  // A PAC instance: the accuracy ε given to the parameter with the accuracy role.
  std::optional<double> accuracy;
  // Only for an algorithm with an accuracy parameter (an ε-good query that an exact
  // algorithm would answer as a hard best-arm instance): skipped for the others.
  bool needs_accuracy = false;
};

struct CheckSuite {
  const char* name;  // "best-k"
  // The δ the algorithm is given and the δ-correctness check holds it to: the one-sided
  // 95% Clopper–Pearson upper bound of its error rate over the suite must be at most δ.
  double delta;
  std::int64_t quick_runs, full_runs;  // runs in all, spread over the accepted instances
  // Empty when the suite serves an algorithm of these needs with the loaded plugins, else why not.
  std::string (*refuses)(const AlgorithmNeeds& needs, const Registry& registry);
  std::vector<SuiteInstance> (*instances)(const AlgorithmNeeds& needs, bool quick);
};

// Every suite, in the order they are tried.
std::span<const CheckSuite> check_suites();

// The first suite that serves `needs`; null (with every suite's reason in `why`) if none does.
const CheckSuite* suite_for(const AlgorithmNeeds& needs, const Registry& registry, std::string& why);

}  // namespace cpex::host
