// Reading one results file as it is stored, before any derived column: a CSV file (RFC
// 4180 quoting, as written by CsvResultWriter) or the `runs` table of an SQLite store.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cpex::inline runtime::report {

struct RawResults {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> lines;  // line of each row in the file (CSV; 0 for SQLite)
  // A store's meta: the [labels] section of its pipeline (display names), and the
  // (algorithm, point) pairs its sweep skipped, one line each. Empty for a CSV.
  std::vector<std::pair<std::string, std::string>> labels;
  std::vector<std::string> skipped;
  // Why runs got no lower bound (meta "lower_bound_notes", per point), one line per reason
  // naming the points and their algorithms.
  std::vector<std::string> lower_bound_notes;
};

// True if `path` starts with the SQLite header.
bool is_sqlite_file(const std::string& path);

// Throws Error("FILE:LINE: ...") for a row whose cell count differs from the header's or
// an unterminated quote; Error("FILE: ...") for an unreadable or empty file.
RawResults read_results_csv(const std::string& path);

// `SELECT * FROM runs ORDER BY run_id`; NULL cells become "". Throws Error naming the file
// if it is not a store with a `runs` table.
RawResults read_results_store(const std::string& path);

}  // namespace cpex::runtime::report
