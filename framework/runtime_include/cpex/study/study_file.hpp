// The study file: one SQLite database (WAL journal, synchronous = FULL) holding the meta
// (format, version, the pipeline text, arm names, the batch policy, ...) and the log — every
// ask, tell and cancel in order. A write is one transaction begun with BEGIN IMMEDIATE, so
// concurrent writers (two `tell` processes, `serve` and a `tell`) are serialized by SQLite
// and an acknowledged write survives a kill of the process at any instant. Schema and
// meaning of every column: docs/studies.md, "The study file".
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>
#include <string>

#include "cpex/study/driver.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace cpex::inline runtime::study {

inline constexpr const char* kStudyFormat = "cpex-study";
// Version 2 added voids, client ids and notes; a version-1 file is migrated when opened.
inline constexpr const char* kStudyVersion = "2";

// One line of the log.
struct Event {
  enum class Kind { Ask, Tell, Cancel, Void };
  std::int64_t seq = 0;   // order in the log, from 1
  Kind kind = Kind::Ask;
  std::uint64_t ask = 0;  // ask: its number; tell, cancel: the ask answered (0: an unasked tell)
  Pull pull;              // ask, and a tell nobody asked for
  Reading reading;        // tell
  bool late = false;      // tell: after the study ended (recorded, not used)
  std::string id;         // tell: the client's id, which makes a retry idempotent ("": none)
  std::int64_t target = 0;  // void: the seq of the tell it retracts
  std::string note;       // cancel: "timeout" for a pending-timeout; void: the reason given
  double time = 0.0;      // when it was written (Unix seconds, to the millisecond: `at`)
};
const char* to_string(Event::Kind kind);

using StudyMeta = std::map<std::string, std::string>;

class StudyFile {
 public:
  // Writes a new study at `path` with `meta` and an empty log; the file appears whole or
  // not at all (written beside it, then linked in place). Error if `path` exists.
  static void create(const std::string& path, const StudyMeta& meta);

  // Opens a study; Error naming the file if it is missing, not a CPEx study, or of another
  // format version (version 1 is migrated to 2 in one transaction).
  explicit StudyFile(const std::string& path);
  ~StudyFile();
  StudyFile(const StudyFile&) = delete;
  StudyFile& operator=(const StudyFile&) = delete;

  const std::string& path() const { return path_; }
  const StudyMeta& meta() const { return meta_; }

  // A write transaction: BEGIN IMMEDIATE (waits up to a minute for another writer).
  void begin_write();
  // A read transaction (a consistent snapshot of the log).
  void begin_read();
  void commit();
  void rollback() noexcept;

  // Calls `apply` for every event after `after`, in order (at most `limit`); returns the
  // last seq seen.
  std::int64_t read_events(std::int64_t after, const std::function<void(const Event&)>& apply,
                           std::int64_t limit = -1);
  // Appends an event (inside a write transaction), written at event.time (now()); returns
  // its seq.
  std::int64_t append(const Event& event);
  // The time now as an event's time (Unix seconds, to the millisecond).
  static double now();
  // The seqs of the tells voided so far (inside a transaction).
  std::vector<std::int64_t> voided();
  // The event `seq`, if there is one (inside a transaction).
  std::optional<Event> event_at(std::int64_t seq);

 private:
  void exec(const char* sql);
  void migrate_from_version_1();
  Event read_row(sqlite3_stmt* stmt);
  std::string path_;
  sqlite3* db_ = nullptr;
  StudyMeta meta_;
  struct Statements;
  Statements* statements_ = nullptr;
};

}  // namespace cpex::runtime::study
