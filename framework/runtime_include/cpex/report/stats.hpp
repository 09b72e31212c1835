// The one summary of a set of runs (`cpex run` / `cpex sweep`, `cpex report`, Python's
// frames and cpex.report): how the runs ended (by their rule, at their budget, capped,
// failed), sample statistics over the ended runs with a lower bound that counts the
// capped ones, and the two verdict rates (wrong answers, answers not optimal) with exact
// (Clopper-Pearson) intervals. Accumulated as runs finish (a sweep keeps one accumulator
// per point, never the records). The words are docs/results.md's "Glossary"; the JSON
// form is cpex/report/summary_json.hpp.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "cpex/results/run_result.hpp"

namespace cpex::inline runtime {

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

// The statistics of a set of runs, the one definition of every summary (docs/results.md,
// "Glossary" and "Error rates"). The field names are the JSON keys (summary_json.hpp).
//  - An *ended* run ended by its rule or at its budget: its answer is what the algorithm
//    claims. Sample statistics and both rates are over ended runs only.
//  - wrong = ended runs whose answer is not correct; not_optimal = ended runs whose answer
//    is not optimal, among those whose optimality is known (results written before the
//    `optimal` column: optimal_unknown). Capped and failed runs are in neither
//    denominator and never count as correct: they are counted apart (capped, failed,
//    capped_wrong, capped_not_optimal).
//  - mean_samples_at_least: the mean sample count with every capped run counted at the
//    samples it had when capped, a lower bound on the mean a run needs; NaN without capped
//    runs.
// NaN (and NaN intervals) where nothing was measured: no ended run, fewer than two ended
// runs for the bootstrap, the bootstrap not asked for (SummaryOptions).
struct Summary {
  std::uint64_t runs = 0;       // finished runs of every kind
  std::uint64_t ended = 0;      // by_rule + at_budget
  std::uint64_t by_rule = 0;    // ended by the algorithm's own rule (status stopped)
  std::uint64_t at_budget = 0;  // ended at their budget, fixed-budget setting (status budget)
  std::uint64_t capped = 0;     // stopped by run.max-samples / run.max-seconds (status capped)
  std::uint64_t failed = 0;     // threw: no answer, no samples (status error)
  // Sample counts of the ended runs:
  double mean_samples = 0.0;
  Interval mean_samples_ci95_normal;     // mean ± 1.96 sd/√n, lower end clamped at 0
  Interval mean_samples_ci95_bootstrap;  // percentile bootstrap (bootstrap_mean_interval)
  double median_samples = 0.0;
  Interval median_samples_ci95;  // order-statistic interval (median_interval)
  std::uint64_t min_samples = 0;
  std::uint64_t max_samples = 0;
  double mean_samples_at_least = 0.0;
  // The verdict rates:
  std::uint64_t wrong = 0;
  double wrong_rate = 0.0;
  Interval wrong_rate_ci95;  // Clopper-Pearson; [0, 1] when no run ended
  std::uint64_t not_optimal = 0;
  double not_optimal_rate = 0.0;
  Interval not_optimal_rate_ci95;
  std::uint64_t optimal_unknown = 0;  // ended runs whose optimality is unknown
  std::uint64_t capped_wrong = 0;        // capped runs whose held answer is not correct
  std::uint64_t capped_not_optimal = 0;  // capped runs whose held answer is not optimal
  double mean_wall_time_s = 0.0;  // over ended and capped runs; NaN if none
  // The lower-bound ratio: samples / lower_bound (T*(mu) log(1/delta), the `lower_bound`
  // column) of the runs ended by their rule that have one; NaN (and 0 runs) if none.
  std::uint64_t lower_bound_runs = 0;
  double lower_bound_ratio = 0.0;
  Interval lower_bound_ratio_ci95_normal;     // mean ± 1.96 sd/√n
  Interval lower_bound_ratio_ci95_bootstrap;  // percentile bootstrap (SummaryOptions::bootstrap)
  // The stopping-time tail (docs/results.md, "Stopping-time tails"), in units of T*(mu)
  // log(1/delta): over the runs with a lower bound that ended by their rule or were capped —
  // a capped run counted at the samples it had, below its true stopping time, so that with
  // capped runs (tail_capped > 0) every number is a lower bound — the quantiles p50, p90, p99
  // of samples / lower_bound (the empirical quantile x_(ceil(q n)) of the n sorted ratios)
  // and the runs beyond 10 (samples > 10 T*(mu) log(1/delta)) with their share and its
  // Clopper-Pearson interval. NaN (and 0 runs) without such runs.
  std::uint64_t tail_runs = 0;
  std::uint64_t tail_capped = 0;
  double lower_bound_ratio_p50 = 0.0;
  double lower_bound_ratio_p90 = 0.0;
  double lower_bound_ratio_p99 = 0.0;
  std::uint64_t beyond_10 = 0;
  double beyond_10_rate = 0.0;
  Interval beyond_10_rate_ci95;

};

struct SummaryOptions {
  // The percentile bootstrap of the mean (10,000 resamples of the ended runs' counts: about
  // 50 µs per run, so `cpex report` computes it and the run summary does not).
  bool bootstrap = false;
};

// Accumulates runs as they finish: O(1) memory per run besides one 8-byte sample count
// per ended run (kept for the exact mean, median and their intervals).
class SummaryAccumulator {
 public:
  void add(const RunResult& result);
  // `samples`, `correct` and `optimal` are ignored for a failed run, `wall_seconds` too.
  // `lower_bound`: the run's T*(mu) log(1/delta), NaN when unknown.
  void add(RunEnd end, std::uint64_t samples, bool correct, Optimality optimal, double wall_seconds,
           double lower_bound = std::numeric_limits<double>::quiet_NaN());
  Summary summary(const SummaryOptions& options = {}) const;

 private:
  std::uint64_t by_rule_ = 0, at_budget_ = 0, capped_ = 0, failed_ = 0;
  std::uint64_t wrong_ = 0, not_optimal_ = 0, optimal_unknown_ = 0;
  std::uint64_t capped_wrong_ = 0, capped_not_optimal_ = 0;
  std::uint64_t ended_sum_ = 0, capped_sum_ = 0;
  double wall_ = 0.0;
  mutable std::vector<std::uint64_t> samples_;  // of the ended runs
  std::vector<double> ratios_;                  // samples / lower_bound of the runs ended by rule
  std::vector<double> capped_ratios_;           // samples / lower_bound of the capped runs
  mutable bool sorted_ = true;
};

Summary summarize(std::span<const RunRecord> records, const SummaryOptions& options = {});

// Percentile-bootstrap interval of the mean of `values` at `confidence`: the mean of
// `resamples` resamples drawn with replacement from the sorted values (a fixed random
// stream, so the interval depends only on the multiset of values), cut at the
// (1-confidence)/2 and (1+confidence)/2 quantiles. It lies within [min, max] of the values,
// so the interval of a count is never negative. Fewer than 2 values: both bounds NaN.
Interval bootstrap_mean_interval(std::span<const double> values, double confidence = 0.95,
                                 std::size_t resamples = 10000);

}  // namespace cpex::runtime
