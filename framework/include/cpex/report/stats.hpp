// Summary statistics of a set of runs, accumulated as runs finish (a sweep keeps one
// accumulator per point, never the records): stopped / capped / failed counts, sample
// statistics over the runs that stopped by their own rule, the error rate with its exact
// (Clopper-Pearson) interval.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "cpex/run.hpp"

namespace cpex {

struct Interval {
  double lower = 0.0;
  double upper = 1.0;
};

// Two-sided exact binomial interval for `successes` out of `trials` at `confidence`.
Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double confidence = 0.95);

// Distribution-free interval for the median of sorted values: [x_(j+1), x_(n-j)] with the
// largest j such that P(Binomial(n, 1/2) <= j) <= (1 - confidence) / 2, which covers the
// median with probability >= confidence; [min, max] when n is too small (n <= 5 at 95%).
Interval median_interval(std::span<const std::uint64_t> sorted, double confidence = 0.95);

struct Summary {
  std::uint64_t runs = 0;     // finished runs of every kind
  std::uint64_t stopped = 0;  // stopped by the algorithm's own rule
  std::uint64_t budget = 0;   // ended at their budget (run.budget; fixed-budget setting)
  std::uint64_t capped = 0;   // stopped by run.max-samples or run.max-seconds
  std::uint64_t failed = 0;   // threw (status error)
  // Over the ended runs — stopped by their rule or at their budget — only (capped sample
  // counts are the cap, not a measurement):
  double mean_samples = 0.0;
  Interval mean_samples_ci;    // 95% normal approximation, lower end clamped at 0
  double median_samples = 0.0;
  Interval median_samples_ci;  // 95% order-statistic interval (median_interval)
  std::uint64_t min_samples = 0;
  std::uint64_t max_samples = 0;
  std::uint64_t errors = 0;    // ended runs whose recommendation is not acceptable
  double error_rate = 0.0;     // errors / (stopped + budget)
  Interval error_rate_ci;      // 95% Clopper-Pearson
  std::uint64_t capped_errors = 0;  // capped runs whose held recommendation is not acceptable
  double mean_wall_seconds = 0.0;   // over stopped, budget and capped runs
};

// Streaming summary of one point: O(1) memory per run besides one 8-byte sample count
// per ended run (kept for the exact median and its interval).
class SummaryAccumulator {
 public:
  void add(const RunRecord& record);
  void add(StopReason stop, std::uint64_t samples, bool correct, double wall_seconds);
  Summary summary() const;

 private:
  std::uint64_t stopped_ = 0, budget_ = 0, capped_ = 0, failed_ = 0, errors_ = 0,
                capped_errors_ = 0;
  double mean_ = 0.0, m2_ = 0.0, wall_ = 0.0;  // Welford's running mean and sum of squares
  std::uint64_t min_ = 0, max_ = 0;
  mutable std::vector<std::uint64_t> samples_;
  mutable bool sorted_ = true;
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
