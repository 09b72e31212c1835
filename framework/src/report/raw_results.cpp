// Results files as stored: CSV (quoted fields may hold commas, quotes and newlines) and the
// SQLite store (through libsqlite3, read-only).
#include "raw_results.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <fstream>
#include <memory>
#include <sstream>

#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/store/store_reading.hpp"

namespace cpex::inline runtime::report {

namespace {

// Splits CSV text into records. `lines` receives each record's first line number.
std::vector<std::vector<std::string>> parse_csv(const std::string& text, const std::string& path,
                                                std::vector<std::size_t>& lines) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string cell;
  bool quoted = false, cell_started = false;
  std::size_t line = 1, record_line = 1, quote_line = 0;
  auto end_record = [&] {
    record.push_back(cell);
    const bool blank = record.size() == 1 && record.front().empty() && !cell_started;
    if (!blank) {
      records.push_back(std::move(record));
      lines.push_back(record_line);
    }
    record.clear();
    cell.clear();
    cell_started = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
      cell_started = true;
      quote_line = line;
    } else if (c == ',') {
      record.push_back(cell);
      cell.clear();
      cell_started = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      record_line = ++line;
    } else {
      cell += c;
      cell_started = true;
    }
  }
  if (quoted)
    throw Error(path + ":" + std::to_string(quote_line) + ": a quoted field is never closed");
  if (cell_started || !record.empty()) end_record();
  return records;
}

// The points of each reason of `notes` ({"POINT": reason}) as "points 0, 2 (kl-lucb): reason",
// the algorithms those points' rows name.
void add_lower_bound_notes(const nlohmann::json& notes, RawResults& raw) {
  const auto column = [&](const char* name) {
    return static_cast<std::size_t>(std::find(raw.columns.begin(), raw.columns.end(), name) - raw.columns.begin());
  };
  const std::size_t point = column("point"), algorithm = column("algorithm");
  std::map<std::string, std::pair<std::vector<std::string>, std::set<std::string>>> by_reason;
  std::vector<std::string> order;
  for (const auto& [p, reason] : notes.items()) {
    if (!reason.is_string()) continue;
    const std::string why = reason.get<std::string>();
    if (!by_reason.count(why)) order.push_back(why);
    by_reason[why].first.push_back(p);
    if (point < raw.columns.size() && algorithm < raw.columns.size())
      for (const auto& row : raw.rows)
        if (row[point] == p) by_reason[why].second.insert(row[algorithm]);
  }
  for (const auto& why : order) {
    const auto& [points, algorithms] = by_reason[why];
    std::string text = points.size() == 1 ? "point " : "points ";
    for (std::size_t i = 0; i < points.size() && i < 8; ++i) text += (i ? ", " : "") + points[i];
    if (points.size() > 8) text += ", ... (" + std::to_string(points.size()) + ")";
    if (!algorithms.empty()) {
      std::string names;
      for (const auto& a : algorithms) names += (names.empty() ? "" : ", ") + a;
      text += " (" + names + ")";
    }
    raw.lower_bound_notes.push_back(text + ": " + why);
  }
}

// The store's `labels` (a JSON object) and `skipped` (a JSON array of lines) meta values,
// when the store has them (stores written before them have neither).
void read_display_meta(sqlite3* handle, RawResults& raw) {
  sqlite3_stmt* raw_statement = nullptr;
  if (sqlite3_prepare_v2(handle, "SELECT key, value FROM meta WHERE key IN ('labels', 'skipped', 'lower_bound_notes')", -1,
                         &raw_statement, nullptr) != SQLITE_OK) {
    sqlite3_finalize(raw_statement);
    return;
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw_statement, sqlite3_finalize);
  while (sqlite3_step(raw_statement) == SQLITE_ROW) {
    const auto* key = sqlite3_column_text(raw_statement, 0);
    const auto* value = sqlite3_column_text(raw_statement, 1);
    if (!key || !value) continue;
    const nlohmann::json json = nlohmann::json::parse(reinterpret_cast<const char*>(value), nullptr, false);
    const std::string name = reinterpret_cast<const char*>(key);
    if (name == "lower_bound_notes" && json.is_object()) {
      add_lower_bound_notes(json, raw);
    } else if (name == "labels" && json.is_object()) {
      for (const auto& [left, text] : json.items())
        if (text.is_string()) raw.labels.emplace_back(left, text.get<std::string>());
    } else if (json.is_array()) {
      for (const auto& line : json)
        if (line.is_string()) raw.skipped.push_back(line.get<std::string>());
    }
  }
}

}  // namespace

bool is_sqlite_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<char, 16> header{};
  if (!in.read(header.data(), header.size())) return false;
  return std::string(header.data(), header.size()) == std::string("SQLite format 3\0", 16);
}

RawResults read_results_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read results file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  RawResults raw;
  std::vector<std::size_t> lines;
  auto records = parse_csv(text.str(), path, lines);
  if (records.empty()) throw Error(path + ": empty results file (no header row)");
  raw.columns = std::move(records.front());
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != raw.columns.size())
      throw Error(path + ":" + std::to_string(lines[r]) + ": " +
                  std::to_string(records[r].size()) + " cells, but the header has " +
                  std::to_string(raw.columns.size()) + " columns");
    raw.rows.push_back(std::move(records[r]));
    raw.lines.push_back(lines[r]);
  }
  return raw;
}

RawResults read_results_store(const std::string& path) {
  // Read-only, and immutable where the directory is not writable (a read-only mount).
  sqlite3* handle = open_store_for_reading(path);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(handle, sqlite3_close);
  sqlite3_stmt* raw_statement = nullptr;
  if (sqlite3_prepare_v2(handle, "SELECT * FROM runs ORDER BY run_id", -1, &raw_statement,
                         nullptr) != SQLITE_OK) {
    sqlite3_finalize(raw_statement);
    throw Error(path + ": not a cpex results store (" + sqlite3_errmsg(handle) + ")");
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw_statement, sqlite3_finalize);
  RawResults raw;
  const int count = sqlite3_column_count(raw_statement);
  for (int c = 0; c < count; ++c) raw.columns.emplace_back(sqlite3_column_name(raw_statement, c));
  int step;
  while ((step = sqlite3_step(raw_statement)) == SQLITE_ROW) {
    std::vector<std::string> row(static_cast<std::size_t>(count));
    for (int c = 0; c < count; ++c) {
      const auto* text = sqlite3_column_text(raw_statement, c);
      if (text) row[static_cast<std::size_t>(c)] = reinterpret_cast<const char*>(text);
    }
    raw.rows.push_back(std::move(row));
    raw.lines.push_back(0);
  }
  if (step != SQLITE_DONE) throw Error(path + ": reading the runs table failed: " + sqlite3_errmsg(handle));
  read_display_meta(handle, raw);
  return raw;
}

}  // namespace cpex::runtime::report
