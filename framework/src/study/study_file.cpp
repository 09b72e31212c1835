// The study file in SQLite: creation (whole or not at all), opening with the format and
// version checks, transactions, and the log's rows.
#include "cpex/study/study_file.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <memory>

#include "cpex/errors.hpp"
#include "cpex/results/record_format.hpp"

namespace cpex::inline runtime::study {

namespace {

constexpr int kBusyMilliseconds = 60'000;

// The log of version 2 (the table is created under `table`, so that a version-1 log can be
// copied into it).
std::string events_schema(const std::string& table) {
  return "CREATE TABLE " + table + "("
         "  seq INTEGER PRIMARY KEY,"      // the log's order
         "  kind TEXT NOT NULL CHECK (kind IN ('ask', 'tell', 'cancel', 'void')),"
         "  ask INTEGER NOT NULL,"         // the ask's number (0: a tell nobody asked for)
         "  pull TEXT,"                    // arm indices separated by spaces (ask; unasked tell)
         "  reward REAL,"                  // tell: the observation
         "  rewards TEXT,"                 // tell, semi-bandit: one reward per member
         "  late INTEGER NOT NULL DEFAULT 0,"  // tell after the study ended
         "  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),"
         "  id TEXT,"                      // tell: the client's id (a retry is taken once)
         "  target INTEGER,"               // void: the seq of the tell it retracts
         "  note TEXT);";                  // cancel: 'timeout'; void: the reason given
}

const char* const kEventsIndex = "CREATE UNIQUE INDEX events_id ON events(id) WHERE id IS NOT NULL;";

const std::string kSchema =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);" + events_schema("events") + kEventsIndex;

// The columns read back, in the order read_row() takes them.
const char* const kColumns = "seq, kind, ask, pull, reward, rewards, late, id, target, note, at";

// `at` is UTC to the millisecond, "2026-11-28T16:45:12.345Z" (what the column's default
// writes too); as Unix seconds, the same double whether written or read back.
double seconds_of_millis(std::int64_t ms) { return static_cast<double>(ms / 1000) + static_cast<double>(ms % 1000) / 1000.0; }

std::string at_text(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return buffer;
}

double seconds_of_at(const unsigned char* text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, milli = 0;
  if (!text || std::sscanf(reinterpret_cast<const char*>(text), "%4d-%2d-%2dT%2d:%2d:%2d.%3d", &year, &month, &day,
                           &hour, &minute, &second, &milli) < 6)
    return 0.0;
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  return seconds_of_millis(static_cast<std::int64_t>(timegm(&tm)) * 1000 + milli);
}

std::string error_text(sqlite3* db) {
  std::string text = db ? sqlite3_errmsg(db) : "out of memory";
  if (db && sqlite3_system_errno(db) != 0 &&
      (sqlite3_errcode(db) == SQLITE_IOERR || sqlite3_errcode(db) == SQLITE_FULL ||
       sqlite3_errcode(db) == SQLITE_CANTOPEN))
    text += std::string(" (") + std::strerror(sqlite3_system_errno(db)) + ")";
  return text;
}

sqlite3* open_connection(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> connection(db, sqlite3_close);  // closed on a throw
  if (opened != SQLITE_OK) throw Error("cannot open study '" + path + "': " + error_text(db));
  sqlite3_busy_timeout(db, kBusyMilliseconds);
  sqlite3_extended_result_codes(db, 1);
  return connection.release();
}

void run(sqlite3* db, const char* sql, const std::string& path) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : error_text(db);
    sqlite3_free(message);
    throw Error("study '" + path + "': " + text);
  }
}

std::string join_indices(const std::vector<std::size_t>& arms) {
  std::string out;
  for (std::size_t i = 0; i < arms.size(); ++i) {
    if (i) out += ' ';
    append_number(out, static_cast<std::uint64_t>(arms[i]));
  }
  return out;
}

std::string join_numbers(const std::vector<double>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ' ';
    append_number(out, values[i]);
  }
  return out;
}

