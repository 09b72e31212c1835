// Grouped statistics of run results, the numbers of `cpex report`: per group of rows with
// equal values of the grouping keys, how the runs ended, the sample counts of the ended
// runs (and the lower bound with the capped ones), the two verdict rates and the wall
// time; and the keys a grouping pools over.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/report/results_table.hpp"
#include "cpex/report/stats.hpp"

namespace cpex::report {

struct GroupSummary {
  std::vector<std::string> values;  // one per grouping key
  std::uint64_t runs = 0;           // rows in the group
  std::uint64_t stopped = 0;        // ended: status stopped (RunEnd::Ended)
  std::uint64_t capped = 0;         // stopped by run.max-samples / max-seconds (status capped)
  std::uint64_t failed = 0;         // a plugin failed (status error): no answer, no samples
  // Samples of the ended runs only (capped runs are counted above, never mixed in);
  // NaN when there is none. The interval is the percentile bootstrap of the mean
  // (bootstrap_mean_interval: within [min, max], NaN for fewer than 2 runs).
  double mean_samples = 0.0;
  double median_samples = 0.0;
  Interval mean_samples_ci;
  // With capped runs: the mean counting them at their samples when capped, a lower bound
  // (RunTally::mean_at_least); NaN without capped runs.
  double mean_samples_at_least = 0.0;
  // The verdict rates of RunTally (the same definition as the run summary): not correct,
  // and not optimal, among the ended runs (rate NaN and interval [0, 1] when none ended);
  // `optimal_unknown` ended runs come from results without the `optimal` column and are
  // left out of not_optimal's denominator.
  Proportion errors;
  Proportion not_optimal;
  std::uint64_t optimal_unknown = 0;
  std::uint64_t capped_errors = 0;       // capped runs whose held answer is not correct
  std::uint64_t capped_not_optimal = 0;  // capped runs whose held answer is not optimal
  double mean_wall_time_s = 0.0;  // over the ended and capped runs (NaN if none)
};

// A key that varies among the rows of one group: the report pools its values.
struct PooledKey {
  std::string key;
  std::vector<std::string> values;  // every value in the results, ordered
};

struct GroupedReport {
  std::vector<std::string> keys;
  std::vector<GroupSummary> groups;  // ordered by key values (numbers numerically)
  std::vector<PooledKey> pooled;     // pooled_keys(table, keys)
};

// The default grouping: every swept key (but `algorithm.plugin`, which `algorithm`
// repeats) and `algorithm`.
std::vector<std::string> default_group_keys(const ResultsTable& table);

// Throws Error naming a key that is not a column, or a cell of samples / correct /
// wall_time_s that is not a number (file-independent: the row's run_id is named).
GroupedReport summarize_groups(const ResultsTable& table, const std::vector<std::string>& keys);

// The swept keys (sweep axes and input tags) and `algorithm`, `environment`, `oracle` that
// are not grouping keys but take different values within a group.
std::vector<PooledKey> pooled_keys(const ResultsTable& table, const std::vector<std::string>& keys);

// Orders two key values: numerically if both are numbers, otherwise as text.
bool value_less(const std::string& a, const std::string& b);

}  // namespace cpex::report
