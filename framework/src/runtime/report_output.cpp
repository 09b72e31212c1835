// Report tables: cells are built once as text, then laid out per format.
#include "cpex/runtime/report_output.hpp"

#include <algorithm>
#include <set>
#include <optional>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>
#include <map>

#include "cpex/errors.hpp"
#include "cpex/report/summary_json.hpp"
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
std::string ratio_text(double x) { return format("%.3g", x); }

std::string rate_cell(double rate, const Interval& ci) {
  return std::isnan(rate) ? "-" : rate_text(rate) + " " + interval_text(ci, rate_text);
}

// "1513 [1480, 1546] (1 wrong, 2 not opt)": the metric and what a reader must not miss.
// With capped runs the samples cell is the censored lower bound, "≥ 2000 (2 capped)".
std::string cell_text(const GroupSummary& s, ReportMetric metric) {
  std::string text;
  if (metric == ReportMetric::Samples && s.capped)
    text = "≥ " + count_text(s.mean_samples_at_least);
  else if (metric == ReportMetric::Samples)
    text = std::isnan(s.mean_samples)
               ? "-"
               : count_text(s.mean_samples) + " " + interval_text(s.mean_samples_ci95_bootstrap, count_text);
  else if (metric == ReportMetric::ErrorRate)
    text = rate_cell(s.wrong_rate, s.wrong_rate_ci95);
  else if (metric == ReportMetric::NotOptimal)
    text = rate_cell(s.not_optimal_rate, s.not_optimal_rate_ci95);
  else if (metric == ReportMetric::LowerBoundRatio)
    text = std::isnan(s.lower_bound_ratio)
               ? "-"
               : ratio_text(s.lower_bound_ratio) + " " + interval_text(s.lower_bound_ratio_ci95_bootstrap, ratio_text);
  else
    text = std::isnan(s.mean_wall_time_s) ? "-" : seconds_text(s.mean_wall_time_s);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  std::vector<std::string> notes;
  if (s.capped) notes.push_back(std::to_string(s.capped) + " capped");
  if (metric == ReportMetric::Samples && s.wrong) notes.push_back(std::to_string(s.wrong) + " wrong");
  if (metric == ReportMetric::Samples && s.not_optimal)
    notes.push_back(std::to_string(s.not_optimal) + " not opt");
  if (s.failed) notes.push_back(std::to_string(s.failed) + " failed");
  for (std::size_t i = 0; i < notes.size(); ++i) text += (i ? ", " : " (") + notes[i];
  return notes.empty() ? text : text + ")";
}