template <typename T>
std::vector<T> split_numbers(const unsigned char* text, const std::string& path, std::int64_t seq) {
  std::vector<T> out;
  if (!text) return out;
  const char* p = reinterpret_cast<const char*>(text);
  const char* end = p + std::strlen(p);
  while (p < end) {
    if (*p == ' ') {
      ++p;
      continue;
    }
    T value{};
    const auto result = std::from_chars(p, end, value);
    if (result.ec != std::errc())
      throw Error("study '" + path + "': event " + std::to_string(seq) + " holds an unreadable list");
    out.push_back(value);
    p = result.ptr;
  }
  return out;
}

}  // namespace

const char* to_string(Event::Kind kind) {
  switch (kind) {
    case Event::Kind::Ask: return "ask";
    case Event::Kind::Tell: return "tell";
    case Event::Kind::Cancel: return "cancel";
    case Event::Kind::Void: return "void";
  }
  return "?";
}

struct StudyFile::Statements {
  sqlite3_stmt* insert = nullptr;
  sqlite3_stmt* select = nullptr;
  sqlite3_stmt* one = nullptr;
  sqlite3_stmt* voids = nullptr;
  ~Statements() {
    sqlite3_finalize(insert);
    sqlite3_finalize(select);
    sqlite3_finalize(one);
    sqlite3_finalize(voids);
  }
};

