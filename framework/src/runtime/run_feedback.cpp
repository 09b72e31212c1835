// A run with batched or delayed feedback ([run] batch-size, delay): the study's driver asks
// the algorithm for pulls (queue or pending policy, docs/studies.md) and the environment's
// draws answer them on the schedule of cpex/study/feedback_loop.hpp — the very code `cpex
// study simulate --batch B --delay D` runs, so the two give the same decisions and counts.
#include <optional>

#include "cpex/errors.hpp"
#include "cpex/runtime/lower_bound.hpp"
#include "cpex/study/driver.hpp"
#include "cpex/study/feedback_loop.hpp"
#include "run_parts.hpp"

namespace cpex::inline runtime::run_parts {

namespace {

StopReason stop_of(study::Phase phase) {
  switch (phase) {
    case study::Phase::Stopped: return StopReason::Rule;
    case study::Phase::Budget: return StopReason::Budget;
    case study::Phase::Capped:
    case study::Phase::Running: break;
  }
  return StopReason::MaxSamples;
}

}  // namespace

RunRecord run_with_feedback(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt) {
  const auto start = Clock::now();
  RunRecord record;
  record.repetition = seed.repetition;
  std::optional<RunTrace> trace;
  if (!p.run.trace_file.empty()) trace.emplace(record.trace, static_cast<std::uint64_t>(p.run.trace_every));
  study::Driver driver(p, seed, trace ? &*trace : nullptr);
  Environment& environment = driver.environment();
  const Problem& problem = driver.problem();
  const RunLimits limits(p.run, start, interrupt);
  AnytimeVerdicts anytime(p, trace.has_value(), driver.objects());
  study::FeedbackLoop loop({static_cast<std::size_t>(p.run.batch_size), static_cast<std::uint64_t>(p.run.delay)});
  std::vector<double> buffer;
  const study::FeedbackLoop::AskFn ask = [&](std::size_t count) {
    std::vector<std::pair<std::uint64_t, study::Pull>> asked;
    for (std::size_t i = 0; i < count; ++i) {
      const auto number = driver.ask();
      if (!number) break;
      asked.emplace_back(*number, driver.record_of_ask(*number).pull);
    }
    return asked;
  };
  const study::FeedbackLoop::DrawFn draw = [&](const study::Pull& pull) {
    return study::draw_reading(environment, problem, pull, buffer);
  };
  const study::FeedbackLoop::TellFn tell = [&](const std::vector<study::DrawnReading>& due) {
    for (const study::DrawnReading& d : due) driver.tell(d.ask, d.reading);
  };
  record.stop = StopReason::MaxSamples;
  for (std::uint64_t round = 1; driver.phase() == study::Phase::Running; ++round) {
    if (trace) trace->sample = driver.samples();
    anytime.at(driver.samples(), record);
    if (limits.out_of_time(round)) {
      record.stop = StopReason::MaxSeconds;
      break;
    }
    if (!loop.round(ask, draw, tell))
      throw PluginError("algorithm '" + p.algorithm->name + "' waits for observations, but none is outstanding "
                        "(Algorithm::propose answered Wait with no pending pull)");
  }
  if (driver.phase() != study::Phase::Running) record.stop = stop_of(driver.phase());
  record.samples = driver.samples();
  record.batches = loop.batches();
  PullCounts pulls(p.run.record_pulls, problem.num_arms);
  for (const study::PullRecord& pull : driver.records()) {
    if (pull.state == study::PullState::Cancelled) continue;
    Action action;
    action.super_arm = std::span<const std::size_t>(pull.pull.arms.data(), pull.pull.arms.size());
    pulls.add(action);
  }
  record.pulls = pulls.text();
  finish_record(record, driver.objects(), start);
  record.lower_bound = run_lower_bound(p, driver.objects());  // after the wall time: not the run's cost
  return record;
}

}  // namespace cpex::runtime::run_parts
