// The information-theoretic limit of a run: T*(mu), the characteristic time of the
// identification problem the pipeline poses on the environment's truth (numerics/
// characteristic_time.hpp), and the run's lower bound T*(mu) log(1/delta), the `lower_bound`
// column whose ratio samples / lower_bound is the `lower-bound-ratio` of summaries and
// reports (docs/results.md). `cpex hardness` prints the same T*.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::inline runtime {

// T*(mu) per distinct truth (and true variances) of a pipeline's runs.
struct LowerBoundCache {
  std::mutex mutex;
  std::vector<std::pair<std::vector<double>, double>> t_star;
  std::string reason;  // why a run of the pipeline has no bound (the first such run's), in words
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
// The full-bandit bound lists the super arms it designs over: at most this many.
inline constexpr std::size_t kLowerBoundSuperArms = 2000;

// T*(mu) log(1/delta) of a fixed-confidence run (no budget, a target error delta by its
// role) whose T* is cheap and certified (above), NaN otherwise. T* is that of the run's
// problem: per-arm identification (top-k, thresholds, epsilon-good; every arm family), a
// CPE-L class (matroids, listed classes, oracle bounds: numerics/combinatorial_characteristic_time.hpp),
// the full bandit with Gaussian noise on the sum (the design over the class's super arms, at
// most kLowerBoundSuperArms), linear and transductive best arm with Gaussian noise
// (numerics/linear_identification.hpp). T* is solved once per distinct truth of the pipeline (the sweep
// point's runs share it: Pipeline::lower_bounds), under its lock: concurrent runs of the
// point wait for the first.
double run_lower_bound(const Pipeline& pipeline, const RunObjects& run);

// Why some run of the pipeline got no bound, in words ("fixed budget: ...", "T* certified
// only to a relative gap of 0.3 ..."); empty when every run so far had one.
std::string lower_bound_reason(const Pipeline& pipeline);

}  // namespace cpex::runtime
