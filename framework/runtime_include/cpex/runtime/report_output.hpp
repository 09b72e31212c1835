// Writing a grouped report: an aligned text table, Markdown, CSV or JSON, either one row
// per group or pivoted (one column per value of a key, one metric per cell).
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/registry.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"

namespace cpex::inline runtime {

enum class ReportFormat { Text, Markdown, Csv, Json, Latex };
enum class ReportMetric { Samples, ErrorRate, NotOptimal, Wall, LowerBoundRatio };

ReportFormat parse_report_format(const std::string& name);  // throws Error
ReportMetric parse_report_metric(const std::string& name);  // throws Error

// What a table's cells show, in words ("samples of the ended runs: mean [95% bootstrap
// interval]"): the line above a pivoted text or Markdown table and the LaTeX caption.
std::string metric_description(ReportMetric metric);

// Display names (docs/results.md, "Names"): `--label LEFT=NAME` and the [labels] section of
// a pipeline (read from its store's meta, or from --labels FILE) rename a key when LEFT is a
// column of the results or a grouping key, and a value everywhere else (`top-two@t3c = T3C`),
// in every text, Markdown and LaTeX table and every figure; CSV and JSON keep the raw
// values (JSON lists the names under "labels"). A name may hold LaTeX math between $...$.
struct ReportLabels {
  std::map<std::string, std::string> keys, values;
  const std::string& key(const std::string& k) const;
  const std::string& value(const std::string& v) const;
  bool empty() const { return keys.empty() && values.empty(); }
};

// `given`: LEFT=NAME items in order (later ones win), after the table's own (its stores'
// [labels]). Throws Error for an item without '=' or with an empty LEFT or NAME.
ReportLabels report_labels(const report::ResultsTable& table, const std::vector<std::string>& keys,
                           const std::vector<std::pair<std::string, std::string>>& given);

// The JSON form (also what the plotting script reads): {"keys": [...], "groups":
// [{"values": {key: value}, then the summary_json keys of the group's Summary}], "pooled":
// [{"key", "values": [...]}]} (docs/results.md, "Reports").
nlohmann::ordered_json report_json(const report::GroupedReport& report, const ReportLabels& labels = {});

// For the error-rate and not-optimal plots: each group's distinct target errors, the
// values of the parameter with the confidence role of its rows' algorithm plugin (the
// column `resolved.NAME`, else `algorithm.NAME`), in the order of report.groups; empty lists
// where the plugin is unknown to `plugins` (or has no such parameter).
std::vector<std::vector<double>> group_deltas(const report::GroupedReport& report,
                                              const report::ResultsTable& table,
                                              const Registry* plugins);

// One row per group (`pivot_key` empty), or pivoted on `pivot_key` (a grouping key) with
// `metric` in each cell. JSON cannot be pivoted (throws Error). Text and Markdown pivots
// name the metric on a line above the table. LaTeX (booktabs, ready for \input): a table
// float whose caption names what the cells show and `deltas` (the groups' target errors,
// group_deltas; unnamed when a grouping key is delta), one line per group (or per row of
// the pivot), each cell the mean with its interval, the best (least) mean in bold among the
// cells that differ only in the algorithm.
void write_report(std::ostream& out, const report::GroupedReport& report, ReportFormat format,
                  const std::string& pivot_key, ReportMetric metric, const ReportLabels& labels = {},
                  const std::vector<std::vector<double>>& deltas = {});

}  // namespace cpex::runtime
