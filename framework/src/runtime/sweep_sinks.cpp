// Summary accumulation and the progress line.
#include "cpex/runtime/sweep_sinks.hpp"

#include <cstdio>

namespace cpex::inline runtime {

void SummarySink::write(const RunRecord& record, const Job& job) {
  points[record.point].add(record);
  if (record.stop != StopReason::Error) return;
  if (failed++ == 0)
    first_failure = "run " + std::to_string(record.run_id) + " (algorithm '" +
                    job.pipeline->algorithm_name + "', repetition " +
                    std::to_string(record.repetition) + "): " + record.error;
}

ProgressMeter::ProgressMeter(std::uint64_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()), last_(start_) {}

ProgressMeter::~ProgressMeter() { finish(); }

void ProgressMeter::write(const RunRecord&, const Job&) {
  ++done_;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  draw();
}

void ProgressMeter::draw() {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  eta_.add(elapsed, done_);
  const double rate = eta_.rate();
  const auto eta = static_cast<unsigned long long>(eta_.seconds_left(total_));
  std::fprintf(stderr, "\r%llu/%llu runs (%.1f%%)  %.1f runs/s  ETA %llu:%02llu:%02llu\033[K",
               static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_),
               total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100.0,
               rate, eta / 3600, eta / 60 % 60, eta % 60);
  std::fflush(stderr);
}

void ProgressMeter::finish() {
  if (!enabled_) return;
  draw();
  std::fputc('\n', stderr);
  enabled_ = false;
}

}  // namespace cpex::runtime
