// The information-theoretic limit of a run: T*(mu), the characteristic time of the
// identification problem the pipeline poses on the environment's truth (numerics/
// characteristic_time.hpp), and the run's lower bound T*(mu) log(1/delta), the `lower_bound`
// column whose ratio samples / lower_bound is the `lower-bound-ratio` of summaries and
// reports (docs/results.md). `cpex hardness` prints the same T*.
#pragma once

#include <cstddef>
#include <mutex>
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

// The bound a run records is T* certified to this relative gap; a problem whose T* has no
// structured solver (closed forms, Garivier & Kaufmann's reduction, the staircase sweep of
// top-m and epsilon-good: numerics/structured_characteristic_time.hpp, up to
// kLowerBoundStructuredArms arms) is solved by cutting planes only up to kLowerBoundSolverArms
// arms, and at most kLowerBoundCuts cuts: the bound must not cost a sweep more than its runs.
// Otherwise the bound is unknown.
inline constexpr double kLowerBoundGap = 1e-4;
inline constexpr std::size_t kLowerBoundSolverArms = 64;
inline constexpr std::size_t kLowerBoundStructuredArms = 10000;
inline constexpr int kLowerBoundCuts = 400;

// T*(mu) log(1/delta) of a fixed-confidence run (no budget, a target error delta by its
// role) whose T* is cheap and certified (above), NaN otherwise. T* is solved once per distinct truth of the pipeline (the sweep
// point's runs share it: Pipeline::lower_bounds), under its lock: concurrent runs of the
// point wait for the first.
double run_lower_bound(const Pipeline& pipeline, const RunObjects& run);

}  // namespace cpex
