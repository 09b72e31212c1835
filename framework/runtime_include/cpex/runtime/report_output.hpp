// Writing a grouped report: an aligned text table, Markdown, CSV or JSON, either one row
// per group or pivoted (one column per value of a key, one metric per cell).
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "cpex/registry.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"

namespace cpex::inline runtime {

enum class ReportFormat { Text, Markdown, Csv, Json };
enum class ReportMetric { Samples, ErrorRate, NotOptimal, Wall, LowerBoundRatio };

ReportFormat parse_report_format(const std::string& name);  // throws Error
ReportMetric parse_report_metric(const std::string& name);  // throws Error

// The JSON form (also what the plotting script reads): {"keys": [...], "groups":
// [{"values": {key: value}, then the summary_json keys of the group's Summary}], "pooled":
// [{"key", "values": [...]}]} (docs/results.md, "Reports").
nlohmann::ordered_json report_json(const report::GroupedReport& report);

// For the error-rate and not-optimal plots: each group's distinct target errors, the
// values of the parameter with the confidence role of its rows' algorithm plugin (the
// column `resolved.NAME`, else `algorithm.NAME`), in the order of report.groups; empty lists
// where the plugin is unknown to `plugins` (or has no such parameter).
std::vector<std::vector<double>> group_deltas(const report::GroupedReport& report,
                                              const report::ResultsTable& table,
                                              const Registry* plugins);

// One row per group (`pivot_key` empty), or pivoted on `pivot_key` (a grouping key) with
// `metric` in each cell. JSON cannot be pivoted (throws Error).
void write_report(std::ostream& out, const report::GroupedReport& report, ReportFormat format,
                  const std::string& pivot_key, ReportMetric metric);

}  // namespace cpex::runtime
