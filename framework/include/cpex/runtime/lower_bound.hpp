// The information-theoretic limit of a run: T*(mu), the characteristic time of the
// identification problem the pipeline poses on the environment's truth (numerics/
// characteristic_time.hpp), and the run's lower bound T*(mu) log(1/delta), the `lower_bound`
// column whose ratio samples / lower_bound is the `lower-bound-ratio` of summaries and
// reports (docs/results.md). `cpex hardness` prints the same T*.
#pragma once

#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex {

// T*(mu) per distinct truth (and true variances) of a pipeline's runs.
struct LowerBoundCache {
  std::mutex mutex;
  std::vector<std::pair<std::vector<double>, double>> t_star;
};

// T*(mu) of the per-arm identification problem of the run (the arm families of its rewards,
// the query of its decision-class oracle, the algorithm's accuracy epsilon by its role);
// nullopt when the run poses none (other feedback, rewards outside the families, a query or
// class the numerics cannot pose). Never throws for that reason.
std::optional<numerics::CharacteristicTime> identification_characteristic_time(const Pipeline& pipeline,
                                                                               const RunObjects& run);

// T*(mu) log(1/delta) of a fixed-confidence run (no budget, a target error delta by its
// role), NaN otherwise. T* is solved once per distinct truth of the pipeline (the sweep
// point's runs share it: Pipeline::lower_bounds), under its lock: concurrent runs of the
// point wait for the first.
double run_lower_bound(const Pipeline& pipeline, const RunObjects& run);

}  // namespace cpex
