// T*(mu) and the run's lower bound T*(mu) log(1/delta) (lower_bound.hpp).
#include "cpex/runtime/lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "cpex/numerics/identification_factory.hpp"

namespace cpex {


namespace {

// The per-arm identification problem of the run (the arm families of its rewards, the query
// of its decision-class oracle, the algorithm's accuracy by its role), or nullopt (other
// feedback, rewards outside the families, a query or class the numerics cannot pose).
std::optional<numerics::IdentificationSetup> setup_of(const Pipeline& pipeline, const RunObjects& run) {
  const Problem& problem = *run.context.problem;
  const bool per_arm = problem.feedback == FeedbackKind::SingleArm || problem.feedback == FeedbackKind::MultiObjective;
  if (!per_arm || run.oracles.empty() || pipeline.oracles.empty()) return std::nullopt;
  if (run.environment->truth().size() < 2) return std::nullopt;
  const double epsilon =
      value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Accuracy).value_or(0.0);
  try {
    numerics::IdentificationSetup setup = numerics::make_identification(
        problem, *run.oracles.front(), pipeline.oracles.front().entry->capabilities, epsilon);
    setup.families = numerics::with_variances(setup.families, run.environment->truth_variances());
    return setup;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

}  // namespace

double run_lower_bound(const Pipeline& pipeline, const RunObjects& run) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (pipeline.run.budget > 0 || !(pipeline.algorithm->needs.settings & kFixedConfidence)) return nan;
  const double delta =
      value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Confidence).value_or(0.0);
  if (!(delta > 0.0 && delta < 1.0)) return nan;
  const std::span<const double> truth = run.environment->truth();
  std::vector<double> key(truth.begin(), truth.end());
  const auto variances = run.environment->truth_variances();
  key.insert(key.end(), variances.begin(), variances.end());
  const auto solve = [&] {
    try {
      const auto setup = setup_of(pipeline, run);
      if (!setup) return nan;
      if (!setup->problem->has_known_allocation(setup->families) && setup->problem->arms() > kLowerBoundSolverArms)
        return nan;
      numerics::CharacteristicTimeOptions options;
      options.relative_gap = 1e-7;
      options.max_iterations = kLowerBoundCuts;
      const auto t = numerics::characteristic_time(*setup->problem, truth, setup->families, options);
      if (std::isfinite(t.value) && t.value > 0.0 && t.relative_gap() <= kLowerBoundGap) return t.value;
    } catch (const std::exception&) {
      // a solver failure leaves the bound unknown; the run's row is unaffected
    }
    return nan;
  };
  double t_star = nan;
  if (!pipeline.lower_bounds) {
    t_star = solve();
  } else {
    LowerBoundCache& c = *pipeline.lower_bounds;
    const std::lock_guard lock(c.mutex);
    const auto found = std::find_if(c.t_star.begin(), c.t_star.end(), [&](const auto& e) { return e.first == key; });
    if (found != c.t_star.end()) {
      t_star = found->second;
    } else {
      t_star = solve();
      if (c.t_star.size() >= 64) c.t_star.erase(c.t_star.begin());  // instances drawn per run: keep a few
      c.t_star.emplace_back(std::move(key), t_star);
    }
  }
  return t_star * std::log(1.0 / delta);
}

}  // namespace cpex
