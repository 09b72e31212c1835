// Results as the tests read them: RFC 4180 CSV text as rows of cells, rows keyed by their
// header, and a fresh path for a result file (nothing there, nor SQLite's -wal / -shm).
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace cpex::test {

// RFC 4180 rows: quoted cells may hold commas, newlines and doubled quotes.
inline std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
      row.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      row.emplace_back();
    } else if (c == '\n' && !quoted) {
      rows.push_back(row);
      row.assign(1, "");
    } else {
      row.back() += c;
    }
  }
  if (row.size() > 1 || !row.front().empty()) rows.push_back(row);  // no final newline
  return rows;
}

// rows[first], rows[first + 1], ... as maps from the header's names (rows[0]) to cells;
// every row must have the header's width.
inline std::vector<std::map<std::string, std::string>> keyed_rows(
    const std::vector<std::vector<std::string>>& rows, std::size_t first = 1) {
  std::vector<std::map<std::string, std::string>> table;
  for (std::size_t r = first; r < rows.size(); ++r) {
    REQUIRE(rows[r].size() == rows[0].size());
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < rows[0].size(); ++c) row[rows[0][c]] = rows[r][c];
    table.push_back(row);
  }
  return table;
}

// A path in the temporary directory where no file (nor its -wal / -shm) stands.
inline std::string fresh_path(const std::string& name) {
  const std::string path = temp_file(name, "");
  std::filesystem::remove(path);
  for (const char* suffix : {"-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

}  // namespace cpex::test
