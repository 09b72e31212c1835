// Where finished runs go: a Job names a run (its pipeline, its sweep point, its repetition)
// and a ResultSink receives each run's record with its job, in run-id order. The store, the
// CSV writer, summaries and progress are sinks. The pipeline and the point are the
// runtime's; the cells of a row that every run of a point shares are read through the
// functions below (defined by the runtime), so this layer and the store need nothing of it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cpex/results/run_result.hpp"

namespace cpex::inline runtime {

struct Pipeline;
struct SweepPoint;

struct Job {
  const Pipeline* pipeline = nullptr;
  const SweepPoint* point = nullptr;
  std::uint64_t repetition = 0;
};

// The point-scope cells of a job's row (result_columns.def), as references into the
// pipeline and the sweep point, which live as long as the sweep: the store binds such a
// value once per statement, by its address.
const std::size_t& point_index(const Job& job);
const std::string& algorithm_name(const Job& job);
const std::string& environment_name(const Job& job);
const std::string& oracle_name(const Job& job);
const std::uint64_t& run_seed(const Job& job);
// The point's sweep-axis values, ("section.key", value), in axis order.
const std::vector<std::pair<std::string, std::string>>& axis_values(const Job& job);

// Receives records in run-id order, one call at a time. An exception thrown by a sink
// (e.g. a write error) ends the sweep and propagates to the caller.
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  virtual void write(const RunRecord& record, const Job& job) = 0;
};

// Hands every record to several sinks, in order.
class SinkList : public ResultSink {
 public:
  void add(ResultSink* sink) { sinks_.push_back(sink); }
  void write(const RunRecord& record, const Job& job) override {
    for (ResultSink* sink : sinks_) sink->write(record, job);
  }

 private:
  std::vector<ResultSink*> sinks_;
};

}  // namespace cpex::runtime
