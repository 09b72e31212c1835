// Report tables: cells are built once as text, then laid out per format.
#include "cpex/runtime/report_output.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <optional>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>
#include <map>
#include <functional>

#include "cpex/errors.hpp"
#include "cpex/report/summary_json.hpp"
#include "cpex/suggest.hpp"
#include "cpex/store/results_csv.hpp"
#include "report_latex.hpp"

namespace cpex::inline runtime {

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

// The mean a cell shows, for choosing the best (least) one; NaN where there is none or it
// is a censored bound (capped runs).
double cell_mean(const GroupSummary& s, ReportMetric metric) {
  const double nan = std::nan("");
  switch (metric) {
    case ReportMetric::Samples: return s.capped ? nan : s.mean_samples;
    case ReportMetric::ErrorRate: return s.wrong_rate;
    case ReportMetric::NotOptimal: return s.not_optimal_rate;
    case ReportMetric::Wall: return s.mean_wall_time_s;
    case ReportMetric::LowerBoundRatio: return s.lower_bound_ratio;
  }
  return nan;
}

bool is_algorithm_key(const std::string& key) { return key == "algorithm" || key == "algorithm.plugin"; }

// For each group: its mean is the least of its comparison block (the groups that differ
// from it only in the algorithm keys), in a block of two or more means that are not all
// equal.
std::vector<bool> best_cells(const GroupedReport& report, ReportMetric metric) {
  std::map<std::vector<std::string>, std::vector<std::size_t>> blocks;
  for (std::size_t g = 0; g < report.groups.size(); ++g) {
    std::vector<std::string> key;
    for (std::size_t k = 0; k < report.keys.size(); ++k)
      if (!is_algorithm_key(report.keys[k])) key.push_back(report.groups[g].values[k]);
    blocks[key].push_back(g);
  }
  std::vector<bool> best(report.groups.size(), false);
  for (const auto& [key, members] : blocks) {
    double least = INFINITY, most = -INFINITY;
    std::size_t known = 0;
    for (std::size_t g : members) {
      const double m = cell_mean(report.groups[g], metric);
      if (std::isnan(m)) continue;
      ++known;
      least = std::min(least, m);
      most = std::max(most, m);
    }
    if (known < 2 || !(least < most)) continue;
    for (std::size_t g : members) best[g] = cell_mean(report.groups[g], metric) == least;
  }
  return best;
}

// A cell as LaTeX: "1\,513 {\scriptsize [1\,480, 1\,546]}", the mean in bold when `bold`;
// notes as in cell_text.
std::string latex_cell(const GroupSummary& s, ReportMetric metric, bool bold) {
  const std::string text = cell_text(s, metric);
  // cell_text: "MEAN [LOW, HIGH] (NOTES)" or "≥ BOUND (NOTES)" or "-".
  std::string mean = text, interval, notes;
  const std::size_t open = text.find(" (");
  if (open != std::string::npos) {
    notes = text.substr(open + 1);
    mean = text.substr(0, open);
  }
  const std::size_t bracket = mean.find(" [");
  if (bracket != std::string::npos) {
    interval = mean.substr(bracket + 1);
    mean = mean.substr(0, bracket);
  }
  // Numbers grouped by thin spaces, the text between them escaped.
  auto numbers = [](const std::string& t) {
    std::string out, digits, other;
    for (char c : t) {
      const bool digit = std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && !digits.empty());
      if (digit && !other.empty()) out += latex::text(other), other.clear();
      if (!digit && !digits.empty()) out += latex::grouped_number(digits), digits.clear();
      (digit ? digits : other) += c;
    }
    return out + latex::text(other) + latex::grouped_number(digits);
  };
  std::string cell = numbers(mean);
  if (bold && cell != "-") cell = "\\textbf{" + cell + "}";
  if (!interval.empty()) cell += " {\\scriptsize " + numbers(interval) + "}";
  if (!notes.empty()) cell += " {\\scriptsize " + latex::text(notes) + "}";
  return cell;
}

