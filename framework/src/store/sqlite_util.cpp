// SQLite helpers of the results store.
#include "sqlite_util.hpp"

#include <charconv>
#include <cstring>

#include "cpex/errors.hpp"
#include "cpex/results/result_columns.hpp"

namespace cpex::inline runtime::sqlite {

std::string quoted_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string error_text(sqlite3* db) {
  if (!db) return "out of memory";
  std::string text = sqlite3_errmsg(db);
  const int code = sqlite3_errcode(db);
  const int system = sqlite3_system_errno(db);
  if (system != 0 && (code == SQLITE_IOERR || code == SQLITE_FULL || code == SQLITE_CANTOPEN))
    text += std::string(" (") + std::strerror(system) + ")";
  return text;
}

void exec(sqlite3* db, const std::string& sql, const std::string& path) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db);
    if (const int system = sqlite3_system_errno(db);
        system != 0 && (sqlite3_errcode(db) == SQLITE_IOERR || sqlite3_errcode(db) == SQLITE_FULL))
      text += std::string(" (") + std::strerror(system) + ")";
    sqlite3_free(message);
    throw Error("results store '" + path + "': " + text);
  }
}

Statement::Statement(sqlite3* db, const std::string& sql, const std::string& path) {
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    const std::string reason = error_text(db);
    sqlite3_finalize(stmt);
    stmt = nullptr;
    throw Error("results store '" + path + "': " + reason);
  }
}

void step_done(sqlite3* db, sqlite3_stmt* statement, const std::string& path) {
  const int status = sqlite3_step(statement);
  sqlite3_reset(statement);
  if (status != SQLITE_DONE) throw Error("results store '" + path + "': " + error_text(db));
}

void put_meta(sqlite3* db, const StoreMeta& entries, const std::string& path) {
  Statement put(db, "INSERT OR REPLACE INTO meta VALUES (?, ?)", path);
  for (const auto& [key, value] : entries) {
    sqlite3_bind_text(put.stmt, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(put.stmt, 2, value.c_str(), -1, SQLITE_TRANSIENT);
    step_done(db, put.stmt, path);
  }
}

StoreMeta read_meta(sqlite3* db, const std::string& path) {
  StoreMeta meta;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta", -1, &stmt, nullptr) != SQLITE_OK)
    throw Error("'" + path + "' is not a CPEx results store (" + sqlite3_errmsg(db) + ")");
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    const auto* k = sqlite3_column_text(stmt, 0);
    const auto* v = sqlite3_column_text(stmt, 1);
    meta[k ? reinterpret_cast<const char*>(k) : ""] = v ? reinterpret_cast<const char*>(v) : "";
  }
  sqlite3_finalize(stmt);
  if (meta["format"] != kFormat)
    throw Error("'" + path + "' is not a CPEx results store (no meta.format = cpex-results)");
  return meta;
}

std::string older_schema(const StoreMeta& meta, const std::string& path) {
  const auto found = meta.find("schema");
  const std::string schema = found == meta.end() ? "" : found->second;
  if (schema == kSchema) return "";
  int number = 0;
  std::from_chars(schema.data(), schema.data() + schema.size(), number);
  const std::string missing = columns_since(number < 1 ? 1 : number);
  return "results store '" + path + "' has schema " + (schema.empty() ? "?" : schema) +
         " (written by " + (number > kResultSchema ? "a newer" : "an older") + " CPEx" +
         (number < kResultSchema && !missing.empty()
              ? ", without the " + missing + (missing.find(',') == std::string::npos ? " column" : " columns")
              : std::string()) +
         "), this CPEx writes schema " + kSchema;
}

sqlite3* open_db(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    const std::string message = error_text(db);
    sqlite3_close(db);
    throw Error("cannot open results store '" + path + "': " + message);
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
}

}  // namespace cpex::runtime::sqlite
