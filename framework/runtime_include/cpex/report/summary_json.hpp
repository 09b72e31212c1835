// The JSON form of a Summary (cpex/report/stats.hpp): the same keys in `cpex run --json`,
// `cpex sweep --json`, `cpex report --format json`, the report's CSV columns and Python's
// frames (docs/results.md, "Summary keys"), so a statistic has one name everywhere.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/report/stats.hpp"

namespace cpex::inline runtime {

// {"runs", "ended", "by_rule", "at_budget", "capped", "failed", "samples": {"mean",
// "mean_ci95_normal", "mean_ci95_bootstrap", "median", "median_ci95", "min", "max",
// "mean_at_least"}, "wrong", "wrong_rate", "wrong_rate_ci95", "not_optimal",
// "not_optimal_rate", "not_optimal_rate_ci95", "optimal_unknown", "capped_wrong",
// "capped_not_optimal", "mean_wall_time_s", "lower_bound_ratio": {"runs", "mean",
// "mean_ci95_normal", "mean_ci95_bootstrap"}}. NaN is null; an interval is [low, high] or
// null.
nlohmann::ordered_json summary_json(const Summary& summary);

// The summary JSON flattened into (column, value) pairs, the columns of a report CSV and of
// cpex.report's frame: nested keys joined by '.', an interval as KEY.low and KEY.high;
// numbers exact to 10 significant digits, null as "".
std::vector<std::pair<std::string, std::string>> flat_summary(const Summary& summary);

}  // namespace cpex::runtime