// Machine form (CSV): the grouping keys, then the flattened summary (flat_summary: the
// JSON keys). Text and Markdown: the same statistics under short names.
Table long_table(const GroupedReport& report, bool machine, const ReportLabels& labels) {
  Table t;
  for (const auto& key : report.keys) t.header.push_back(machine ? key : labels.key(key));
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
    std::vector<std::string> row;
    for (const auto& v : s.values) row.push_back(labels.value(v));
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

// `cell(g)`: the text of group g's cell.
Table pivot_table(const GroupedReport& report, const std::string& pivot_key, const ReportLabels& labels,
                  const std::function<std::string(std::size_t)>& cell) {
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
      t.header.push_back(labels.key(report.keys[k]));
      t.numeric.push_back(false);
    }
  for (const auto& v : values) {
    t.header.push_back(labels.value(v));
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
    std::vector<std::string> named;
    for (const auto& v : key) named.push_back(labels.value(v));
    auto [it, fresh] = rows.emplace(key, named);
    if (fresh) it->second.resize(t.header.size());
    return it->second;
  };
  for (std::size_t g = 0; g < report.groups.size(); ++g)
    if (const auto& s = report.groups[g]; !is_baseline(row_key(s))) row_for(row_key(s))[column_of(s)] = cell(g);
  for (std::size_t g = 0; g < report.groups.size(); ++g) {
    const auto& s = report.groups[g];
    const auto key = row_key(s);
    if (!is_baseline(key)) continue;
    bool placed = false;
    for (auto& [other, row] : rows) {
      if (is_baseline(other)) continue;
      bool match = true;
      for (std::size_t r = 0; r < key.size(); ++r) match = match && (key[r].empty() || key[r] == other[r]);
      if (match) {
        row[column_of(s)] = cell(g);
        placed = true;
      }
    }
    if (!placed) row_for(key)[column_of(s)] = cell(g);
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
                                    {"csv", ReportFormat::Csv}, {"json", ReportFormat::Json},
                                    {"latex", ReportFormat::Latex}});
}

ReportMetric parse_report_metric(const std::string& name) {
  return parse_named<ReportMetric>("--y", name,
                                   {{"samples", ReportMetric::Samples}, {"error-rate", ReportMetric::ErrorRate},
                                    {"not-optimal", ReportMetric::NotOptimal}, {"wall", ReportMetric::Wall},
                                    {"lower-bound-ratio", ReportMetric::LowerBoundRatio}});
}

std::string metric_description(ReportMetric metric) {
  switch (metric) {
    case ReportMetric::Samples: return "samples of the ended runs: mean [95% bootstrap interval]";
    case ReportMetric::ErrorRate:
      return "rate of wrong answers among the ended runs [95% Clopper-Pearson interval]";
    case ReportMetric::NotOptimal:
      return "rate of answers that are not optimal among the ended runs [95% Clopper-Pearson interval]";
    case ReportMetric::Wall: return "mean wall time per run (s)";
    case ReportMetric::LowerBoundRatio:
      return "samples / (T*(μ) log(1/δ)) of the runs ended by their rule: mean [95% bootstrap interval]";
  }
  return "";
}

const std::string& ReportLabels::key(const std::string& k) const {
  const auto it = keys.find(k);
  return it == keys.end() ? k : it->second;
}

const std::string& ReportLabels::value(const std::string& v) const {
  const auto it = values.find(v);
  return it == values.end() ? v : it->second;
}

ReportLabels report_labels(const report::ResultsTable& table, const std::vector<std::string>& keys,
                           const std::vector<std::pair<std::string, std::string>>& given) {
  ReportLabels labels;
  auto add = [&](const std::string& left, const std::string& name, const std::string& where) {
    if (left.empty() || name.empty()) throw Error(where + " '" + left + "=" + name + "': expected NAME=TEXT, both non-empty");
    const bool is_key = table.find(left) || std::find(keys.begin(), keys.end(), left) != keys.end();
    (is_key ? labels.keys : labels.values)[left] = name;
  };
  for (const auto& [left, name] : table.labels) add(left, name, "[labels]");
  for (const auto& [left, name] : given) add(left, name, "--label");
  return labels;
}

nlohmann::ordered_json report_json(const GroupedReport& report, const ReportLabels& labels) {
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
  Json out = {{"keys", report.keys}, {"groups", groups}, {"pooled", pooled}};
  if (!labels.empty()) {
    Json named = Json::object();
    for (const auto& [k, v] : labels.keys) named[k] = v;
    for (const auto& [k, v] : labels.values) named[k] = v;
    out["labels"] = named;
  }
  return out;
}

