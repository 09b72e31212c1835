// Detects tied instances before a run or sweep starts (see tie_warning.hpp). A point is
// tied when the algorithm identifies exactly (its `epsilon` is 0 or absent) in the
// fixed-confidence setting, and either the decision oracle's second-best decision is also
// optimal under the truth (Oracle::is_optimal, the judge's own test), or, for a separable
// bi-monotone CPE-CS oracle on a truth in [0, 1]^m, some consistency radius Lambda_i is 0.
#include "cpex/runtime/tie_warning.hpp"

#include <algorithm>
#include <span>
#include <variant>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/consistency_radii.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::inline runtime {
namespace {

bool exact_identification(const Pipeline& pipeline) {
  if (pipeline.run.budget > 0) return false;  // fixed budget: the run ends at the budget anyway
  // The accuracy by its role (a LIL algorithm's `epsilon` is no accuracy: it identifies exactly).
  const auto epsilon =
      value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Accuracy);
  return !epsilon || *epsilon == 0.0;
}

bool in_unit_box(std::span<const double> theta) {
  return std::all_of(theta.begin(), theta.end(), [](double x) { return x >= 0.0 && x <= 1.0; });
}

// The reason the point's instance is tied, or empty.
std::string tie_of(const Pipeline& pipeline, const SweepPoint& point) {
  const RunObjects run = instantiate(pipeline, RunSeed{pipeline.run.seed, point.stream_key, 0});
  const Oracle& oracle = *run.oracles.front();
  const unsigned caps = pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
  const std::span<const double> truth = judged_truth(*run.environment);
  if (truth.empty()) return {};
  if (caps & kSecondBest) {
    Decision best, second;
    oracle.optimal(truth, best);
    if (!oracle.second_best(truth, best, second) || !oracle.is_optimal(truth, best, second)) return {};
    return "two optimal decisions ({" + to_string(best) + "} and {" + to_string(second) + "}, gap 0)";
  }
  if ((caps & kSeparableLeading) && (caps & kBiMonotone) && in_unit_box(truth)) {
    const auto radii = numerics::consistency_radii(oracle, truth);
    for (std::size_t i = 0; i < radii.lambda.size(); ++i)
      if (radii.lambda[i] <= 1e-12)  // a bisection leaves about 1e-17 where Lambda is 0
        return "arm " + std::to_string(i) + " has consistency radius Lambda = 0";
  }
  return {};
}

}  // namespace

std::vector<std::string> tie_warnings(const std::vector<Pipeline>& pipelines,
                                      const std::vector<SweepPoint>& points, std::size_t limit) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < pipelines.size() && i < points.size() && i < limit; ++i) {
    const Pipeline& p = pipelines[i];
    if (!p.skipped.empty()) continue;  // a mixed sweep's pair that does not fit: never run
    if (!exact_identification(p)) continue;
    std::string reason;
    try {
      reason = tie_of(p, points[i]);
    } catch (const std::exception&) {
      continue;  // the run itself reports what is wrong with the instance
    }
    if (reason.empty()) continue;
    std::string where;
    for (const auto& [key, value] : points[i].values) where += " " + key + "=" + value;
    out.push_back("the instance of " + p.environment->name + (where.empty() ? "" : " at" + where) +
                  " is tied: " + reason + "; algorithm '" + p.algorithm_name +
                  "' identifies exactly (epsilon = 0), so its runs will not stop before "
                  "run.max-samples = " + std::to_string(p.run.max_samples) +
                  " (set epsilon > 0, or break the tie)");
  }
  return out;
}

}  // namespace cpex::runtime
