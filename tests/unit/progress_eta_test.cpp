// The ETA of the progress line (framework/runtime_include/cpex/runtime/progress_eta.hpp): with the slow runs last
// (issue 34: "ETA 2 s" with 25 s left at 81%), the estimate from the recent pace is within
// a fifth of the true time left, where the mean rate since the start is off by 10x.
#include <catch2/catch.hpp>

#include "cpex/runtime/progress_eta.hpp"

using cpex::runtime::EtaEstimator;

TEST_CASE("The ETA follows the pace of the runs being done now", "[unit][progress]") {
  // 1000 runs of 5 ms, then 250 runs of 100 ms; the line is redrawn every 250 ms.
  const std::uint64_t total = 1250;
  auto done_at = [](double t) -> std::uint64_t {
    if (t <= 5.0) return static_cast<std::uint64_t>(t / 0.005);
    return std::min<std::uint64_t>(1000 + static_cast<std::uint64_t>((t - 5.0) / 0.1), 1250);
  };
  EtaEstimator eta;
  double t = 0.0;
  for (; done_at(t) < 1013; t += 0.25) eta.add(t, done_at(t));  // 81%
  const double truth = static_cast<double>(total - done_at(t - 0.25)) * 0.1;
  const double done = static_cast<double>(done_at(t - 0.25));
  const double mean_rate_eta = (static_cast<double>(total) - done) / (done / (t - 0.25));
  CHECK(truth > 20.0);
  CHECK(mean_rate_eta < truth / 5);  // the old estimate, for the record
  CHECK(eta.seconds_left(total) == Approx(truth).epsilon(0.2));
  CHECK(eta.rate() == Approx(10.0).epsilon(0.2));

  // Steady runs: the window's rate is the true rate; done: nothing left.
  EtaEstimator steady;
  for (int i = 0; i <= 400; ++i) steady.add(0.25 * i, static_cast<std::uint64_t>(4 * i));
  CHECK(steady.rate() == Approx(16.0));
  CHECK(steady.seconds_left(3200) == Approx(100.0));
  CHECK(steady.seconds_left(1600) == 0.0);
}

TEST_CASE("Runs slower than the window are counted over several of them", "[unit][progress]") {
  // Two threads, runs of 5 s: a run finishes every 2.5 s; the span reaches back 4 runs.
  EtaEstimator slow;
  for (int i = 0; i <= 240; ++i) slow.add(0.25 * i, static_cast<std::uint64_t>(0.25 * i / 2.5));
  CHECK(slow.rate() == Approx(0.4).epsilon(0.15));
  CHECK(slow.seconds_left(100) == Approx(76 / 0.4).epsilon(0.15));
  // 8 runs in 2 s, then none for 8 s: the rate over the span is at most its 4 runs.
  EtaEstimator stalled;
  for (int i = 0; i <= 40; ++i) stalled.add(0.25 * i, i < 8 ? static_cast<std::uint64_t>(i) : 8u);
  CHECK(stalled.rate() <= 4.0 / 8.0 + 1e-12);
  CHECK(stalled.seconds_left(10) >= 4.0 - 1e-9);
  EtaEstimator first;
  first.add(2.0, 10);
  CHECK(first.rate() == Approx(5.0));
}
