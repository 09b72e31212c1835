// The oracles of vector-valued arms (Problem::objectives = D >= 2; theta holds K x D means,
// arm-major), each objective maximized or minimized as `directions` says:
//
// `pareto-set`: the Pareto set, the arms that no other arm dominates (at least as good on every
//   objective, better on one). A candidate set S is correct at accuracy eps (the algorithm's, or
//   the oracle's own `epsilon` when larger) when S* <= S <= S*_eps, S*_eps the arms that no arm
//   dominates once each of their objectives is improved by eps (Auer, Chiang, Ortner & Drugan
//   2016; Kone, Kaufmann & Richert 2023's epsilon_1-PSI); optimal when S = S*.
// `constrained-best`: the best arm on objective `objective` among the feasible arms, those better
//   than `thresholds` on every other objective (guardrails): {a}, or {} when no arm is
//   feasible. {a} is correct at eps when a is feasible and within eps of the best feasible
//   arm on the objective; {} when no arm is feasible.
// Neither offers linear maximization (their decisions are not judged by a sum of means); the
// identification problems and the algorithms read the question through query(), which holds
// the directions (and constrained-best's objective and bounds) once bind() has checked them.
#pragma once

#include <vector>

#include "query_oracle.hpp"

namespace cpex::oracles {

class ParetoSetOracle final : public QueryOracle {
 public:
  // Until bind(), query() holds the directions as given.
  ParetoSetOracle(std::vector<double> directions, double epsilon)
      : QueryOracle({.kind = Query::Kind::Pareto, .directions = directions}),
        requested_(std::move(directions)),
        epsilon_(epsilon) {}

  void bind(const Problem& problem) override;
  void optimal(std::span<const double> theta, Decision& out) const override;
  double value(std::span<const double> theta, const Decision& decision) const override;
  bool acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                  double epsilon) const override;
  // The Pareto set itself (acceptable() at accuracy 0 also takes epsilon-accurate sets when
  // the oracle's own epsilon is positive).
  bool is_optimal(std::span<const double> theta, const Decision& optimal, const Decision& candidate) const override;

 private:
  std::vector<double> requested_;
  double epsilon_;
  std::size_t d_ = 0;
};

class ConstrainedBestOracle final : public QueryOracle {
 public:
  // Until bind(), query() holds the objective only (no directions, no bounds).
  ConstrainedBestOracle(std::vector<double> directions, std::size_t objective, std::vector<double> thresholds)
      : QueryOracle({.kind = Query::Kind::Constrained, .objective = objective}),
        requested_(std::move(directions)),
        thresholds_(std::move(thresholds)) {}

  void bind(const Problem& problem) override;
  void optimal(std::span<const double> theta, Decision& out) const override;
  double value(std::span<const double> theta, const Decision& decision) const override;
  bool acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                  double epsilon) const override;

 private:
  bool feasible(std::span<const double> theta, std::size_t a) const;

  std::vector<double> requested_, thresholds_;
  std::size_t d_ = 0;
};

}  // namespace cpex::oracles
