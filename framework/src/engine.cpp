// Parallel execution of runs with ordered delivery of their records.
#include "cpex/engine.hpp"

#include <atomic>
#include <limits>
#include <mutex>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "cpex/errors.hpp"

namespace cpex {

std::vector<Job> make_jobs(const std::vector<Pipeline>& pipelines,
                           const std::vector<SweepPoint>& points) {
  std::vector<Job> jobs;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::int64_t r = 0; r < pipelines[i].run.repetitions; ++r)
      jobs.push_back({&pipelines[i], &points[i], static_cast<std::uint64_t>(r)});
  return jobs;
}

namespace {

// Collects finished records and releases them to the sink in run-id order.
class OrderedDelivery {
 public:
  OrderedDelivery(const std::vector<Job>& jobs, ResultSink* sink)
      : jobs_(jobs), sink_(sink), slots_(jobs.size()) {}

  void finish(std::size_t id, RunRecord record) {
    std::lock_guard lock(mutex_);
    slots_[id] = std::move(record);
    while (next_ < slots_.size() && slots_[next_]) {
      if (sink_) sink_->write(*slots_[next_], jobs_[next_]);
      std::vector<TraceRow>().swap(slots_[next_]->trace);  // written; free the memory
      ++next_;
    }
  }

  std::vector<RunRecord> take() {
    std::vector<RunRecord> out;
    out.reserve(slots_.size());
    for (auto& slot : slots_) out.push_back(std::move(*slot));
    return out;
  }

 private:
  const std::vector<Job>& jobs_;
  ResultSink* sink_;
  std::vector<std::optional<RunRecord>> slots_;
  std::size_t next_ = 0;
  std::mutex mutex_;
};

}  // namespace

std::vector<RunRecord> execute(const std::vector<Job>& jobs, const EngineOptions& options,
                               ResultSink* sink) {
  std::optional<tbb::global_control> cap;
  if (options.threads > 0)
    cap.emplace(tbb::global_control::max_allowed_parallelism,
                static_cast<std::size_t>(options.threads));

  OrderedDelivery delivery(jobs, sink);
  // The lowest failing run id. Runs after it are skipped; runs before it still complete,
  // so the sinks receive every record that precedes the failure, whatever the scheduling.
  std::atomic<std::size_t> first_failure{std::numeric_limits<std::size_t>::max()};
  std::mutex error_mutex;
  std::optional<std::pair<std::size_t, std::string>> failure;
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, jobs.size(), 1),
      [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t id = range.begin(); id != range.end(); ++id) {
          if (id > first_failure.load()) return;
          const Job& job = jobs[id];
          try {
            const RunSeed seed{job.pipeline->run.seed, job.point->stream_key, job.repetition};
            RunRecord record = run_once(*job.pipeline, seed);
            record.run_id = id;
            record.point = job.point->index;
            delivery.finish(id, std::move(record));
          } catch (const std::exception& e) {
            std::lock_guard lock(error_mutex);
            if (!failure || id < failure->first) {
              failure.emplace(id, e.what());
              first_failure.store(id);
            }
            return;
          }
        }
      },
      tbb::simple_partitioner());

  if (failure)
    throw RunError("run " + std::to_string(failure->first) + " (algorithm '" +
                   jobs[failure->first].pipeline->algorithm->name + "', repetition " +
                   std::to_string(jobs[failure->first].repetition) + ") failed: " +
                   failure->second);
  return delivery.take();
}

}  // namespace cpex
