// SQLite helpers shared by the results store and its export/merge (internal to libcpex).
#pragma once

#include <string>

#include <sqlite3.h>

#include "cpex/results/result_columns.hpp"
#include "cpex/store/results_store.hpp"

namespace cpex::inline runtime::sqlite {

inline constexpr const char* kFormat = "cpex-results";
// The schema this CPEx writes is kResultSchema, the newest SINCE of
// cpex/results/result_columns.def (3 since the `lower_bound` column). Stores of older schemas are read (cpex report,
// export, the Python reader: the newer columns empty, unknown) but neither resumed nor
// merged.
inline const std::string kSchema = std::to_string(kResultSchema);

// "" for a store of the current schema, else one line saying why `path` (with `meta`)
// cannot be written to: the schema it has and what it lacks.
std::string older_schema(const StoreMeta& meta, const std::string& path);

// A connection closed on scope exit, with every statement still open on it (an error
// thrown between prepare and finalize would otherwise keep the connection, and its memory,
// alive: sqlite3_close refuses a connection with unfinalized statements).
struct Connection {
  sqlite3* db = nullptr;
  ~Connection() {
    if (!db) return;
    while (sqlite3_stmt* open = sqlite3_next_stmt(db, nullptr)) sqlite3_finalize(open);
    sqlite3_close(db);
  }
};

// Runs SQL; Error naming the store on failure.
void exec(sqlite3* db, const std::string& sql, const std::string& path);
// A prepared statement finalized on scope exit; Error naming the store when SQL does not
// prepare.
struct Statement {
  sqlite3_stmt* stmt = nullptr;
  Statement(sqlite3* db, const std::string& sql, const std::string& path);
  ~Statement() { sqlite3_finalize(stmt); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
};
// sqlite3_step expecting SQLITE_DONE (then resets the statement for its next use); Error
// naming the store otherwise.
void step_done(sqlite3* db, sqlite3_stmt* statement, const std::string& path);
// Writes (key, value) pairs into `meta` with INSERT OR REPLACE, every step checked.
void put_meta(sqlite3* db, const StoreMeta& entries, const std::string& path);
// Opens a database with a busy timeout; Error naming the file.
sqlite3* open_db(const std::string& path, int flags);
// The meta table; Error unless it is a CPEx store.
StoreMeta read_meta(sqlite3* db, const std::string& path);
std::string quoted_identifier(const std::string& name);
// sqlite3_errmsg, with the operating system's reason after an I/O failure ("disk I/O
// error (No space left on device)").
std::string error_text(sqlite3* db);

}  // namespace cpex::runtime::sqlite
