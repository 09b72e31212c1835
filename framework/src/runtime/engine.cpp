// Parallel execution of runs (tbb::parallel_pipeline) with ordered, bounded delivery.
#include "cpex/runtime/engine.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>

#include "cpex/errors.hpp"

namespace cpex::inline runtime {

JobSpace::JobSpace(const std::vector<Pipeline>& pipelines, const std::vector<SweepPoint>& points)
    : pipelines_(&pipelines), points_(&points) {
  if (pipelines.empty() || pipelines.size() != points.size())
    throw ConfigError("the sweep has no points");
  repetitions_ = static_cast<std::uint64_t>(pipelines.front().run.repetitions);
  group_ = std::max<std::uint64_t>(pipelines.front().run.checkpoints.size(), 1);
  if (points.size() % group_ != 0) throw ConfigError("the sweep's points are not whole groups of checkpoints");
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(points.size()), repetitions_, &size_))
    throw ConfigError(pipelines.front().source + ": " + std::to_string(points.size()) +
                      " points x " + std::to_string(repetitions_) +
                      " repetitions is more runs than fit in 64 bits");
}

Job JobSpace::job(std::uint64_t run_id) const {
  const std::uint64_t run = run_id / group_;  // (base point, repetition) of a group
  const std::uint64_t point = run / repetitions_ * group_ + run_id % group_;
  return {&(*pipelines_)[point], &(*points_)[point], run % repetitions_};
}

std::uint64_t RunSelection::count(std::uint64_t total) const {
  const std::uint64_t g = std::max<std::uint64_t>(group, 1), groups = total / g;
  if (shard_index >= groups) return 0;
  std::uint64_t n = ((groups - shard_index - 1) / shard_count + 1) * g;
  for (std::uint64_t id : done)
    if (id < total && in_shard(id)) --n;
  return n;
}

namespace {

// One run (or one group of runs, JobSource::group) on its way through the pipeline. A
// single run allocates nothing here (the record lives in the slot); a group keeps its jobs,
// records and which of them this process delivers.
struct Item {
  std::uint64_t id = 0;  // the run id, the first of the group
  Job job;
  std::optional<RunRecord> record;  // empty: abandoned after a stop
  std::vector<Job> jobs;            // groups: one per run id
  std::vector<RunRecord> records;   // groups: empty when abandoned
  std::vector<char> wanted;         // groups: selected by the shard and not done already
  bool busy = false;
};

RunRecord failed_record(const std::string& message) {
  RunRecord record;
  record.stop = StopReason::Error;
  record.error = message.empty() ? "unknown error" : message;
  return record;
}

}  // namespace

