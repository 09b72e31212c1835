// T*(mu) and the run's lower bound T*(mu) log(1/delta) (lower_bound.hpp): per-arm
// identification problems, CPE-L classes, full-bandit and linear / transductive best arm.
#include "cpex/runtime/lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/combinatorial_characteristic_time.hpp"
#include "cpex/numerics/identification_factory.hpp"
#include "cpex/numerics/linear_identification.hpp"
#include "cpex/runtime/hardness.hpp"

namespace cpex::inline runtime {

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// T* of the run's instance, or NaN and why (one clause).
struct TStar {
  double t_star = kNan;
  std::string reason;
};

std::string gap_text(double gap) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", gap);
  return text;
}

// The certified T* of a solver result: `lower` <= T* <= `upper`.
TStar certified(double value, double lower, double upper, const std::string& what) {
  if (!(std::isfinite(value) && value > 0.0)) return {kNan, what + ": the instance has no unique answer (T* infinite)"};
  const double gap = upper > 0.0 && std::isfinite(upper) ? (upper - lower) / upper : 1.0;
  if (gap > kLowerBoundGap * (1.0 + 1e-9))
    return {kNan, what + " certified only to a relative gap of " + gap_text(gap) + " (the bound needs " +
                      gap_text(kLowerBoundGap) + ")"};
  return {value, ""};
}

// Per-arm feedback: the identification problem of the query and class (top-k, thresholds,
// epsilon-good, matroids, listed classes; every arm family), else, for another class with
// linear maximization, the CPE-L T* certified from the oracle alone (oracle bounds,
// docs/algorithms/identification-oracle.md).
TStar per_arm(const Pipeline& pipeline, const RunObjects& run, std::span<const double> truth) {
  const Problem& problem = *run.context.problem;
  const Oracle& oracle = *run.oracles.front();
  const unsigned caps = pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
  const double epsilon = algorithm_epsilon(pipeline);
  numerics::IdentificationSetup setup;
  try {
    setup = numerics::make_identification(problem, oracle, pipeline.oracles.front().entry->capabilities, epsilon);
  } catch (const std::invalid_argument& e) {
    const bool cpe_l = problem.feedback == FeedbackKind::SingleArm && oracle.query().kind == Query::Kind::Optimal && (caps & kLinearMaximization) &&
                       (caps & kSecondBest) && epsilon == 0.0 && numerics::arm_families_of(problem);
    if (!cpe_l) return {kNan, e.what()};
    if (truth.size() > kLowerBoundSolverArms)
      return {kNan, "the class has " + std::to_string(truth.size()) + " base arms, more than the " +
                        std::to_string(kLowerBoundSolverArms) + " the bound solves for"};
    const auto families = numerics::with_variances(*numerics::arm_families_of(problem), run.environment->truth_variances());
    numerics::CombinatorialOptions options;
    options.relative_gap = kLowerBoundGap / 2;
    const auto t = numerics::cpe_characteristic_time(oracle, caps, truth, families, options);
    return certified(t.value, t.lower, t.upper, "the CPE-L T* (" + t.method + ")");
  }
  setup.families = numerics::with_variances(setup.families, run.environment->truth_variances());
  const bool structured = setup.problem->has_structured_time(setup.families);
  const std::size_t limit = structured ? kLowerBoundStructuredArms : kLowerBoundSolverArms;
  if (setup.problem->arms() > limit)  // (vector-valued arms: truth holds arms x objectives values)
    return {kNan, std::string(structured ? "" : "T* has no structured solver here and ") + "the instance has " +
                      std::to_string(setup.problem->arms()) + " arms, more than the " + std::to_string(limit) +
                      " the bound solves for"};
  numerics::CharacteristicTimeOptions options;
  options.relative_gap = 1e-7;
  options.max_iterations = kLowerBoundCuts;
  options.cutting_plane_arms = kLowerBoundSolverArms;
  const auto t = numerics::characteristic_time(*setup.problem, truth, setup.families, options);
  if (!(std::isfinite(t.value) && t.value > 0.0)) return {kNan, "the instance has no unique answer (T* infinite)"};
  if (t.relative_gap() > kLowerBoundGap)
    return {kNan, "T* certified only to a relative gap of " + gap_text(t.relative_gap()) + " (the bound needs " +
                      gap_text(kLowerBoundGap) + ")"};
  return {t.value, ""};
}

