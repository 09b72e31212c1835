// Report tables: cells are built once as text, then laid out per format.
#include "report_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "cpex/errors.hpp"
#include "cpex/suggest.hpp"
#include "cpex/store/results_csv.hpp"

namespace cpex::host {

namespace {

using report::GroupedReport;
using report::GroupSummary;

struct Table {
  std::vector<std::string> header;
  std::vector<bool> numeric;  // right-aligned columns
  std::vector<std::vector<std::string>> rows;
};

std::string format(const char* pattern, double x) {
  if (std::isnan(x)) return "";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, x);
  return buffer;
}

// Sample counts: whole numbers from 100 on, one decimal below.
std::string count_text(double x) { return format(std::fabs(x) >= 100 ? "%.0f" : "%.1f", x); }
std::string interval_text(const Interval& ci, std::string (*text)(double)) {
  if (std::isnan(ci.lower)) return "";
  return "[" + text(ci.lower) + ", " + text(ci.upper) + "]";
}
std::string rate_text(double x) { return format("%.3g", x); }
std::string seconds_text(double x) { return format("%.3g", x); }
std::string exact(double x) { return format("%.10g", x); }

nlohmann::ordered_json number(double x) {
  return std::isnan(x) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(x);
}

std::string rate_cell(const Proportion& p) {
  return std::isnan(p.rate) ? "-" : rate_text(p.rate) + " " + interval_text(p.ci95, rate_text);
}

// "1513 [1480, 1546] (1 err, 2 not opt)": the metric and what a reader must not miss. With
// capped runs the samples cell is the censored lower bound, "≥ 2000 (2 capped)".
std::string cell_text(const GroupSummary& s, ReportMetric metric) {
  std::string text;
  if (metric == ReportMetric::Samples && s.capped)
    text = "≥ " + count_text(s.mean_samples_at_least);
  else if (metric == ReportMetric::Samples)
    text = std::isnan(s.mean_samples) ? "-" : count_text(s.mean_samples) + " " + interval_text(s.mean_samples_ci, count_text);
  else if (metric == ReportMetric::ErrorRate)
    text = rate_cell(s.errors);
  else if (metric == ReportMetric::NotOptimal)
    text = rate_cell(s.not_optimal);
  else
    text = std::isnan(s.mean_wall_time_s) ? "-" : seconds_text(s.mean_wall_time_s);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  std::vector<std::string> notes;
  if (s.capped) notes.push_back(std::to_string(s.capped) + " capped");
  if (metric == ReportMetric::Samples && s.errors.count) notes.push_back(std::to_string(s.errors.count) + " err");
  if (metric == ReportMetric::Samples && s.not_optimal.count)
    notes.push_back(std::to_string(s.not_optimal.count) + " not opt");
  if (s.failed) notes.push_back(std::to_string(s.failed) + " failed");
  for (std::size_t i = 0; i < notes.size(); ++i) text += (i ? ", " : " (") + notes[i];
  return notes.empty() ? text : text + ")";
}

Table long_table(const GroupedReport& report, bool machine) {
  Table t;
  t.header = report.keys;
  t.numeric.assign(report.keys.size(), false);
  const std::vector<std::string> stats =
      machine ? std::vector<std::string>{"runs", "stopped", "capped", "failed", "samples_mean",
                                         "samples_median", "samples_ci95_low", "samples_ci95_high",
                                         "samples_mean_at_least", "errors", "error_rate",
                                         "error_rate_ci95_low", "error_rate_ci95_high", "not_optimal",
                                         "not_optimal_rate", "not_optimal_rate_ci95_low",
                                         "not_optimal_rate_ci95_high", "capped_errors",
                                         "capped_not_optimal", "mean_wall_time_s"}
              : std::vector<std::string>{"runs", "stopped", "capped", "failed", "samples mean",
                                         "median", "mean 95% CI", "with capped", "errors", "error rate",
                                         "rate 95% CI", "not optimal", "not-opt rate",
                                         "not-opt 95% CI", "wall s"};
  t.header.insert(t.header.end(), stats.begin(), stats.end());
  t.numeric.resize(t.header.size(), true);
  auto count = [](std::uint64_t n) { return std::to_string(n); };
  for (const auto& s : report.groups) {
    std::vector<std::string> row = s.values;
    for (auto n : {s.runs, s.stopped, s.capped, s.failed}) row.push_back(count(n));
    if (machine) {
      for (double x : {s.mean_samples, s.median_samples, s.mean_samples_ci.lower,
                       s.mean_samples_ci.upper, s.mean_samples_at_least})
        row.push_back(exact(x));
      for (const Proportion* p : {&s.errors, &s.not_optimal}) {
        row.push_back(count(p->count));
        for (double x : {p->rate, p->ci95.lower, p->ci95.upper}) row.push_back(exact(x));
      }
      row.push_back(count(s.capped_errors));
      row.push_back(count(s.capped_not_optimal));
      row.push_back(exact(s.mean_wall_time_s));
    } else {
      row.push_back(count_text(s.mean_samples));
      row.push_back(count_text(s.median_samples));
      row.push_back(interval_text(s.mean_samples_ci, count_text));
      row.push_back(std::isnan(s.mean_samples_at_least) ? "" : "≥ " + count_text(s.mean_samples_at_least));
      for (const Proportion* p : {&s.errors, &s.not_optimal}) {
        const bool known = !std::isnan(p->rate);
        row.push_back(known ? count(p->count) : "");
        row.push_back(rate_text(p->rate));
        row.push_back(known ? interval_text(p->ci95, rate_text) : "");
      }
      row.push_back(seconds_text(s.mean_wall_time_s));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table pivot_table(const GroupedReport& report, const std::string& pivot_key, ReportMetric metric) {
  const auto at = std::find(report.keys.begin(), report.keys.end(), pivot_key);
  if (at == report.keys.end()) throw Error("--columns " + pivot_key + ": not a grouping key");
  const auto pivot = static_cast<std::size_t>(at - report.keys.begin());
  std::vector<std::string> values;
  for (const auto& s : report.groups)
    if (std::find(values.begin(), values.end(), s.values[pivot]) == values.end())
      values.push_back(s.values[pivot]);
  std::stable_sort(values.begin(), values.end(), report::value_less);

  Table t;
  std::vector<std::size_t> row_keys;
  for (std::size_t k = 0; k < report.keys.size(); ++k)
    if (k != pivot) {
      row_keys.push_back(k);
      t.header.push_back(report.keys[k]);
      t.numeric.push_back(false);
    }
  for (const auto& v : values) {
    t.header.push_back(v);
    t.numeric.push_back(true);
  }
  // Rows in the order of the groups' remaining keys (the groups are sorted by all keys).
  // A group whose value of a row key is empty while other groups have one (a baseline
  // without that parameter, e.g. LUCB beside presets) fills every row it matches on the
  // other keys, as in the plots.
  std::vector<bool> broadcast(row_keys.size(), false);
  for (std::size_t r = 0; r < row_keys.size(); ++r)
    for (const auto& s : report.groups) broadcast[r] = broadcast[r] || !s.values[row_keys[r]].empty();
  auto row_key = [&](const GroupSummary& s) {
    std::vector<std::string> key;
    for (std::size_t k : row_keys) key.push_back(s.values[k]);
    return key;
  };
  auto is_baseline = [&](const std::vector<std::string>& key) {
    for (std::size_t r = 0; r < key.size(); ++r)
      if (broadcast[r] && key[r].empty()) return true;
    return false;
  };
  std::map<std::vector<std::string>, std::vector<std::string>,
           bool (*)(const std::vector<std::string>&, const std::vector<std::string>&)>
      rows([](const std::vector<std::string>& a, const std::vector<std::string>& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), report::value_less);
      });
  auto column_of = [&](const GroupSummary& s) {
    return row_keys.size() +
           static_cast<std::size_t>(std::find(values.begin(), values.end(), s.values[pivot]) - values.begin());
  };
  auto row_for = [&](const std::vector<std::string>& key) -> std::vector<std::string>& {
    auto [it, fresh] = rows.emplace(key, key);
    if (fresh) it->second.resize(t.header.size());
    return it->second;
  };
  for (const auto& s : report.groups)
    if (!is_baseline(row_key(s))) row_for(row_key(s))[column_of(s)] = cell_text(s, metric);
  for (const auto& s : report.groups) {
    const auto key = row_key(s);
    if (!is_baseline(key)) continue;
    bool placed = false;
    for (auto& [other, row] : rows) {
      if (is_baseline(other)) continue;
      bool match = true;
      for (std::size_t r = 0; r < key.size(); ++r) match = match && (key[r].empty() || key[r] == other[r]);
      if (match) {
        row[column_of(s)] = cell_text(s, metric);
        placed = true;
      }
    }
    if (!placed) row_for(key)[column_of(s)] = cell_text(s, metric);
  }
  for (auto& [key, row] : rows) t.rows.push_back(std::move(row));
  return t;
}

void write_text(std::ostream& out, const Table& t) {
  std::vector<std::size_t> width(t.header.size());
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    width[c] = t.header[c].size();
    for (const auto& row : t.rows) width[c] = std::max(width[c], row[c].size());
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(width[c] - cells[c].size(), ' ');
      text += (c ? "  " : "") + (t.numeric[c] ? pad + cells[c] : cells[c] + pad);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << '\n';
  };
  line(t.header);
  std::vector<std::string> rule;
  for (std::size_t w : width) rule.emplace_back(w, '-');
  line(rule);
  for (const auto& row : t.rows) line(row);
}

std::string markdown_cell(const std::string& text) {
  std::string escaped;
  for (char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

void write_markdown(std::ostream& out, const Table& t) {
  auto line = [&](const std::vector<std::string>& cells) {
    out << '|';
    for (const auto& cell : cells) out << ' ' << markdown_cell(cell) << " |";
    out << '\n';
  };
  line(t.header);
  out << '|';
  for (bool numeric : t.numeric) out << (numeric ? " ---: |" : " --- |");
  out << '\n';
  for (const auto& row : t.rows) line(row);
}

void write_csv(std::ostream& out, const Table& t) {
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c) out << (c ? "," : "") << csv_field(cells[c]);
    out << '\n';
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
}

}  // namespace

ReportFormat parse_report_format(const std::string& name) {
  if (name == "text") return ReportFormat::Text;
  if (name == "md") return ReportFormat::Markdown;
  if (name == "csv") return ReportFormat::Csv;
  if (name == "json") return ReportFormat::Json;
  throw Error("--format '" + name + "'" + did_you_mean(name, {"text", "md", "csv", "json"}) +
              ": expected text, md, csv or json");
}

ReportMetric parse_report_metric(const std::string& name) {
  if (name == "samples") return ReportMetric::Samples;
  if (name == "error-rate") return ReportMetric::ErrorRate;
  if (name == "not-optimal") return ReportMetric::NotOptimal;
  if (name == "wall") return ReportMetric::Wall;
  throw Error("--y '" + name + "'" + did_you_mean(name, {"samples", "error-rate", "not-optimal", "wall"}) +
              ": expected samples, error-rate, not-optimal or wall");
}

nlohmann::ordered_json report_json(const GroupedReport& report) {
  using Json = nlohmann::ordered_json;
  auto ci = [](const Interval& i) { return Json{number(i.lower), number(i.upper)}; };
  Json groups = Json::array();
  for (const auto& s : report.groups) {
    Json values = Json::object();
    for (std::size_t k = 0; k < report.keys.size(); ++k) values[report.keys[k]] = s.values[k];
    groups.push_back({{"values", values},
                      {"runs", s.runs},
                      {"stopped", s.stopped},
                      {"capped", s.capped},
                      {"failed", s.failed},
                      {"samples", {{"mean", number(s.mean_samples)},
                                   {"median", number(s.median_samples)},
                                   {"ci95", ci(s.mean_samples_ci)},
                                   {"mean_at_least", number(s.mean_samples_at_least)}}},
                      {"errors", s.errors.count},
                      {"error_rate", number(s.errors.rate)},
                      {"error_rate_ci95", ci(s.errors.ci95)},
                      {"not_optimal", s.not_optimal.count},
                      {"not_optimal_rate", number(s.not_optimal.rate)},
                      {"not_optimal_rate_ci95", ci(s.not_optimal.ci95)},
                      {"optimal_unknown", s.optimal_unknown},
                      {"capped_errors", s.capped_errors},
                      {"capped_not_optimal", s.capped_not_optimal},
                      {"mean_wall_time_s", number(s.mean_wall_time_s)}});
  }
  Json pooled = Json::array();
  for (const auto& p : report.pooled) pooled.push_back({{"key", p.key}, {"values", p.values}});
  return {{"keys", report.keys}, {"groups", groups}, {"pooled", pooled}};
}

void write_report(std::ostream& out, const GroupedReport& report, ReportFormat format,
                  const std::string& pivot_key, ReportMetric metric) {
  if (format == ReportFormat::Json) {
    if (!pivot_key.empty()) throw Error("--columns cannot be used with --format json");
    out << report_json(report).dump(2) << '\n';
    return;
  }
  const Table t = pivot_key.empty() ? long_table(report, format == ReportFormat::Csv)
                                    : pivot_table(report, pivot_key, metric);
  if (format == ReportFormat::Text) write_text(out, t);
  if (format == ReportFormat::Markdown) write_markdown(out, t);
  if (format == ReportFormat::Csv) write_csv(out, t);
}

}  // namespace cpex::host
