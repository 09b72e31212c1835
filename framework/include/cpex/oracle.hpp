// The Oracle interface: optimization over a decision class. The decision-class oracle of a
// pipeline also judges runs: the framework compares the recommendation with the optimal
// decision it computes on the environment's true parameters.
#pragma once

#include <span>

#include "cpex/problem.hpp"

namespace cpex {

class Oracle {
 public:
  virtual ~Oracle() = default;

  // Check the oracle against the problem it will serve (e.g. k < number of arms); throw
  // ParameterError naming the offending key otherwise. Called before any run.
  virtual void bind(const Problem& problem) = 0;

  // Number of arms in every decision of the class (top-k: k; matroid bases: the rank), or
  // 0 when decisions differ in size.
  virtual std::size_t decision_size() const { return 0; }

  // Linear maximization: argmax over the class of sum_{e in M} w_e, deterministic under
  // ties. Oracles without kLinearMaximization need not override it.
  virtual void maximize(std::span<const double> weights, Decision& out) const;

  // Optimal decision for a parameter vector; for linear classes this is maximize().
  virtual void optimal(std::span<const double> theta, Decision& out) const;

  // Objective value of a decision under theta (sum of member weights by default).
  virtual double value(std::span<const double> theta, const Decision& decision) const;

  // Whether `candidate` is acceptable for a run with accuracy epsilon: by default
  // value(candidate) >= value(optimal) - epsilon (up to rounding).
  virtual bool acceptable(std::span<const double> theta, const Decision& optimal,
                          const Decision& candidate, double epsilon) const;
};

}  // namespace cpex
