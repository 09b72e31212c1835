// The time left of a sweep for the progress line, from its recent pace: runs differ in
// cost from point to point (a slow algorithm or a small δ last), so the mean rate since
// the start said "ETA 2 s" with 25 s left once the slow points began. The rate here is
// taken over the shortest recent span that lasts at least a tenth of the elapsed time
// (1 s to 30 s) and holds at least 4 finished runs, so it follows the runs being done
// now, yet a span of runs slower than the window still holds several of them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

namespace cpex::inline runtime {

class EtaEstimator {
 public:
  static constexpr std::uint64_t kMinRuns = 4;

  // `done` runs were finished `seconds` after the start (both non-decreasing; the
  // progress line adds one sample per redraw, at most 4 a second).
  void add(double seconds, std::uint64_t done) {
    samples_.emplace_back(seconds, done);
    // Samples older than the longest span are dropped, unless the span needs them to
    // hold kMinRuns runs.
    while (samples_.size() > 2 && samples_[1].first <= seconds - kMaxWindow &&
           samples_[1].second + kMinRuns <= done)
      samples_.pop_front();
  }

  // Runs per second over the recent span (with one sample: since the start).
  double rate() const {
    if (samples_.empty()) return 0.0;
    const auto& [now, done] = samples_.back();
    if (samples_.size() == 1) return now > 0 ? static_cast<double>(done) / now : 0.0;
    const double window = std::clamp(now / 10.0, kMinWindow, kMaxWindow);
    std::size_t from = 0;  // the latest sample that starts a long enough span
    for (std::size_t i = samples_.size() - 1; i-- > 0;)
      if (samples_[i].first <= now - window && samples_[i].second + kMinRuns <= done) {
        from = i;
        break;
      }
    // From the moment its count was first reached, so the span holds whole runs.
    while (from > 0 && samples_[from - 1].second == samples_[from].second) --from;
    const auto& [then, done_then] = samples_[from];
    if (now <= then) return 0.0;
    // No run finished in the span: at most one per span (a run is still going).
    return done > done_then ? static_cast<double>(done - done_then) / (now - then) : 1.0 / (now - then);
  }

  // Seconds until `total` runs are done at the recent rate; 0 when unknown or done.
  double seconds_left(std::uint64_t total) const {
    if (samples_.empty()) return 0.0;
    const std::uint64_t done = samples_.back().second;
    const double r = rate();
    return r > 0 && total > done ? static_cast<double>(total - done) / r : 0.0;
  }

 private:
  static constexpr double kMinWindow = 1.0, kMaxWindow = 30.0;
  std::deque<std::pair<double, std::uint64_t>> samples_;
};

}  // namespace cpex::runtime
