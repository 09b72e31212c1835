// CSV result rows, written whole with one write(2) each.
#include "cpex/store/results_csv.hpp"

#include <cmath>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/results/record_format.hpp"
#include "cpex/results/result_columns.hpp"

namespace cpex::inline runtime {

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
  std::string header;
  for (const std::string& name : result_column_names(varied_keys))
    append_csv_field(header += header.empty() ? "" : ",", name);
  return header + '\n';
}

namespace {

void append_csv_cell(std::string& row, const ResultCell& cell) {
  switch (cell.kind) {
    case ResultCell::Kind::Unsigned: append_number(row, cell.unsigned_value); break;
    case ResultCell::Kind::Signed: append_number(row, cell.signed_value); break;
    case ResultCell::Kind::Real:  // NaN: an empty cell (unknown), as the store's NULL
      if (!std::isnan(cell.real)) append_number(row, cell.real);
      break;
    case ResultCell::Kind::Boolean: row += cell.flag ? '1' : '0'; break;
    case ResultCell::Kind::Text: append_csv_field(row, cell.text); break;
  }
}

}  // namespace

// The cells in the order of result_columns.def; a cell the row does not have (a failed
// run's answer, a finished run's error) is empty.
std::string csv_row(const RunRecord& r, const Job& job) {
  const bool failed = r.stop == StopReason::Error;
  std::string row;
  row.reserve(160 + r.resolved.size() + r.pulls.size() + r.error.size());
  bool first = true;
  auto next = [&]() -> std::string& {
    if (!first) row += ',';
    first = false;
    return row;
  };
#define CPEX_RESULT_AXES() \
  for (const auto& [key, value] : axis_values(job)) append_csv_field(next(), value);
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD) \
  next();                                                            \
  if (present(ColumnPresence::PRESENT, failed)) append_csv_cell(row, result_cell(VALUE));
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
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

}  // namespace cpex::runtime
