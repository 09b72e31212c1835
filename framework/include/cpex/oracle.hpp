// The Oracle interface: optimization over a decision class. The decision-class oracle of a
// pipeline also judges runs: the framework compares the recommendation with the optimal
// decision it computes on the environment's true parameters.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "cpex/problem.hpp"

namespace cpex {

// What a decision class asks about the arms' means, for the identification problems
// (numerics/identification.hpp) and the algorithms that need more than maximize():
//   Optimal    an optimal decision of the class: argmax of the sum of its members' means;
//   Threshold  the set of arms whose mean exceeds tau (every subset is a decision, of value
//              sum (theta_a - tau));
//   AnyAbove   whether some arm's mean exceeds tau: the decisions are {} ("no") and {a}
//              ("yes", with a as the witness; correct when theta_a > tau).
// relative_epsilon: an accuracy epsilon is judged relative to the optimum (theta_i >=
// (1 - epsilon) theta_[k], multiplicative epsilon-good answers) instead of additively.
// Vector-valued arms (Problem::objectives = D > 1; theta holds K x D means, arm-major), each
// objective d oriented by directions[d] (+1: larger is better, -1: smaller is better; empty:
// every objective +1), so that the oriented mean of arm a is directions[d] * theta[a * D + d]:
//   Pareto       the Pareto set: the arms that no other arm dominates (another arm at least
//                as good on every oriented objective and better on one);
//   Constrained  the best arm on objective `objective` among the feasible arms, those whose
//                every other objective d is better than bounds[d] (directions[d] * (theta_d -
//                bounds[d]) > 0; bounds[objective] is not read): {a}, or {} ("none") when no
//                arm is feasible.
struct Query {
  enum class Kind { Optimal, Threshold, AnyAbove, Pareto, Constrained };
  Kind kind = Kind::Optimal;
  double tau = 0.0;
  bool relative_epsilon = false;
  std::vector<double> directions;
  std::size_t objective = 0;
  std::vector<double> bounds;
};

// The orientation of objective d under `query` (+1 when directions is empty).
inline double direction_of(const Query& query, std::size_t d) {
  return d < query.directions.size() ? query.directions[d] : 1.0;
}

const char* to_string(Query::Kind kind);

class Oracle {
 public:
  virtual ~Oracle() = default;

  // Check the oracle against the problem it will serve (e.g. k < number of arms); throw
  // ParameterError naming the offending key otherwise. Called before any run.
  virtual void bind(const Problem& problem) = 0;

  // Number of arms in every decision of the class (top-k: k; matroid bases: the rank), or
  // 0 when decisions differ in size.
  virtual std::size_t decision_size() const { return 0; }

  // Number of arms the class is defined on when the oracle fixes it itself (the edges of
  // its graph, the length of a partition), or 0 when it adapts to the environment. The
  // assembler refuses an environment with another number of arms, naming both numbers.
  // An oracle with a fixed ground set answers maximize() and second_best() already before
  // bind(), so that an environment can plant an instance in its class.
  virtual std::size_t ground_set_size() const { return 0; }

  // Capabilities that this configured oracle does not honour although its entry declares
  // them (e.g. water-planning with non-convex costs is not bi-monotone). The assembler
  // refuses, naming the oracle, an algorithm whose role needs one of them. Default: none.
  virtual unsigned withdrawn_capabilities() const { return 0; }

  // Linear maximization: argmax over the class of sum_{e in M} w_e, deterministic under
  // ties. Oracles without kLinearMaximization need not override it.
  virtual void maximize(std::span<const double> weights, Decision& out) const;

  // kSecondBest: the best decision of the class other than `excluded` under `weights`
  // (deterministic under ties, documented by each oracle). Returns false when the class
  // holds no other decision. ICB and the full-bandit stopping rules call it.
  virtual bool second_best(std::span<const double> weights, const Decision& excluded,
                           Decision& out) const;

  // kQuadratic: a subset of k arms (sorted ascending) that maximizes, exactly or
  // approximately as the oracle documents, chi^T W chi for a symmetric n x n matrix W.
  virtual void maximize_quadratic(const Eigen::MatrixXd& w, std::size_t k, Decision& out) const;


  // Optimal decision for a parameter vector; for linear classes this is maximize(). For
  // separable CPE-CS classes (kSeparableLeading) it is the *leading* optimal decision
  // vector (Decision::values) under the oracle's documented tie-breaking, and value() is
  // the separable reward r(theta; y); kBiMonotone declares that every component of the
  // leading decision is monotone in its own parameter and oppositely monotone in the
  // others (seed 003, Theorem 3).
  virtual void optimal(std::span<const double> theta, Decision& out) const;

  // Objective value of a decision under theta (sum of member weights by default).
  virtual double value(std::span<const double> theta, const Decision& decision) const;

  // Whether `candidate` is acceptable for a run with accuracy epsilon: by default
  // value(candidate) >= value(optimal) - epsilon (up to rounding).
  virtual bool acceptable(std::span<const double> theta, const Decision& optimal,
                          const Decision& candidate, double epsilon) const;

  // Whether `candidate` is an optimal decision of the class under theta (`optimal` is what
  // optimal(theta) returned). With ties any optimal decision counts. By default: equal to
  // `optimal`, or a decision of the class (acceptable() at the tolerance, which rejects a
  // decision outside the class for every epsilon) whose value is at least
  // value(theta, optimal) - optimality_tolerance(value(theta, optimal)). An oracle whose
  // value() is not the objective, or whose class test lives elsewhere, overrides it.
  virtual bool is_optimal(std::span<const double> theta, const Decision& optimal,
                          const Decision& candidate) const;

  // The query the class answers (default: an optimal decision).
  virtual Query query() const { return {}; }

  // kMatroid: every single exchange (out, in), out in `basis` and in outside it, for which
  // basis - out + in is a basis (the closest alternatives of a matroid are among them).
  virtual void exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const;

  // kEnumerable: calls `visit` on every decision of the class (in a deterministic order)
  // and returns true, or returns false as soon as the class holds more than `limit`
  // decisions (the identification problems' exact best response lists the class).
  virtual bool enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const;

  // kQuadratic: the approximation ratio alpha_DkS the oracle guarantees for the densest
  // k-subgraph problem on n vertices with nonnegative weights (1 for an exact oracle), or 0
  // when it guarantees none. `alpha = theorem1` of the full-bandit algorithms uses it.
  virtual double quadratic_guarantee(std::size_t /*n*/, std::size_t /*k*/) const { return 0.0; }
};

// The tolerance of exact optimality (docs/results.md, "Verdicts"): a decision is optimal
// when its value is within kOptimalityTolerance * max(1, |optimum|) of the optimum — far
// above the rounding of a sum in another order (about n * 2^-53 relative), far below any
// gap an instance is built with.
inline constexpr double kOptimalityTolerance = 1e-9;
double optimality_tolerance(double optimum);

// The two verdicts on a run's answer.
struct Verdict {
  bool correct = false;  // acceptable under the run's epsilon and the oracle's rule
  bool optimal = false;  // an optimal decision of the class under the true parameters
};

// The framework's judgement of `candidate` against the oracle's optimum on the truth:
// `optimal` by Oracle::is_optimal, `correct` when optimal or acceptable at `epsilon` — so
// an optimal answer is correct for every epsilon >= 0. A candidate with an arm outside
// [0, theta.size()) or an arm twice is neither (the oracle is not asked).
Verdict judge(const Oracle& oracle, std::span<const double> theta, const Decision& optimal,
              const Decision& candidate, double epsilon);

}  // namespace cpex
