// Grouped statistics of run results, the numbers of `cpex report`: per group of rows with
// equal values of the grouping keys, the Summary of cpex/report/stats.hpp (the one the run
// summaries use, with the bootstrap interval of the mean); and the keys a grouping pools
// over.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/report/results_table.hpp"
#include "cpex/report/stats.hpp"

namespace cpex::inline runtime::report {

// One group's summary: the Summary of its rows (with the bootstrap interval of the mean)
// and its values of the grouping keys.
struct GroupSummary : Summary {
  std::vector<std::string> values;  // one per grouping key
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

}  // namespace cpex::runtime::report