namespace {

// "at δ = 0.1" / "at δ ∈ {0.1, 0.01}" from the groups' target errors; empty without any,
// or when δ is a grouping key (the rows name it).
std::string delta_clause(const GroupedReport& report, const std::vector<std::vector<double>>& deltas) {
  for (const auto& key : report.keys)
    if (key == "delta" || (key.size() > 6 && key.compare(key.size() - 6, 6, ".delta") == 0)) return "";
  std::set<double> all;
  for (const auto& d : deltas) all.insert(d.begin(), d.end());
  if (all.empty()) return "";
  std::string list;
  for (auto it = all.rbegin(); it != all.rend(); ++it) list += (list.empty() ? "" : ", ") + format("%g", *it);
  return all.size() == 1 ? "at δ = " + list : "at δ ∈ {" + list + "}";
}

// A sentence from a description: its first letter capital.
std::string sentence(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

void write_latex(std::ostream& out, const GroupedReport& report, const std::string& pivot_key, ReportMetric metric,
                 const ReportLabels& labels, const std::vector<std::vector<double>>& deltas) {
  std::vector<std::string> header;
  std::vector<bool> numeric;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> blocks;
  std::string caption;
  const std::string at = delta_clause(report, deltas);
  if (!pivot_key.empty()) {
    const std::vector<bool> best = best_cells(report, metric);
    Table t = pivot_table(report, pivot_key, labels, [&](std::size_t g) {
      return latex_cell(report.groups[g], metric, best[g]);
    });
    const std::size_t row_keys = report.keys.size() - 1;
    for (std::size_t c = 0; c < t.header.size(); ++c) header.push_back(latex::text(t.header[c]));
    numeric = t.numeric;
    for (auto& row : t.rows) {
      for (std::size_t c = 0; c < row_keys && c < row.size(); ++c) row[c] = latex::text(row[c]);
      for (std::size_t c = row_keys; c < row.size(); ++c)
        if (row[c].empty()) row[c] = "--";
      rows.push_back(std::move(row));
    }
    for (std::size_t r = 0; r < rows.size(); ++r) blocks.push_back(row_keys >= 2 && r > 0 && rows[r][0] != rows[r - 1][0]);
    caption = sentence(metric_description(metric)) + ", one column per " + labels.key(pivot_key);
  } else {
    // One line per group: its keys, the samples, the rate of wrong answers and, when some
    // group has it, the ratio to the lower bound.
    std::vector<ReportMetric> shown = {ReportMetric::Samples, ReportMetric::ErrorRate};
    if (std::any_of(report.groups.begin(), report.groups.end(),
                    [](const GroupSummary& s) { return s.lower_bound_runs > 0; }))
      shown.push_back(ReportMetric::LowerBoundRatio);
    for (const auto& key : report.keys) {
      header.push_back(latex::text(labels.key(key)));
      numeric.push_back(false);
    }
    const char* names[] = {"samples", "wrong-answer rate", "", "", "samples / $T^*(\\mu)\\log(1/\\delta)$"};
    std::vector<std::vector<bool>> best;
    for (ReportMetric m : shown) {
      header.push_back(names[static_cast<int>(m)]);
      numeric.push_back(true);
      best.push_back(best_cells(report, m));
    }
    std::vector<std::string> previous;
    for (std::size_t g = 0; g < report.groups.size(); ++g) {
      const auto& s = report.groups[g];
      std::vector<std::string> row, block;
      for (std::size_t k = 0; k < report.keys.size(); ++k) {
        row.push_back(latex::text(labels.value(s.values[k])));
        if (!is_algorithm_key(report.keys[k])) block.push_back(s.values[k]);
      }
      for (std::size_t m = 0; m < shown.size(); ++m) row.push_back(latex_cell(s, shown[m], best[m][g]));
      blocks.push_back(g > 0 && block != previous && !block.empty());
      previous = block;
      rows.push_back(std::move(row));
    }
    caption = "Per " + std::string(report.keys.empty() ? "run set" : "group") + ": " +
              metric_description(ReportMetric::Samples) + "; " + metric_description(ReportMetric::ErrorRate);
    if (shown.size() > 2) caption += "; " + metric_description(ReportMetric::LowerBoundRatio);
  }
  if (!at.empty()) caption += ", " + at;
  caption += ". Bold: the least mean among the algorithms compared.";
  latex::write_table(out, latex::text(caption), numeric, header, rows, blocks);
}

}  // namespace

void write_report(std::ostream& out, const GroupedReport& report, ReportFormat format,
                  const std::string& pivot_key, ReportMetric metric, const ReportLabels& labels,
                  const std::vector<std::vector<double>>& deltas) {
  if (format == ReportFormat::Json) {
    if (!pivot_key.empty()) throw Error("--columns cannot be used with --format json");
    out << report_json(report, labels).dump(2) << '\n';
    return;
  }
  if (format == ReportFormat::Latex) {
    write_latex(out, report, pivot_key, metric, labels, deltas);
    return;
  }
  const ReportLabels none;
  const ReportLabels& shown = format == ReportFormat::Csv ? none : labels;
  const Table t = pivot_key.empty()
                      ? long_table(report, format == ReportFormat::Csv, shown)
                      : pivot_table(report, pivot_key, shown,
                                    [&](std::size_t g) { return cell_text(report.groups[g], metric); });
  // A pivot's cells hold one metric: a line above the table says which.
  if (!pivot_key.empty() && format != ReportFormat::Csv) {
    std::string what = sentence(metric_description(metric)) + ", one column per " + labels.key(pivot_key);
    const std::string at = delta_clause(report, deltas);
    if (!at.empty()) what += ", " + at;
    out << (format == ReportFormat::Markdown ? "*" + what + "*\n\n" : what + "\n");
  }
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

}  // namespace cpex::runtime
