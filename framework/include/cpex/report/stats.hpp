// Summary statistics of a set of runs, accumulated as runs finish (a sweep keeps one
// accumulator per point, never the records): ended / capped / failed counts, sample
// statistics over the ended runs with a lower bound that counts the capped ones, and the
// two verdict rates (not correct, not optimal) with exact (Clopper-Pearson) intervals —
// the definitions `cpex report` shares (RunTally).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
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

// A share with its exact interval: `count` of `trials`. With no trials the rate is NaN
// (nothing was measured) and the interval [0, 1].
struct Proportion {
  std::uint64_t count = 0;
  std::uint64_t trials = 0;
  double rate = 0.0;
  Interval ci95;  // two-sided 95% Clopper-Pearson
};
Proportion proportion(std::uint64_t count, std::uint64_t trials);

// Whether a run's answer is optimal; Unknown for results written before the `optimal`
// column existed.
enum class Optimality { No, Yes, Unknown };

// The counts, verdict rates and censoring bound of a set of runs: the one definition of
// the error rates of every summary (`cpex run` / `cpex sweep` and `cpex report`; see
// docs/results.md, "Error rates"):
//  - errors() = runs whose answer is not correct among the ended runs, with its exact
//    interval; not_optimal() = runs whose answer is not optimal among the ended runs whose
//    optimality is known. Capped and failed runs are in neither denominator and never
//    count as correct: they are counted apart (capped, failed, capped_errors,
//    capped_not_optimal).
//  - mean_at_least(): the mean sample count with every capped run counted at the samples
//    it had when capped, a lower bound on the mean a run needs; NaN without capped runs.
class RunTally {
 public:
  void add(RunEnd end, std::uint64_t samples, bool correct, Optimality optimal);

  std::uint64_t runs() const { return ended_ + capped_ + failed_; }
  std::uint64_t ended() const { return ended_; }
  std::uint64_t capped() const { return capped_; }
  std::uint64_t failed() const { return failed_; }
  Proportion errors() const { return proportion(errors_, ended_); }
  Proportion not_optimal() const { return proportion(not_optimal_, ended_ - optimal_unknown_); }
  std::uint64_t capped_errors() const { return capped_errors_; }
  std::uint64_t capped_not_optimal() const { return capped_not_optimal_; }
  std::uint64_t optimal_unknown() const { return optimal_unknown_; }  // among ended runs
  double mean_at_least() const;

 private:
  std::uint64_t ended_ = 0, capped_ = 0, failed_ = 0;
  std::uint64_t errors_ = 0, not_optimal_ = 0, optimal_unknown_ = 0;
  std::uint64_t capped_errors_ = 0, capped_not_optimal_ = 0;
  double ended_sum_ = 0.0, capped_sum_ = 0.0;
};

struct Summary {
  std::uint64_t runs = 0;     // finished runs of every kind
  std::uint64_t stopped = 0;  // ended: by the algorithm's own rule (RunEnd::Ended) or at
                              // its budget (fixed-budget setting)
  std::uint64_t budget = 0;   // of the `stopped` runs, those that ended at their budget
  std::uint64_t capped = 0;   // stopped by run.max-samples or run.max-seconds
  std::uint64_t failed = 0;   // threw (status error)
  // Over the ended runs only (capped sample counts are where the cap was, not a
  // measurement); NaN (min and max 0) when no run ended:
  double mean_samples = 0.0;
  Interval mean_samples_ci;    // 95% normal approximation, lower end clamped at 0
  double median_samples = 0.0;
  Interval median_samples_ci;  // 95% order-statistic interval (median_interval)
  std::uint64_t min_samples = 0;
  std::uint64_t max_samples = 0;
  // With capped runs: the mean counting them at their samples when capped, a lower bound
  // (RunTally::mean_at_least); NaN without capped runs.
  double mean_samples_at_least = 0.0;
  // The verdict rates of RunTally (NaN rates when no run ended):
  std::uint64_t errors = 0;    // ended runs whose answer is not correct
  double error_rate = 0.0;     // errors / stopped
  Interval error_rate_ci;      // 95% Clopper-Pearson
  std::uint64_t not_optimal = 0;  // ended runs whose answer is not optimal
  double not_optimal_rate = 0.0;  // not_optimal / stopped
  Interval not_optimal_rate_ci;   // 95% Clopper-Pearson
  std::uint64_t capped_errors = 0;       // capped runs whose held answer is not correct
  std::uint64_t capped_not_optimal = 0;  // capped runs whose held answer is not optimal
  double mean_wall_seconds = 0.0;   // over ended and capped runs; NaN if none
};

// Streaming summary of one point: O(1) memory per run besides one 8-byte sample count
// per ended run (kept for the exact median and its interval).
class SummaryAccumulator {
 public:
  void add(const RunRecord& record);
  void add(StopReason stop, std::uint64_t samples, bool correct, bool optimal, double wall_seconds);
  Summary summary() const;

 private:
  RunTally tally_;
  std::uint64_t budget_ = 0;  // ended at their budget (StopReason::Budget)
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
