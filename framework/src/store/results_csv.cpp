// CSV result rows, written whole with one write(2) each.
#include "cpex/store/results_csv.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/record_format.hpp"

namespace cpex {

void append_csv_field(std::string& out, std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string csv_field(const std::string& text) {
  std::string out;
  append_csv_field(out, text);
  return out;
}

RowFile::RowFile(const std::string& path, const std::string& what)
    : path_(path), what_(what), lock_(path, what) {
  // O_NONBLOCK: a FIFO (even one swapped in after the caller's checks) cannot block the
  // open; anything but a regular file is refused before it is truncated.
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw Error("cannot write " + what + " '" + path + "': " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    throw Error(what + " '" + path + "' is not a regular file but " + describe_file_type(info.st_mode));
  }
  if (::fcntl(fd_, F_SETFL, 0) != 0 || ::ftruncate(fd_, 0) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw Error("cannot write " + what + " '" + path + "': " + reason);
  }
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
         "correct,optimal,wall_time_s,resolved,pulls,status,error\n";
}

std::string csv_row(const RunRecord& r, const Job& job) {
  const bool failed = r.stop == StopReason::Error;
  std::string row;
  row.reserve(160 + r.resolved.size() + r.pulls.size() + r.error.size());
  append_number(row, r.run_id);
  row += ',';
  append_number(row, static_cast<std::uint64_t>(r.point));
  for (const auto& [key, value] : job.point->values) append_csv_field(row += ',', value);
  (row += ',') += job.pipeline->algorithm_name;
  (row += ',') += job.pipeline->environment->name;
  (row += ',') += job.pipeline->oracles.front().entry->name;
  row += ',';
  append_number(row, r.repetition);
  row += ',';
  append_number(row, job.pipeline->run.seed);
  row += ',';
  if (!failed) append_number(row, r.samples);
  (row += ',') += stopped_text(r.stop);
  append_csv_field(row += ',', r.recommendation);
  row += ',';
  if (!failed) row += r.correct ? '1' : '0';
  row += ',';
  if (!failed) row += r.optimal ? '1' : '0';
  row += ',';
  append_number(row, r.wall_seconds);
  append_csv_field(row += ',', r.resolved);
  (row += ',') += r.pulls;
  (row += ',') += status_text(r.stop);
  append_csv_field(row += ',', r.error);
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
    append_csv_field(rows += ',', t.name);
    rows += ',';
    append_number(rows, t.value);
    rows += '\n';
  }
  file_.write(rows);
}

}  // namespace cpex
