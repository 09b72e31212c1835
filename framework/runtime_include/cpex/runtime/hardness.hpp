// The complexity measures of a pipeline's instances, for every family that defines one (Best-K
// and CPE-L gaps and H, CPE-CS radii, full-bandit H_eps, T*(mu) and w*(mu) with the solver's
// certificate, combinatorial and linear T*, T* log(1/delta)): what `cpex hardness` prints and
// cpex.hardness returns (src/runtime/hardness.cpp lists them). Nothing is sampled: each point's
// instance is built for repetition 0.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cpex/identification/posed_problem.hpp"
#include "cpex/registry.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::inline runtime {

struct HardnessReport {
  std::string json;  // `cpex hardness --json`: one object per point ({"points": [...]} for a sweep)
  std::string text;  // `cpex hardness`: one block per instance
};

// The algorithm's accuracy (its parameter with ParamRole::Accuracy), else 0: the epsilon of the
// problem a pipeline poses (ε-good answers are judged on the ε-good problem).
double algorithm_epsilon(const Pipeline& pipeline);

// `overrides` as --set. Throws ConfigError when a point's instance has no measure.
HardnessReport hardness_report(const Registry& registry, PipelineFile file, const std::vector<std::string>& overrides);

// The identification problem of a pipeline's first point, posed as `cpex hardness` poses it (its
// instance at repetition 0, the decision oracle, the algorithm's accuracy, the true variances),
// with the objects it asks (the oracle) kept alive beside it (cpex.Problem.from_pipeline).
struct PipelineProblem {
  Pipeline pipeline;
  RunObjects run;
  std::vector<double> truth;  // the instance's means
  std::optional<identification::PosedProblem> problem;
};
// Throws ConfigError naming the file when the pipeline poses no identification problem.
std::shared_ptr<PipelineProblem> pipeline_problem(const Registry& registry, PipelineFile file,
                                                  const std::vector<std::string>& overrides);

}  // namespace cpex::inline runtime
