// Summary statistics of a set of runs: sample-count moments, error rate and its exact
// (Clopper-Pearson) confidence interval.
#pragma once

#include <cstdint>
#include <span>

#include "cpex/run.hpp"

namespace cpex {

struct Interval {
  double lower = 0.0;
  double upper = 1.0;
};

// Two-sided exact binomial interval for `successes` out of `trials` at `confidence`.
Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double confidence = 0.95);

struct Summary {
  std::uint64_t runs = 0;
  std::uint64_t capped = 0;  // runs stopped by run.max-samples
  double mean_samples = 0.0;
  Interval mean_samples_ci;  // 95%, normal approximation: mean +- 1.96 sd / sqrt(runs)
  double median_samples = 0.0;
  std::uint64_t min_samples = 0;
  std::uint64_t max_samples = 0;
  std::uint64_t errors = 0;  // runs whose recommendation is not acceptable
  double error_rate = 0.0;
  Interval error_rate_ci;  // 95% Clopper-Pearson
  double mean_wall_seconds = 0.0;
};

Summary summarize(std::span<const RunRecord> records);

}  // namespace cpex
