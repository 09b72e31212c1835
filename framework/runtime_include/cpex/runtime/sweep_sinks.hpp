// Result sinks of the host: per-point summary accumulators and the progress line.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "cpex/report/stats.hpp"
#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/progress_eta.hpp"

namespace cpex::inline runtime {

// One SummaryAccumulator per sweep point; remembers the first failed run.
class SummarySink : public ResultSink {
 public:
  explicit SummarySink(std::size_t point_count) : points(point_count) {}
  void write(const RunRecord& record, const Job& job) override;
  std::vector<SummaryAccumulator> points;
  std::uint64_t failed = 0;
  std::string first_failure;  // "run N (algorithm 'x', repetition r): message"
};

// "done/total runs, runs/s, ETA" on stderr, rewritten in place at most 4 times a second;
// the rate and the ETA are those of the recent pace (progress_eta.hpp).
class ProgressMeter : public ResultSink {
 public:
  ProgressMeter(std::uint64_t total, bool enabled);
  ~ProgressMeter() override;
  void write(const RunRecord& record, const Job& job) override;
  void finish();  // final line and newline (once)

 private:
  void draw();
  std::uint64_t total_, done_ = 0;
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_;
  EtaEstimator eta_;  // runs/s and ETA from the recent pace (progress_eta.hpp)
};

}  // namespace cpex::runtime
