// CSV export of run records (one row per run, columns as in docs/results.md) and of the
// values algorithms emit through the trace hook. Every row goes to the file with one
// write(2) of the whole row; a reader treats a last line without its newline as torn
// (possible only if the process was killed mid-write) and skips it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cpex/results/result_sink.hpp"
#include "cpex/store/output_lock.hpp"

namespace cpex::inline runtime {

// An output file opened for appending whole rows with single write(2) calls, locked
// (OutputLock) for the object's lifetime.
class RowFile {
 public:
  // Locks, then creates or truncates `path`; Error naming `what` and the path on failure
  // (another writer holds it, not a regular file, cannot be written).
  // Not copyable (it holds the lock and the descriptor).
  RowFile(const std::string& path, const std::string& what);
  ~RowFile();
  // Writes `text` whole; Error "writing <what> '<path>' failed: <reason>" on failure.
  void write(const std::string& text);

 private:
  std::string path_, what_;
  OutputLock lock_;
  int fd_ = -1;
};

// The CSV header line (with its newline) for the given sweep-axis keys.
std::string csv_header(const std::vector<std::string>& varied_keys);
// One CSV row (with its newline): the point's values, then the record.
std::string csv_row(const RunRecord& record, const Job& job);

class CsvResultWriter : public ResultSink {
 public:
  // Opens (truncates) `path` and writes the header; `varied_keys` become columns after
  // `point`. Throws Error if the file cannot be written.
  CsvResultWriter(const std::string& path, const std::vector<std::string>& varied_keys);

  // Writes one row with a single write(2), so rows written survive a later failure.
  void write(const RunRecord& record, const Job& job) override;

 private:
  RowFile file_;
};

// The trace file: one row per value an algorithm emitted, in run order:
// run_id, point, repetition, sample, name, value.
class CsvTraceWriter : public ResultSink {
 public:
  explicit CsvTraceWriter(const std::string& path);
  void write(const RunRecord& record, const Job& job) override;

 private:
  RowFile file_;
};

// RFC 4180 quoting: the field as is, or in double quotes with quotes doubled.
std::string csv_field(const std::string& text);
void append_csv_field(std::string& out, std::string_view text);

}  // namespace cpex::runtime
