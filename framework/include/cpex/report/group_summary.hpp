// Grouped statistics of run results, the numbers of `cpex report`: per group of rows with
// equal values of the grouping keys, how the runs ended, the sample counts of the runs
// that stopped by their own rule, the error rate and the wall time.
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
  std::uint64_t stopped = 0;        // ended: by their own rule or at their budget
                                    // (status stopped or budget)
  std::uint64_t capped = 0;         // stopped by run.max-samples / max-seconds (status capped)
  std::uint64_t failed = 0;         // a plugin failed (status error): no answer, no samples
  // Samples of the `stopped` runs only (capped runs are counted above, never mixed in);
  // NaN when there is none. The interval is the percentile bootstrap of the mean
  // (bootstrap_mean_interval: within [min, max], NaN for fewer than 2 runs).
  double mean_samples = 0.0;
  double median_samples = 0.0;
  Interval mean_samples_ci;
  // Wrong answers among the runs that gave one (stopped + capped: a capped run is judged
  // on the answer it held), their rate (NaN if none gave an answer) and its 95%
  // Clopper-Pearson interval.
  std::uint64_t errors = 0;
  double error_rate = 0.0;
  Interval error_rate_ci;
  double mean_wall_time_s = 0.0;  // over the runs that gave an answer (NaN if none)
};

struct GroupedReport {
  std::vector<std::string> keys;
  std::vector<GroupSummary> groups;  // ordered by key values (numbers numerically)
};

// The default grouping: every swept key (but `algorithm.plugin`, which `algorithm`
// repeats) and `algorithm`.
std::vector<std::string> default_group_keys(const ResultsTable& table);

// Throws Error naming a key that is not a column, or a cell of samples / correct /
// wall_time_s that is not a number (file-independent: the row's run_id is named).
GroupedReport summarize_groups(const ResultsTable& table, const std::vector<std::string>& keys);

// Orders two key values: numerically if both are numbers, otherwise as text.
bool value_less(const std::string& a, const std::string& b);

}  // namespace cpex::report
