// The run engine: executes every (sweep point, repetition) job in parallel with oneTBB,
// each writing its record into its own slot, and hands finished records to the result
// sinks strictly in run-id order as soon as all earlier runs are done. Output therefore
// does not depend on the thread count, and a failure keeps every record already written.
#pragma once

#include <cstdint>
#include <vector>

#include "cpex/pipeline.hpp"
#include "cpex/run.hpp"
#include "cpex/sweep.hpp"

namespace cpex {

struct Job {
  const Pipeline* pipeline = nullptr;
  const SweepPoint* point = nullptr;
  std::uint64_t repetition = 0;
};

// Receives records in run-id order, one call at a time.
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

// Jobs for each point's repetitions, point-major; run ids are the positions in this list.
std::vector<Job> make_jobs(const std::vector<Pipeline>& pipelines,
                           const std::vector<SweepPoint>& points);

struct EngineOptions {
  int threads = 0;  // 0: all cores
};

// Run every job. When a run fails, the runs after it are skipped, the runs before it still
// complete (so the sinks receive every record that precedes the failure, for any thread
// count), and RunError names the first failing run and the cause.
// Trace rows are dropped from the records once the sink has had them.
std::vector<RunRecord> execute(const std::vector<Job>& jobs, const EngineOptions& options,
                               ResultSink* sink);

}  // namespace cpex
