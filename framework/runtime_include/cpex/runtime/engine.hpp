// The run engine: runs the jobs of a sweep in parallel with oneTBB (a parallel_pipeline:
// a serial stage generates run ids lazily, a parallel stage runs them, a serial in-order
// stage hands each record to the result sinks strictly in run-id order). Jobs are never
// stored: a sweep of 10^12 runs costs no memory up front, and at most `window` records
// are in flight or waiting for delivery. Output does not depend on the thread count. A run
// that throws becomes a record with stop == Error and the sweep goes on.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "cpex/results/result_sink.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

// Jobs by run id. Consecutive ids may form groups of group() jobs ([g * group(), (g + 1) *
// group())) that one execution answers together: the checkpoints of one repetition
// (run_checkpoints), each its own row.
class JobSource {
 public:
  virtual ~JobSource() = default;
  virtual std::uint64_t size() const = 0;
  virtual Job job(std::uint64_t run_id) const = 0;
  virtual std::uint64_t group() const { return 1; }
};

// The jobs of a sweep, made on demand: run id = point * repetitions + repetition (points
// in sweep order, then repetitions). Every point has the pipeline's run.repetitions.
// With [run] checkpoints (C of them) the points are the sweep's points times the
// checkpoints (point = base * C + checkpoint) and the run id is (base * repetitions +
// repetition) * C + checkpoint: the C rows of one repetition are one group.
class JobSpace : public JobSource {
 public:
  // ConfigError if points x repetitions does not fit in 64 bits.
  JobSpace(const std::vector<Pipeline>& pipelines, const std::vector<SweepPoint>& points);
  std::uint64_t size() const override { return size_; }
  std::uint64_t repetitions() const { return repetitions_; }
  Job job(std::uint64_t run_id) const override;
  std::uint64_t group() const override { return group_; }

 private:
  const std::vector<Pipeline>* pipelines_;
  const std::vector<SweepPoint>* points_;
  std::uint64_t repetitions_ = 0;
  std::uint64_t size_ = 0;
  std::uint64_t group_ = 1;
};

// The run ids this process runs: those with id % shard_count == shard_index, except the
// ids in `done` (sorted ascending; the runs a resumed store already holds).
// With groups (JobSource::group > 1, set here as `group`), a whole group goes to one shard:
// id is selected when (id / group) % shard_count == shard_index.
struct RunSelection {
  std::uint64_t shard_index = 0;
  std::uint64_t shard_count = 1;
  std::vector<std::uint64_t> done;
  std::uint64_t group = 1;
  // Whether run id `id` belongs to this shard (done or not).
  bool in_shard(std::uint64_t id) const { return (id / group) % shard_count == shard_index; }
  // How many ids of [0, total) are selected.
  std::uint64_t count(std::uint64_t total) const;
};

struct EngineOptions {
  int threads = 0;  // 0: all cores
  // When set (e.g. by SIGINT): no run starts any more and running runs are abandoned
  // (not delivered); run_sweep returns with `interrupted`.
  const std::atomic<bool>* stop = nullptr;
  std::size_t window = 0;  // records in flight or awaiting delivery; 0: 64 per thread
};

struct EngineReport {
  std::uint64_t delivered = 0;  // records handed to the sink
  std::uint64_t failed = 0;     // of which stop == Error
  bool interrupted = false;
};

EngineReport run_sweep(const JobSource& jobs, const RunSelection& selection,
                       const EngineOptions& options, ResultSink& sink);

// For tests and small programs: every (point, repetition) job as a list, point-major.
std::vector<Job> make_jobs(const std::vector<Pipeline>& pipelines,
                           const std::vector<SweepPoint>& points);

// Runs a job list; returns the records in run-id order (also handed to `sink` if given).
// Failed runs are records with stop == Error.
std::vector<RunRecord> execute(const std::vector<Job>& jobs, const EngineOptions& options,
                               ResultSink* sink);

}  // namespace cpex::runtime
