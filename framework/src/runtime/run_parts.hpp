// The pieces of a run that its loops share (run.cpp: one pull at a time; run_feedback.cpp:
// batches and delays through a study's driver): the trace, the limits, the anytime verdicts,
// the pull counts and the end of the record. Internal to the runtime.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "cpex/results/record_format.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::inline runtime::run_parts {

// Collects the values an algorithm emits, stamped with the current sample count.
class RunTrace : public TraceSink {
 public:
  RunTrace(std::vector<TraceRow>& rows, std::uint64_t every) : rows_(rows), every_(every) {}
  void record(std::string_view name, double value) override {
    if (sample % every_ == 0) rows_.push_back({sample, std::string(name), value});
  }
  std::uint64_t sample = 0;

 private:
  std::vector<TraceRow>& rows_;
  std::uint64_t every_;
};

using Clock = std::chrono::steady_clock;

// When the loop ends besides the algorithm's own rule: the sample cap, the fixed budget, the
// wall-clock limit and the interrupt flag.
struct RunLimits {
  std::uint64_t max_samples;
  // Fixed budget: once `budget` samples are taken the loop asks the algorithm once more —
  // one whose schedule ends exactly there finishes its last decision and stops by its
  // rule; one that asks for more has reached its budget (that pull is not made). A
  // super-arm pull that would go past the budget is not made either. 0: no budget.
  std::uint64_t budget;
  double max_seconds;
  Clock::time_point deadline;
  const std::atomic<bool>* interrupt;
  // The clock (run.max-seconds) and the interrupt flag are looked at every 64 rounds
  // (a clock read costs about 20 ns: 0.3 ns per round).
  bool timed;

  RunLimits(const RunSettings& run, Clock::time_point start, const std::atomic<bool>* stop)
      : max_samples(static_cast<std::uint64_t>(run.max_samples)),
        budget(static_cast<std::uint64_t>(run.budget)),
        max_seconds(run.max_seconds),
        // clamped: beyond ~9.2e9 s the conversion to int64 nanoseconds overflows
        deadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                             run.max_seconds > 0.0 ? std::min(run.max_seconds, 1e9) : 1e9))),
        interrupt(stop),
        timed(run.max_seconds > 0.0 || stop) {}

  // Every 64 rounds: throws RunInterrupted once the interrupt flag is set; true once the
  // wall-clock limit has passed.
  bool out_of_time(std::uint64_t round) const {
    if (!timed || round % 64 != 0) return false;
    if (interrupt && interrupt->load(std::memory_order_relaxed)) throw RunInterrupted();
    return max_seconds > 0.0 && Clock::now() >= deadline;
  }
};

// Anytime verdicts (run.trace-recommendations): the current recommendation judged every
// trace-every samples (the first time the count reaches a multiple; semi-bandit pulls may
// jump past one), written to the run's trace.
class AnytimeVerdicts {
 public:
  AnytimeVerdicts(const Pipeline& p, bool traced, const RunObjects& run)
      : on_(traced && p.run.trace_recommendations),
        every_(static_cast<std::uint64_t>(p.run.trace_every)),
        next_(every_),
        run_(run) {
    if (on_) run.oracles.front()->optimal(judged_truth(*run.environment), optimum_);
  }
  void at(std::uint64_t samples, RunRecord& record) {
    if (!on_ || samples < next_) return;
    const Recommendation answer = run_.algorithm->recommend();
    const Verdict verdict = cpex::judge(*run_.oracles.front(), judged_truth(*run_.environment), optimum_,
                                        answer.decision, answer.epsilon);
    record.trace.push_back({samples, "anytime.correct", verdict.correct ? 1.0 : 0.0});
    record.trace.push_back({samples, "anytime.optimal", verdict.optimal ? 1.0 : 0.0});
    next_ = (samples / every_ + 1) * every_;
  }

 private:
  bool on_;
  std::uint64_t every_, next_;
  const RunObjects& run_;
  Decision optimum_;
};

// Pulls per arm (run.record-pulls), written as the `pulls` column.
class PullCounts {
 public:
  PullCounts(bool on, std::size_t arms) : counts_(on ? arms : 0) {}
  void add(const Action& action) {
    if (counts_.empty()) return;
    if (action.super_arm.empty())
      ++counts_[action.arm];
    else
      for (std::size_t arm : action.super_arm) ++counts_[arm];
  }
  std::string text() const {
    std::string out;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      if (i) out += ' ';
      append_number(out, counts_[i]);
    }
    return out;
  }

 private:
  std::vector<std::uint64_t> counts_;
};

// A decision judged against the truth (the row's `recommendation`, `correct`, `optimal`).
inline void judge_decision(RunRecord& record, const RunObjects& run, const Decision& decision, double epsilon) {
  record.recommendation = to_string(decision);
  Decision best;
  const Oracle& judge = *run.oracles.front();
  judge.optimal(judged_truth(*run.environment), best);
  const Verdict verdict = cpex::judge(judge, judged_truth(*run.environment), best, decision, epsilon);
  record.correct = verdict.correct;
  record.optimal = verdict.optimal;
}

// The algorithm's current recommendation judged against the truth.
inline void judge_answer(RunRecord& record, const RunObjects& run) {
  const Recommendation answer = run.algorithm->recommend();
  judge_decision(record, run, answer.decision, answer.epsilon);
}

// The end of a run: the final recommendation judged against the truth, the resolved
// parameters of the algorithm and the environment, the wall time.
inline void finish_record(RunRecord& record, const RunObjects& run, Clock::time_point start) {
  judge_answer(record, run);
  auto resolved = run.algorithm->resolved();
  for (auto& entry : run.environment->resolved()) resolved.push_back(std::move(entry));
  record.resolved = resolved_json(resolved);
  record.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
}

// A run whose feedback comes in batches or late ([run] batch-size > 1 or delay > 0):
// asked, drawn and told through a study's driver (run_feedback.cpp).
RunRecord run_with_feedback(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt);

// `[run] brake-booster = yes`: the algorithm run afresh with growing budgets and votes until a
// majority stops within its budget (run_brake_booster.cpp).
RunRecord run_brake_booster(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt);

}  // namespace cpex::runtime::run_parts