void StudyFile::create(const std::string& path, const StudyMeta& meta) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(path, ec)))
    throw Error("'" + path + "' already exists (a study is created once; use cpex study ask/tell/status on it)");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw Error("cannot create study '" + path + "': no directory '" + parent.string() + "'");
  const std::string temporary = path + ".new-" + std::to_string(::getpid());
  fs::remove(temporary, ec);
  {
    sqlite3* db = open_connection(temporary, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    struct Closer {
      sqlite3* db;
      ~Closer() { sqlite3_close(db); }
    } closer{db};
    try {
      run(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; BEGIN;", path);
      run(db, kSchema.c_str(), path);
      sqlite3_stmt* stmt = nullptr;
      sqlite3_prepare_v2(db, "INSERT INTO meta(key, value) VALUES (?, ?)", -1, &stmt, nullptr);
      for (const auto& [key, value] : meta) {
        sqlite3_bind_text(stmt, 1, key.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, value.c_str(), -1, SQLITE_TRANSIENT);
        const int rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
        if (rc != SQLITE_DONE) {
          sqlite3_finalize(stmt);
          throw Error("cannot write study '" + path + "': " + error_text(db));
        }
      }
      sqlite3_finalize(stmt);
      run(db, "COMMIT", path);
    } catch (...) {
      fs::remove(temporary, ec);
      throw;
    }
  }
  // Linked in place only when whole: a kill before this leaves no study (only the
  // temporary file); link() refuses to replace a file that appeared meanwhile.
  if (::link(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    fs::remove(temporary, ec);
    throw Error("cannot create study '" + path + "': " + std::strerror(error));
  }
  fs::remove(temporary, ec);
}

StudyFile::StudyFile(const std::string& path) : path_(path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) throw Error("no study at '" + path + "' (create one with cpex study new)");
  if (!fs::is_regular_file(status)) throw Error("'" + path + "' is not a CPEx study (not a regular file)");
  db_ = open_connection(path, SQLITE_OPEN_READWRITE);
  try {
    auto keep = [](void* meta, int, char** values, char**) {
      (*static_cast<StudyMeta*>(meta))[values[0] ? values[0] : ""] = values[1] ? values[1] : "";
      return 0;
    };
    if (sqlite3_exec(db_, "SELECT key, value FROM meta", keep, &meta_, nullptr) != SQLITE_OK)
      throw Error("'" + path + "' is not a CPEx study (" + error_text(db_) + ")");
    if (meta_["format"] == "cpex-results")
      throw Error("'" + path + "' is a CPEx results store, not a study (cpex report reads it)");
    if (meta_["format"] != kStudyFormat)
      throw Error("'" + path + "' is not a CPEx study (no meta.format = " + kStudyFormat + ")");
    run(db_, "PRAGMA synchronous = FULL", path);
    if (meta_["version"] == "1") migrate_from_version_1();
    if (meta_["version"] != kStudyVersion)
      throw Error("study '" + path + "' has format version " + meta_["version"] +
                  ", and this CPEx reads version " + kStudyVersion);
    statements_ = new Statements;
    const std::string select = std::string("SELECT ") + kColumns + " FROM events WHERE seq > ? ORDER BY seq LIMIT ?";
    const std::string one = std::string("SELECT ") + kColumns + " FROM events WHERE seq = ?";
    if (sqlite3_prepare_v2(db_,
                           "INSERT INTO events(kind, ask, pull, reward, rewards, late, id, target, note, at) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &statements_->insert, nullptr) != SQLITE_OK ||
        sqlite3_prepare_v2(db_, select.c_str(), -1, &statements_->select, nullptr) != SQLITE_OK ||
        sqlite3_prepare_v2(db_, one.c_str(), -1, &statements_->one, nullptr) != SQLITE_OK ||
        sqlite3_prepare_v2(db_, "SELECT target FROM events WHERE kind = 'void' ORDER BY seq", -1,
                           &statements_->voids, nullptr) != SQLITE_OK)
      throw Error("'" + path + "' is not a CPEx study (" + error_text(db_) + ")");
  } catch (...) {
    delete statements_;
    sqlite3_close(db_);
    throw;
  }
}

StudyFile::~StudyFile() {
  delete statements_;
  sqlite3_close(db_);
}

void StudyFile::exec(const char* sql) { run(db_, sql, path_); }

// Version 1 had no voids, ids or notes: its log is copied into a table of version 2 in one
// transaction (another process may have migrated it meanwhile: the version is read again).
void StudyFile::migrate_from_version_1() {
  exec("BEGIN IMMEDIATE");
  try {
    std::string version;
    auto keep = [](void* out, int, char** values, char**) {
      *static_cast<std::string*>(out) = values[0] ? values[0] : "";
      return 0;
    };
    sqlite3_exec(db_, "SELECT value FROM meta WHERE key = 'version'", keep, &version, nullptr);
    if (version == "1") {
      exec(events_schema("events_v2").c_str());
      exec("INSERT INTO events_v2(seq, kind, ask, pull, reward, rewards, late, at) "
           "SELECT seq, kind, ask, pull, reward, rewards, late, at FROM events;"
           "DROP TABLE events; ALTER TABLE events_v2 RENAME TO events;");
      exec(kEventsIndex);
      exec("UPDATE meta SET value = '2' WHERE key = 'version'");
    }
    exec("COMMIT");
    meta_["version"] = kStudyVersion;
  } catch (...) {
    rollback();
    throw;
  }
}

void StudyFile::begin_write() { exec("BEGIN IMMEDIATE"); }
void StudyFile::begin_read() { exec("BEGIN"); }
void StudyFile::commit() { exec("COMMIT"); }
void StudyFile::rollback() noexcept {
  if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

Event StudyFile::read_row(sqlite3_stmt* stmt) {
  Event event;
  event.seq = sqlite3_column_int64(stmt, 0);
  const std::string kind = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1));
  event.kind = kind == "ask"    ? Event::Kind::Ask
               : kind == "tell" ? Event::Kind::Tell
               : kind == "void" ? Event::Kind::Void
                                : Event::Kind::Cancel;
  event.ask = static_cast<std::uint64_t>(sqlite3_column_int64(stmt, 2));
  event.pull.arms = split_numbers<std::size_t>(sqlite3_column_text(stmt, 3), path_, event.seq);
  event.reading.reward = sqlite3_column_double(stmt, 4);
  event.reading.per_arm = split_numbers<double>(sqlite3_column_text(stmt, 5), path_, event.seq);
  event.late = sqlite3_column_int(stmt, 6) != 0;
  if (const unsigned char* id = sqlite3_column_text(stmt, 7)) event.id = reinterpret_cast<const char*>(id);
  event.target = sqlite3_column_int64(stmt, 8);
  if (const unsigned char* note = sqlite3_column_text(stmt, 9)) event.note = reinterpret_cast<const char*>(note);
  event.time = seconds_of_at(sqlite3_column_text(stmt, 10));
  return event;
}

std::int64_t StudyFile::read_events(std::int64_t after, const std::function<void(const Event&)>& apply,
                                    std::int64_t limit) {
  sqlite3_stmt* stmt = statements_->select;
  sqlite3_reset(stmt);
  sqlite3_bind_int64(stmt, 1, after);
  sqlite3_bind_int64(stmt, 2, limit);
  std::int64_t last = after;
  int rc;
  try {
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      const Event event = read_row(stmt);
      last = event.seq;
      apply(event);
    }
  } catch (...) {
    sqlite3_reset(stmt);
    throw;
  }
  const bool ok = rc == SQLITE_DONE;
  sqlite3_reset(stmt);
  if (!ok) throw Error("cannot read study '" + path_ + "': " + error_text(db_));
  return last;
}

