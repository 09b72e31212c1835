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

// Percentile-bootstrap interval of the mean of `values` at `confidence`: the mean of
// `resamples` resamples drawn with replacement from the sorted values (a fixed random
// stream, so the interval depends only on the multiset of values), cut at the
// (1-confidence)/2 and (1+confidence)/2 quantiles. It lies within [min, max] of the values,
// so the interval of a count is never negative. Fewer than 2 values: both bounds NaN.
Interval bootstrap_mean_interval(std::span<const double> values, double confidence = 0.95,
                                 std::size_t resamples = 10000);

}  // namespace cpex
