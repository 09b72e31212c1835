// Grouping result rows and their statistics (the intervals come from cpex/report/stats.hpp).
#include "cpex/report/group_summary.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

#include "cpex/errors.hpp"

namespace cpex::report {

namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();

bool parse_number(const std::string& text, double& value) {
  if (text.empty()) return false;
  const char* begin = text.data();
  if (*begin == '+') ++begin;
  const auto [end, error] = std::from_chars(begin, text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

struct ValuesLess {
  bool operator()(const std::vector<std::string>& a, const std::vector<std::string>& b) const {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (value_less(a[i], b[i])) return true;
      if (value_less(b[i], a[i])) return false;
    }
    return false;
  }
};

struct Accumulator {
  std::vector<double> samples;  // stopped runs
  std::uint64_t runs = 0, capped = 0, failed = 0, answered = 0, errors = 0;
  double wall = 0.0;
};

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace

bool value_less(const std::string& a, const std::string& b) {
  double x, y;
  const bool a_number = parse_number(a, x), b_number = parse_number(b, y);
  if (a_number && b_number) return x < y || (x == y && a < b);
  if (a_number != b_number) return a_number;  // numbers before text
  return a < b;
}

std::vector<std::string> default_group_keys(const ResultsTable& table) {
  std::vector<std::string> keys;
  for (const auto& key : table.swept)
    if (key != "algorithm.plugin") keys.push_back(key);
  keys.push_back("algorithm");
  return keys;
}

GroupedReport summarize_groups(const ResultsTable& table, const std::vector<std::string>& keys) {
  std::vector<std::size_t> key_columns;
  for (const auto& key : keys) key_columns.push_back(table.column(key));
  const std::size_t status = table.column("status"), samples = table.column("samples"),
                    correct = table.column("correct"), wall = table.column("wall_time_s");
  const auto run_id = table.find("run_id");

  std::map<std::vector<std::string>, Accumulator, ValuesLess> groups;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const auto& row = table.rows[r];
    std::vector<std::string> values;
    for (std::size_t c : key_columns) values.push_back(row[c]);
    Accumulator& group = groups[values];
    ++group.runs;
    if (row[status] == "error") {
      ++group.failed;
      continue;
    }
    const std::string which = run_id ? "run_id " + row[*run_id] : "row " + std::to_string(r + 1);
    double count, right, seconds;
    if (!parse_number(row[samples], count))
      throw Error(which + ": samples '" + row[samples] + "' is not a number");
    if (!parse_number(row[correct], right) || (right != 0.0 && right != 1.0))
      throw Error(which + ": correct '" + row[correct] + "' is not 0 or 1");
    if (!parse_number(row[wall], seconds))
      throw Error(which + ": wall_time_s '" + row[wall] + "' is not a number");
    ++group.answered;
    group.errors += right == 0.0 ? 1 : 0;
    group.wall += seconds;
    if (row[status] == "stopped" || row[status] == "budget")  // ended by rule or at budget
      group.samples.push_back(count);
    else
      ++group.capped;
  }

  GroupedReport report;
  report.keys = keys;
  for (const auto& [values, group] : groups) {
    GroupSummary s;
    s.values = values;
    s.runs = group.runs;
    s.stopped = group.samples.size();
    s.capped = group.capped;
    s.failed = group.failed;
    if (group.samples.empty()) {
      s.mean_samples = s.median_samples = kNan;
      s.mean_samples_ci = {kNan, kNan};
    } else {
      double total = 0.0;
      for (double x : group.samples) total += x;
      s.mean_samples = total / static_cast<double>(group.samples.size());
      s.median_samples = median_of(group.samples);
      s.mean_samples_ci = bootstrap_mean_interval(group.samples);
    }
    s.errors = group.errors;
    s.error_rate = group.answered ? static_cast<double>(group.errors) / static_cast<double>(group.answered) : kNan;
    s.error_rate_ci = clopper_pearson(group.errors, group.answered);
    s.mean_wall_time_s = group.answered ? group.wall / static_cast<double>(group.answered) : kNan;
    report.groups.push_back(std::move(s));
  }
  return report;
}

}  // namespace cpex::report
