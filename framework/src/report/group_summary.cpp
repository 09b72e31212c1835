// Grouping result rows and their statistics (the intervals come from cpex/report/stats.hpp).
#include "cpex/report/group_summary.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "cpex/errors.hpp"
#include "cpex/results/result_columns.hpp"

namespace cpex::inline runtime::report {

namespace {

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
  const std::size_t status = table.column(std::string(columns::status)),
                    samples = table.column(std::string(columns::samples)),
                    correct = table.column(std::string(columns::correct)),
                    wall = table.column(std::string(columns::wall_time_s));
  // absent in results written before it existed
  const auto optimal = table.find(std::string(columns::optimal));
  const auto run_id = table.find(std::string(columns::run_id));
  const auto lower_bound = table.find(std::string(columns::lower_bound));

  std::map<std::vector<std::string>, SummaryAccumulator, ValuesLess> groups;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const auto& row = table.rows[r];
    std::vector<std::string> values;
    for (std::size_t c : key_columns) values.push_back(row[c]);
    SummaryAccumulator& group = groups[values];
    const RunEnd end = run_end_of_status(row[status]).value_or(RunEnd::ByRule);
    if (end == RunEnd::Failed) {
      group.add(end, 0, false, Optimality::Unknown, 0.0);
      continue;
    }
    const std::string which = run_id ? "run_id " + row[*run_id] : "row " + std::to_string(r + 1);
    double count, right, seconds, best = 0.0;
    if (!parse_number(row[samples], count) || count < 0)
      throw Error(which + ": samples '" + row[samples] + "' is not a number");
    if (!parse_number(row[correct], right) || (right != 0.0 && right != 1.0))
      throw Error(which + ": correct '" + row[correct] + "' is not 0 or 1");
    const bool optimal_known = optimal && !row[*optimal].empty();
    if (optimal_known && (!parse_number(row[*optimal], best) || (best != 0.0 && best != 1.0)))
      throw Error(which + ": optimal '" + row[*optimal] + "' is not 0 or 1");
    if (!parse_number(row[wall], seconds))
      throw Error(which + ": wall_time_s '" + row[wall] + "' is not a number");
    double bound = std::numeric_limits<double>::quiet_NaN();
    if (lower_bound && !row[*lower_bound].empty() && (!parse_number(row[*lower_bound], bound) || !(bound > 0.0)))
      throw Error(which + ": lower_bound '" + row[*lower_bound] + "' is not a positive number");
    group.add(end, static_cast<std::uint64_t>(count), right == 1.0,
              !optimal_known ? Optimality::Unknown
              : best == 1.0  ? Optimality::Yes
                             : Optimality::No,
              seconds, bound);
  }

  GroupedReport report;
  report.keys = keys;
  for (const auto& [values, group] : groups) {
    GroupSummary s;
    static_cast<Summary&>(s) = group.summary({.bootstrap = true});
    s.values = values;
    report.groups.push_back(std::move(s));
  }
  report.pooled = pooled_keys(table, keys);
  return report;
}

std::vector<PooledKey> pooled_keys(const ResultsTable& table, const std::vector<std::string>& keys) {
  std::vector<std::string> candidates = table.swept;
  for (const char* name : {"algorithm", "environment", "oracle"}) candidates.push_back(name);
  // The group of every row, once.
  std::vector<std::size_t> key_columns;
  for (const auto& key : keys)
    if (auto c = table.find(key)) key_columns.push_back(*c);
  std::map<std::vector<std::string>, std::size_t, ValuesLess> index;
  std::vector<std::size_t> group_of(table.rows.size());
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    std::vector<std::string> values;
    for (std::size_t c : key_columns) values.push_back(table.rows[r][c]);
    group_of[r] = index.emplace(std::move(values), index.size()).first->second;
  }
  std::vector<PooledKey> pooled;
  std::vector<std::string> seen;
  for (const auto& name : candidates) {
    if (std::find(keys.begin(), keys.end(), name) != keys.end() ||
        std::find(seen.begin(), seen.end(), name) != seen.end())
      continue;
    seen.push_back(name);
    const auto column = table.find(name);
    if (!column) continue;
    // Pooled: some group holds rows with different values of the key.
    std::vector<const std::string*> first(index.size(), nullptr);
    bool varies = false;
    for (std::size_t r = 0; r < table.rows.size() && !varies; ++r) {
      const std::string& value = table.rows[r][*column];
      const std::string*& seen_value = first[group_of[r]];
      if (!seen_value)
        seen_value = &value;
      else
        varies = *seen_value != value;
    }
    if (!varies) continue;
    std::set<std::string> values;
    for (const auto& row : table.rows) values.insert(row[*column]);
    PooledKey p{name, {values.begin(), values.end()}};
    std::stable_sort(p.values.begin(), p.values.end(), value_less);
    pooled.push_back(std::move(p));
  }
  return pooled;
}

}  // namespace cpex::runtime::report
