// Default implementations of the Oracle interface for linear decision classes.
#include "cpex/oracle.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cpex/errors.hpp"

namespace cpex {

void Oracle::maximize(std::span<const double>, Decision&) const {
  throw Error("this oracle does not offer linear maximization");
}

bool Oracle::second_best(std::span<const double>, const Decision&, Decision&) const {
  throw Error("this oracle does not offer the second-best decision");
}

void Oracle::maximize_quadratic(const Eigen::MatrixXd&, std::size_t, Decision&) const {
  throw Error("this oracle does not offer quadratic maximization");
}

void Oracle::exchanges(const Decision&, std::vector<std::pair<std::size_t, std::size_t>>&) const {
  throw Error("this oracle does not offer matroid exchanges");
}

bool Oracle::enumerate(std::size_t, const std::function<void(const Decision&)>&) const {
  throw Error("this oracle cannot list its decisions");
}

const char* to_string(Query::Kind kind) {
  switch (kind) {
    case Query::Kind::Optimal: return "optimal";
    case Query::Kind::Threshold: return "threshold";
    case Query::Kind::AnyAbove: return "any-above";
    case Query::Kind::Pareto: return "pareto";
    case Query::Kind::Constrained: return "constrained";
  }
  return "?";
}

void Oracle::optimal(std::span<const double> theta, Decision& out) const { maximize(theta, out); }

double Oracle::value(std::span<const double> theta, const Decision& decision) const {
  double total = 0.0;
  for (std::size_t arm : decision.arms) total += theta[arm];
  return total;
}

bool Oracle::acceptable(std::span<const double> theta, const Decision& optimal,
                        const Decision& candidate, double epsilon) const {
  if (candidate == optimal) return true;
  const double best = value(theta, optimal);
  // Sums in another order may differ by rounding: allow a few ulps of the scale.
  const double slack = 1e-12 * (1.0 + std::abs(best));
  return value(theta, candidate) >= best - epsilon - slack;
}

double optimality_tolerance(double optimum) {
  return kOptimalityTolerance * std::max(1.0, std::abs(optimum));
}

bool Oracle::is_optimal(std::span<const double> theta, const Decision& optimal,
                        const Decision& candidate) const {
  if (candidate == optimal) return true;
  const double best = value(theta, optimal);
  const double tolerance = optimality_tolerance(best);
  return acceptable(theta, optimal, candidate, tolerance) &&
         value(theta, candidate) >= best - tolerance;
}

namespace {

// Arms within the ground set, none twice (the order is the oracle's to check).
bool arms_in_range(const std::vector<std::size_t>& arms, std::size_t ground) {
  if (arms.size() > ground) return false;
  // Up to 4 arms: compared pairwise (no allocation: this runs once per run).
  if (arms.size() <= 4) {
    for (std::size_t i = 0; i < arms.size(); ++i) {
      if (arms[i] >= ground) return false;
      for (std::size_t j = 0; j < i; ++j)
        if (arms[j] == arms[i]) return false;
    }
    return true;
  }
  std::vector<char> seen(ground, 0);
  for (std::size_t arm : arms) {
    if (arm >= ground || seen[arm]) return false;
    seen[arm] = 1;
  }
  return true;
}

}  // namespace

Verdict judge(const Oracle& oracle, std::span<const double> theta, const Decision& optimal,
              const Decision& candidate, double epsilon) {
  Verdict verdict;
  if (!arms_in_range(candidate.arms, theta.size())) return verdict;
  verdict.optimal = oracle.is_optimal(theta, optimal, candidate);
  verdict.correct = verdict.optimal || oracle.acceptable(theta, optimal, candidate, epsilon);
  return verdict;
}

}  // namespace cpex
