// CSV export of run records (one row per run, columns as in docs/results.md) and of the
// values algorithms emit through the trace hook.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "cpex/engine.hpp"

namespace cpex {

class CsvResultWriter : public ResultSink {
 public:
  // Opens (truncates) `path` and writes the header; `varied_keys` become columns after
  // `point`. Throws Error if the file cannot be written.
  CsvResultWriter(const std::string& path, const std::vector<std::string>& varied_keys);

  // Writes one row and flushes it, so rows written survive a later failure.
  void write(const RunRecord& record, const Job& job) override;

 private:
  std::string path_;
  std::ofstream out_;
};

// The trace file: one row per value an algorithm emitted, in run order:
// run_id, point, repetition, sample, name, value.
class CsvTraceWriter : public ResultSink {
 public:
  explicit CsvTraceWriter(const std::string& path);
  void write(const RunRecord& record, const Job& job) override;

 private:
  std::string path_;
  std::ofstream out_;
};

// RFC 4180 quoting: the field as is, or in double quotes with quotes doubled.
std::string csv_field(const std::string& text);

}  // namespace cpex
