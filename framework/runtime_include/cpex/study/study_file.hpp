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
#include <string>

#include "cpex/study/driver.hpp"

struct sqlite3;

namespace cpex::inline runtime::study {

inline constexpr const char* kStudyFormat = "cpex-study";
inline constexpr const char* kStudyVersion = "1";

// One line of the log.
struct Event {
  enum class Kind { Ask, Tell, Cancel };
  std::int64_t seq = 0;   // order in the log, from 1
  Kind kind = Kind::Ask;
  std::uint64_t ask = 0;  // ask: its number; tell, cancel: the ask answered (0: an unasked tell)
  Pull pull;              // ask, and a tell nobody asked for
  Reading reading;        // tell
  bool late = false;      // tell: after the study ended (recorded, not used)
};

using StudyMeta = std::map<std::string, std::string>;

class StudyFile {
 public:
  // Writes a new study at `path` with `meta` and an empty log; the file appears whole or
  // not at all (written beside it, then linked in place). Error if `path` exists.
  static void create(const std::string& path, const StudyMeta& meta);

  // Opens a study; Error naming the file if it is missing, not a CPEx study, or of another
  // format version.
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

  // Calls `apply` for every event after `after`, in order; returns the last seq seen.
  std::int64_t read_events(std::int64_t after, const std::function<void(const Event&)>& apply);
  // Appends an event (inside a write transaction); returns its seq.
  std::int64_t append(const Event& event);

 private:
  void exec(const char* sql);
  std::string path_;
  sqlite3* db_ = nullptr;
  StudyMeta meta_;
  struct Statements;
  Statements* statements_ = nullptr;
};

}  // namespace cpex::runtime::study
