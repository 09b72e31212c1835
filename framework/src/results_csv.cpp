// CSV result rows.
#include "cpex/results_csv.hpp"

#include <sstream>

#include "cpex/errors.hpp"

namespace cpex {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

CsvResultWriter::CsvResultWriter(const std::string& path,
                                 const std::vector<std::string>& varied_keys)
    : path_(path), out_(path, std::ios::trunc) {
  if (!out_) throw Error("cannot write results file '" + path + "'");
  out_ << "run_id,point";
  for (const auto& key : varied_keys) out_ << ',' << csv_field(key);
  out_ << ",algorithm,environment,oracle,repetition,seed,samples,stopped,recommendation,"
          "correct,wall_time_s,resolved,pulls\n";
  out_.flush();
}

void CsvResultWriter::write(const RunRecord& r, const Job& job) {
  std::ostringstream row;
  row.precision(9);
  row << r.run_id << ',' << r.point;
  for (const auto& [key, value] : job.point->values) row << ',' << csv_field(value);
  row << ',' << job.pipeline->algorithm->name << ',' << job.pipeline->environment->name << ','
      << job.pipeline->oracles.front().entry->name << ',' << r.repetition << ','
      << job.pipeline->run.seed << ',' << r.samples << ','
      << (r.stopped ? "rule" : "max-samples") << ',' << csv_field(r.recommendation) << ','
      << (r.correct ? 1 : 0) << ',' << r.wall_seconds << ',' << csv_field(r.resolved) << ','
      << r.pulls << '\n';
  out_ << row.str();
  out_.flush();
  if (!out_) throw Error("writing results file '" + path_ + "' failed");
}

CsvTraceWriter::CsvTraceWriter(const std::string& path) : path_(path), out_(path, std::ios::trunc) {
  if (!out_) throw Error("cannot write trace file '" + path + "'");
  out_ << "run_id,point,repetition,sample,name,value\n";
  out_.flush();
}

void CsvTraceWriter::write(const RunRecord& r, const Job&) {
  std::ostringstream rows;
  rows.precision(12);
  for (const TraceRow& t : r.trace)
    rows << r.run_id << ',' << r.point << ',' << r.repetition << ',' << t.sample << ','
         << csv_field(t.name) << ',' << t.value << '\n';
  out_ << rows.str();
  out_.flush();
  if (!out_) throw Error("writing trace file '" + path_ + "' failed");
}

}  // namespace cpex
