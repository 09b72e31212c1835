// CSV result rows, written whole with one write(2) each.
#include "cpex/results_csv.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/record_format.hpp"

namespace cpex {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

RowFile::RowFile(const std::string& path, const std::string& what) : path_(path), what_(what) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw Error("cannot write " + what + " '" + path + "': " + std::strerror(errno));
}

RowFile::~RowFile() {
  if (fd_ >= 0) ::close(fd_);
}

void RowFile::write(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw Error("writing " + what_ + " '" + path_ + "' failed: " +
                  (n < 0 ? std::strerror(errno) : "nothing written"));
    done += static_cast<std::size_t>(n);
  }
}

std::string csv_header(const std::vector<std::string>& varied_keys) {
  std::string header = "run_id,point";
  for (const auto& key : varied_keys) header += ',' + csv_field(key);
  return header +
         ",algorithm,environment,oracle,repetition,seed,samples,stopped,recommendation,"
         "correct,wall_time_s,resolved,pulls,status,error\n";
}

std::string csv_row(const RunRecord& r, const Job& job) {
  const bool failed = r.stop == StopReason::Error;
  std::string row;
  append_number(row, r.run_id);
  row += ',';
  append_number(row, static_cast<std::uint64_t>(r.point));
  for (const auto& [key, value] : job.point->values) (row += ',') += csv_field(value);
  (row += ',') += job.pipeline->algorithm->name;
  (row += ',') += job.pipeline->environment->name;
  (row += ',') += job.pipeline->oracles.front().entry->name;
  row += ',';
  append_number(row, r.repetition);
  row += ',';
  append_number(row, job.pipeline->run.seed);
  row += ',';
  if (!failed) append_number(row, r.samples);
  (row += ',') += stopped_text(r.stop);
  (row += ',') += csv_field(r.recommendation);
  row += ',';
  if (!failed) row += r.correct ? '1' : '0';
  row += ',';
  append_number(row, r.wall_seconds);
  (row += ',') += csv_field(r.resolved);
  (row += ',') += r.pulls;
  (row += ',') += status_text(r.stop);
  (row += ',') += csv_field(r.error);
  row += '\n';
  return row;
}

CsvResultWriter::CsvResultWriter(const std::string& path,
                                 const std::vector<std::string>& varied_keys)
    : file_(path, "results file") {
  file_.write(csv_header(varied_keys));
}

void CsvResultWriter::write(const RunRecord& r, const Job& job) { file_.write(csv_row(r, job)); }

CsvTraceWriter::CsvTraceWriter(const std::string& path) : file_(path, "trace file") {
  file_.write("run_id,point,repetition,sample,name,value\n");
}

void CsvTraceWriter::write(const RunRecord& r, const Job&) {
  if (r.trace.empty()) return;
  std::string rows;
  for (const TraceRow& t : r.trace) {
    append_number(rows, r.run_id);
    rows += ',';
    append_number(rows, static_cast<std::uint64_t>(r.point));
    rows += ',';
    append_number(rows, r.repetition);
    rows += ',';
    append_number(rows, t.sample);
    (rows += ',') += csv_field(t.name);
    rows += ',';
    append_number(rows, t.value);
    rows += '\n';
  }
  file_.write(rows);
}

}  // namespace cpex