// Machine form (CSV): the grouping keys, then the flattened summary (flat_summary: the
// JSON keys). Text and Markdown: the same statistics under short names.
Table long_table(const GroupedReport& report, bool machine) {
  Table t;
  t.header = report.keys;
  t.numeric.assign(report.keys.size(), false);
  if (machine) {
    for (const auto& s : report.groups) {
      const auto flat = flat_summary(s);
      if (t.rows.empty())
        for (const auto& [name, value] : flat) t.header.push_back(name);
      std::vector<std::string> row = s.values;
      for (const auto& [name, value] : flat) row.push_back(value);
      t.rows.push_back(std::move(row));
    }
    if (report.groups.empty())
      for (const auto& [name, value] : flat_summary(Summary{})) t.header.push_back(name);
    t.numeric.resize(t.header.size(), true);
    return t;
  }
  const std::vector<std::string> stats = {
      "runs", "ended", "capped", "failed", "samples mean", "median", "mean 95% CI (bootstrap)",
      "with capped", "wrong", "wrong rate", "rate 95% CI", "not optimal", "not-opt rate",
      "not-opt 95% CI", "wall s"};
  t.header.insert(t.header.end(), stats.begin(), stats.end());
  // samples / (T*(mu) log(1/delta)): only when some group has the lower bound.
  const bool ratios = std::any_of(report.groups.begin(), report.groups.end(),
                                  [](const GroupSummary& s) { return s.lower_bound_runs > 0; });
  if (ratios) t.header.insert(t.header.end(), {"T* ratio", "ratio 95% CI", "p50", "p90", "p99", "> 10x"});
  t.numeric.resize(t.header.size(), true);
  auto count = [](std::uint64_t n) { return std::to_string(n); };
  for (const auto& s : report.groups) {
    std::vector<std::string> row = s.values;
    for (auto n : {s.runs, s.ended, s.capped, s.failed}) row.push_back(count(n));
    row.push_back(count_text(s.mean_samples));
    row.push_back(count_text(s.median_samples));
    row.push_back(interval_text(s.mean_samples_ci95_bootstrap, count_text));
    row.push_back(std::isnan(s.mean_samples_at_least) ? "" : "≥ " + count_text(s.mean_samples_at_least));
    const std::uint64_t counts[] = {s.wrong, s.not_optimal};
    const double rates[] = {s.wrong_rate, s.not_optimal_rate};
    const Interval cis[] = {s.wrong_rate_ci95, s.not_optimal_rate_ci95};
    for (int k = 0; k < 2; ++k) {
      const bool known = !std::isnan(rates[k]);
      row.push_back(known ? count(counts[k]) : "");
      row.push_back(rate_text(rates[k]));
      row.push_back(known ? interval_text(cis[k], rate_text) : "");
    }
    row.push_back(seconds_text(s.mean_wall_time_s));
    if (ratios) {
      row.push_back(ratio_text(s.lower_bound_ratio));
      row.push_back(interval_text(s.lower_bound_ratio_ci95_bootstrap, ratio_text));
      // The stopping-time tail; "≥" when capped runs count at their caps.
      const std::string at_least = s.tail_capped ? "≥ " : "";
      for (double q : {s.lower_bound_ratio_p50, s.lower_bound_ratio_p90, s.lower_bound_ratio_p99})
        row.push_back(std::isnan(q) ? "" : at_least + ratio_text(q));
      row.push_back(s.tail_runs ? at_least + std::to_string(s.beyond_10) + "/" + std::to_string(s.tail_runs) : "");
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

// The value `name` stands for among `names`, else "OPTION 'NAME' (did you mean ...):
// expected a, b or c".
template <class Value>
Value parse_named(const std::string& option, const std::string& name,
                  std::initializer_list<std::pair<const char*, Value>> names) {
  std::string expected;
  std::vector<std::string> known;
  for (const auto& [text, value] : names) {
    if (name == text) return value;
    known.push_back(text);
    expected += std::string(known.size() == 1 ? "" : known.size() == names.size() ? " or " : ", ") + text;
  }
  throw Error(option + " '" + name + "'" + did_you_mean(name, known) + ": expected " + expected);
}

}  // namespace

ReportFormat parse_report_format(const std::string& name) {
  return parse_named<ReportFormat>("--format", name,
                                   {{"text", ReportFormat::Text}, {"md", ReportFormat::Markdown},
                                    {"csv", ReportFormat::Csv}, {"json", ReportFormat::Json}});
}

ReportMetric parse_report_metric(const std::string& name) {
  return parse_named<ReportMetric>("--y", name,
                                   {{"samples", ReportMetric::Samples}, {"error-rate", ReportMetric::ErrorRate},
                                    {"not-optimal", ReportMetric::NotOptimal}, {"wall", ReportMetric::Wall},
                                    {"lower-bound-ratio", ReportMetric::LowerBoundRatio}});
}

nlohmann::ordered_json report_json(const GroupedReport& report) {
  using Json = nlohmann::ordered_json;
  Json groups = Json::array();
  for (const auto& s : report.groups) {
    Json values = Json::object();
    for (std::size_t k = 0; k < report.keys.size(); ++k) values[report.keys[k]] = s.values[k];
    Json group = {{"values", values}};
    group.update(summary_json(s));
    groups.push_back(std::move(group));
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

std::vector<std::vector<double>> group_deltas(const report::GroupedReport& report,
                                              const report::ResultsTable& table,
                                              const Registry* plugins) {
  std::vector<std::vector<double>> deltas(report.groups.size());
  const auto algorithm = table.find("algorithm");
  if (!plugins || !algorithm) return deltas;
  // The column of each algorithm plugin's target error (by its role), once per name.
  std::map<std::string, std::optional<std::size_t>> column_of;
  auto column = [&](const std::string& value) -> std::optional<std::size_t> {
    const auto known = column_of.find(value);
    if (known != column_of.end()) return known->second;
    std::optional<std::size_t> found;
    const AlgorithmEntry* entry = plugins->algorithm(value.substr(0, value.find('@')));  // NAME@LABEL
    if (const ParamSpec* spec = entry ? entry->schema.find(ParamRole::Confidence) : nullptr) {
      found = table.find("resolved." + spec->name);
      if (!found) found = table.find("algorithm." + spec->name);
    }
    return column_of[value] = found;
  };
  std::vector<std::size_t> key_columns;
  for (const auto& key : report.keys) key_columns.push_back(table.column(key));
  std::map<std::vector<std::string>, std::set<double>> found;
  for (const auto& row : table.rows) {
    const auto c = column(row[*algorithm]);
    if (!c) continue;
    char* end = nullptr;
    const double delta = std::strtod(row[*c].c_str(), &end);
    if (row[*c].empty() || *end != '\0') continue;
    std::vector<std::string> values;
    for (std::size_t k : key_columns) values.push_back(row[k]);
    found[values].insert(delta);
  }
  for (std::size_t g = 0; g < report.groups.size(); ++g) {
    const auto it = found.find(report.groups[g].values);
    if (it != found.end()) deltas[g].assign(it->second.begin(), it->second.end());
  }
  return deltas;
}

}  // namespace cpex::host