EngineReport run_sweep(const JobSource& jobs, const RunSelection& selection,
                       const EngineOptions& options, ResultSink& sink) {
  std::optional<tbb::global_control> cap;
  if (options.threads > 0)
    cap.emplace(tbb::global_control::max_allowed_parallelism,
                static_cast<std::size_t>(options.threads));
  const std::size_t threads =
      options.threads > 0 ? static_cast<std::size_t>(options.threads)
                          : static_cast<std::size_t>(tbb::info::default_concurrency());
  const std::size_t window = options.window ? options.window : 64 * std::max<std::size_t>(threads, 1);

  EngineReport report;
  // Items live in a ring: the pipeline admits at most `window` items and finishes them in
  // order, so when the k-th item is generated the (k - window)-th is done and its slot is
  // free. Nothing is allocated per run and nothing leaks if a sink throws.
  std::vector<Item> ring(window);
  std::uint64_t generated = 0;
  const std::uint64_t group = std::max<std::uint64_t>(jobs.group(), 1);
  // The shard's stride over runs, or over groups (a group is one shard's, RunSelection).
  if (selection.group != group)
    throw std::logic_error("run engine: the selection's group differs from the jobs' group");
  std::uint64_t next = selection.shard_index * group;
  std::size_t done_pos = 0;
  std::vector<char> wanted;
  const auto stopping = [&] { return options.stop && options.stop->load(std::memory_order_relaxed); };

  // Whether a run id is one the store already holds; asked with ids in increasing order.
  auto is_done = [&](std::uint64_t id) {
    while (done_pos < selection.done.size() && selection.done[done_pos] < id) ++done_pos;
    return done_pos < selection.done.size() && selection.done[done_pos] == id;
  };
  // The next run (or group) to execute, or nullptr when there is none (or a stop was asked
  // for). A group runs when any of its runs is not done; only those are delivered.
  auto next_item = [&]() -> Item* {
    for (;;) {
      if (next >= jobs.size() || stopping()) return nullptr;
      const std::uint64_t id = next;
      if (group == 1) {
        next += selection.shard_count;
        if (next < id) next = jobs.size();  // wrapped past 2^64
        if (is_done(id)) continue;
      } else {
        next += group * selection.shard_count;
        if (next < id) next = jobs.size();
        wanted.assign(group, 0);
        bool any = false;
        for (std::uint64_t k = 0; k < group; ++k) {
          wanted[k] = !is_done(id + k);
          any = any || wanted[k];
        }
        if (!any) continue;
      }
      Item& item = ring[generated++ % window];
      if (item.busy) throw std::logic_error("run engine: ring slot still in use");
      item.busy = true;
      item.id = id;
      item.record.reset();
      if (group == 1) {
        item.job = jobs.job(id);
        return &item;
      }
      item.jobs.clear();
      for (std::uint64_t k = 0; k < group; ++k) item.jobs.push_back(jobs.job(id + k));
      item.wanted = wanted;
      item.job = item.jobs.front();
      item.records.clear();
      return &item;
    }
  };
  auto execute_one = [&](Item* item) -> Item* {
    const Job& job = item->job;
    const RunSeed seed{job.pipeline->run.seed, job.point->stream_key, job.repetition};
    const std::size_t runs = group == 1 ? 1 : item->jobs.size();
    try {
      if (group == 1) {
        item->record = run_once(*job.pipeline, seed, options.stop);
      } else {
        std::vector<const Pipeline*> pipelines;
        for (const Job& j : item->jobs) pipelines.push_back(j.pipeline);
        item->records = run_checkpoints(pipelines, seed, options.stop);
      }
    } catch (const RunInterrupted&) {
      item->record.reset();
      item->records.clear();
    } catch (const std::exception& e) {
      if (group == 1) item->record = failed_record(e.what());
      else item->records.assign(runs, failed_record(e.what()));
    } catch (...) {
      const std::string what = "a plugin threw a non-standard exception";
      if (group == 1) item->record = failed_record(what);
      else item->records.assign(runs, failed_record(what));
    }
    if (item->record) {
      item->record->run_id = item->id;
      item->record->point = job.point->index;
      item->record->repetition = job.repetition;
    }
    for (std::size_t k = 0; k < item->records.size() && k < item->jobs.size(); ++k) {
      item->records[k].run_id = item->id + k;
      item->records[k].point = item->jobs[k].point->index;
      item->records[k].repetition = item->jobs[k].repetition;
    }
    return item;
  };
  auto deliver = [&](Item* item) {
    item->busy = false;
    auto write = [&](RunRecord& record, const Job& job) {
      sink.write(record, job);
      ++report.delivered;
      if (record.stop == StopReason::Error) ++report.failed;
      std::vector<TraceRow>().swap(record.trace);  // written; free the memory
    };
    if (item->record) write(*item->record, item->job);
    for (std::size_t k = 0; k < item->records.size() && k < item->jobs.size(); ++k)
      if (item->wanted[k]) write(item->records[k], item->jobs[k]);
    item->records.clear();
  };

  // One thread: the same three stages in a plain loop (the TBB pipeline's tasks and
  // tokens cost about 600 of the 8,800 instructions of a tiny run).
  if (threads == 1) {
    while (Item* item = next_item()) deliver(execute_one(item));
    report.interrupted = stopping();
    return report;
  }
  auto generate = [&](tbb::flow_control& control) -> Item* {
    Item* item = next_item();
    if (!item) control.stop();
    return item;
  };
  tbb::parallel_pipeline(
      window,
      tbb::make_filter<void, Item*>(tbb::filter_mode::serial_in_order, generate) &
          tbb::make_filter<Item*, Item*>(tbb::filter_mode::parallel, execute_one) &
          tbb::make_filter<Item*, void>(tbb::filter_mode::serial_in_order, deliver));
  report.interrupted = stopping();
  return report;
}

std::vector<Job> make_jobs(const std::vector<Pipeline>& pipelines,
                           const std::vector<SweepPoint>& points) {
  std::vector<Job> jobs;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::int64_t r = 0; r < pipelines[i].run.repetitions; ++r)
      jobs.push_back({&pipelines[i], &points[i], static_cast<std::uint64_t>(r)});
  return jobs;
}

std::vector<RunRecord> execute(const std::vector<Job>& jobs, const EngineOptions& options,
                               ResultSink* sink) {
  class List : public JobSource {
   public:
    explicit List(const std::vector<Job>& jobs) : jobs_(jobs) {}
    std::uint64_t size() const override { return jobs_.size(); }
    Job job(std::uint64_t id) const override { return jobs_[id]; }

   private:
    const std::vector<Job>& jobs_;
  };
  class Collect : public ResultSink {
   public:
    explicit Collect(ResultSink* next) : next_(next) {}
    void write(const RunRecord& record, const Job& job) override {
      if (next_) next_->write(record, job);
      records.push_back(record);
      std::vector<TraceRow>().swap(records.back().trace);
    }
    std::vector<RunRecord> records;

   private:
    ResultSink* next_;
  };
  Collect collect(sink);
  run_sweep(List(jobs), {}, options, collect);
  return std::move(collect.records);
}

}  // namespace cpex::runtime