TStar lower_bound_of(const Pipeline& pipeline, const RunObjects& run) {
  const Problem& problem = *run.context.problem;
  const std::span<const double> truth = run.environment->truth();
  if (run.oracles.empty() || pipeline.oracles.empty() || truth.size() < 2) return {kNan, "no decision class"};
  switch (problem.feedback) {
    case FeedbackKind::SingleArm:
    case FeedbackKind::MultiObjective: return per_arm(pipeline, run, truth);
    case FeedbackKind::FullBanditSum: {
      if (problem.rewards.family != RewardFamily::Gaussian)
        return {kNan, "the full-bandit T* is for Gaussian noise on the sum, and the rewards are " +
                          describe(problem.rewards)};
      const Oracle& oracle = *run.oracles.front();
      const unsigned caps = pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
      if (value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Accuracy).value_or(0.0) > 0.0)
        return {kNan, "the full-bandit bound is for exact identification (epsilon = 0)"};
      numerics::CombinatorialOptions options;
      options.full_bandit_limit = kLowerBoundSuperArms;
      const auto t = numerics::full_bandit_characteristic_time(oracle, caps, truth, problem.noise_sigma, options);
      return certified(t.value, t.lower, t.upper, "the full-bandit T* (" + t.method + ")");
    }
    case FeedbackKind::LinearArm: {
      const auto t = numerics::linear_lower_bound(problem, truth);
      if (!t)
        return {kNan, "the linear T* is for Gaussian noise of known sigma and one arm per decision"};
      if (!t->unique) return {kNan, "the instance has no unique answer (T* infinite)"};
      const double upper = 1.0 / t->lower, lower = 1.0 / t->upper;  // bounds on T*
      return certified(t->value, lower, upper, "the linear T*");
    }
    case FeedbackKind::SemiBandit: break;
  }
  return {kNan, "no lower bound is computed for " + std::string(to_string(problem.feedback)) + " feedback"};
}

}  // namespace

double run_lower_bound(const Pipeline& pipeline, const RunObjects& run) {
  const auto note = [&](const std::string& reason) {
    if (pipeline.lower_bounds) {
      const std::lock_guard lock(pipeline.lower_bounds->mutex);
      if (pipeline.lower_bounds->reason.empty()) pipeline.lower_bounds->reason = reason;
    }
    return kNan;
  };
  if (pipeline.run.budget > 0 || !(pipeline.algorithm->needs.settings & kFixedConfidence))
    return note("fixed budget: T*(mu) log(1/delta) bounds the samples of fixed-confidence runs");
  const double delta =
      value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Confidence).value_or(0.0);
  if (!(delta > 0.0 && delta < 1.0))
    return note("algorithm '" + pipeline.algorithm_name + "' has no target error delta in (0, 1)");
  const std::span<const double> truth = run.environment->truth();
  std::vector<double> key(truth.begin(), truth.end());
  const auto variances = run.environment->truth_variances();
  key.insert(key.end(), variances.begin(), variances.end());
  const auto solve = [&] {
    try {
      return lower_bound_of(pipeline, run);
    } catch (const std::exception& e) {
      return TStar{kNan, std::string("the T* solver failed: ") + e.what()};  // the row is unaffected
    }
  };
  TStar bound;
  if (!pipeline.lower_bounds) {
    bound = solve();
  } else {
    LowerBoundCache& c = *pipeline.lower_bounds;
    const std::lock_guard lock(c.mutex);
    const auto found = std::find_if(c.t_star.begin(), c.t_star.end(), [&](const auto& e) { return e.first == key; });
    if (found != c.t_star.end()) {
      bound.t_star = found->second;
    } else {
      bound = solve();
      if (c.t_star.size() >= 64) c.t_star.erase(c.t_star.begin());  // instances drawn per run: keep a few
      c.t_star.emplace_back(std::move(key), bound.t_star);
      if (std::isnan(bound.t_star) && c.reason.empty()) c.reason = bound.reason;
    }
  }
  return bound.t_star * std::log(1.0 / delta);
}

std::string lower_bound_reason(const Pipeline& pipeline) {
  if (!pipeline.lower_bounds) return "";
  const std::lock_guard lock(pipeline.lower_bounds->mutex);
  return pipeline.lower_bounds->reason;
}

}  // namespace cpex::runtime