std::vector<std::int64_t> StudyFile::voided() {
  sqlite3_stmt* stmt = statements_->voids;
  sqlite3_reset(stmt);
  std::vector<std::int64_t> out;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) out.push_back(sqlite3_column_int64(stmt, 0));
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) throw Error("cannot read study '" + path_ + "': " + error_text(db_));
  return out;
}

std::optional<Event> StudyFile::event_at(std::int64_t seq) {
  sqlite3_stmt* stmt = statements_->one;
  sqlite3_reset(stmt);
  sqlite3_bind_int64(stmt, 1, seq);
  std::optional<Event> out;
  const int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) out = read_row(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw Error("cannot read study '" + path_ + "': " + error_text(db_));
  return out;
}

double StudyFile::now() {
  return seconds_of_millis(std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count());
}

std::int64_t StudyFile::append(const Event& event) {
  const auto millis = static_cast<std::int64_t>(std::llround(event.time * 1000.0));
  sqlite3_stmt* stmt = statements_->insert;
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  sqlite3_bind_text(stmt, 1, to_string(event.kind), -1, SQLITE_STATIC);
  sqlite3_bind_int64(stmt, 2, static_cast<sqlite3_int64>(event.ask));
  const bool with_pull = event.kind == Event::Kind::Ask || (event.kind == Event::Kind::Tell && event.ask == 0);
  const std::string pull = join_indices(event.pull.arms);
  if (with_pull) sqlite3_bind_text(stmt, 3, pull.c_str(), -1, SQLITE_TRANSIENT);
  const std::string rewards = join_numbers(event.reading.per_arm);
  if (event.kind == Event::Kind::Tell) {
    sqlite3_bind_double(stmt, 4, event.reading.reward);
    if (!event.reading.per_arm.empty()) sqlite3_bind_text(stmt, 5, rewards.c_str(), -1, SQLITE_TRANSIENT);
  }
  sqlite3_bind_int(stmt, 6, event.late ? 1 : 0);
  if (!event.id.empty()) sqlite3_bind_text(stmt, 7, event.id.c_str(), -1, SQLITE_TRANSIENT);
  if (event.kind == Event::Kind::Void) sqlite3_bind_int64(stmt, 8, event.target);
  if (!event.note.empty()) sqlite3_bind_text(stmt, 9, event.note.c_str(), -1, SQLITE_TRANSIENT);
  const std::string at = at_text(millis);
  sqlite3_bind_text(stmt, 10, at.c_str(), -1, SQLITE_TRANSIENT);
  const int rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) throw Error("cannot write study '" + path_ + "': " + error_text(db_));
  return sqlite3_last_insert_rowid(db_);
}

}  // namespace cpex::runtime::study
