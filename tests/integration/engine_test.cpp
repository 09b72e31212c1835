// The run engine: identical records for any thread count, ordered delivery, failures that
// keep every record already written, and max-samples capping.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>

#include "cpex/runtime/engine.hpp"
#include "cpex/limits.hpp"
#include "cpex/errors.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

const std::string kPipeline =
    "[environment]\nplugin = gaussian\nmeans = 0.5,0.45,0.3,0.1\nsigma = 0.5\n"
    "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.1\n"
    "[run]\nseed = 42\nrepetitions = 40\n";

std::string with_repetitions(const std::string& repetitions) {
  std::string text = kPipeline;
  text.replace(text.find("repetitions = 40"), 16, "repetitions = " + repetitions);
  return text;
}

class Collect : public ResultSink {
 public:
  void write(const RunRecord& record, const Job&) override { ids.push_back(record.run_id); }
  std::vector<std::uint64_t> ids;
};

}  // namespace

TEST_CASE("Records are identical for 1 and 2 threads and delivered in order", "[engine]") {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(kPipeline)};
  const std::vector<SweepPoint> points = expand({});
  const auto jobs = make_jobs(pipelines, points);
  REQUIRE(jobs.size() == 40);
  Collect one_sink, two_sink;
  const auto one = execute(jobs, {1}, &one_sink);
  const auto two = execute(jobs, {2}, &two_sink);
  REQUIRE(one.size() == two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    CHECK(one[i].run_id == i);
    CHECK(one[i].samples == two[i].samples);
    CHECK(one[i].recommendation == two[i].recommendation);
    CHECK(one[i].correct == two[i].correct);
  }
  std::vector<std::uint64_t> expected(40);
  for (std::size_t i = 0; i < 40; ++i) expected[i] = i;
  CHECK(one_sink.ids == expected);
  CHECK(two_sink.ids == expected);
  // Different repetitions really are different runs.
  bool varied = false;
  for (const auto& r : one) varied = varied || r.samples != one.front().samples;
  CHECK(varied);
}

TEST_CASE("A failing run becomes one error record and every other run is delivered", "[engine]") {
  for (int fail_at : {0, 5, 39}) {
    const std::vector<Pipeline> pipelines = {test::pipeline_from(
        "[environment]\nplugin = fixture-failing\nmeans = 1,0,0\nfail-after = 0\n"
        "fail-repetition = " + std::to_string(fail_at) +
        "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n[run]\nrepetitions = 40\n")};
    const std::vector<SweepPoint> points = expand({});
    const auto jobs = make_jobs(pipelines, points);
    for (int threads : {1, 2}) {
      INFO("failing run " << fail_at << ", " << threads << " threads");
      Collect sink;
      const auto records = execute(jobs, {threads}, &sink);
      REQUIRE(records.size() == 40);
      REQUIRE(sink.ids.size() == 40);
      for (std::size_t i = 0; i < 40; ++i) {
        CHECK(sink.ids[i] == i);
        const bool failing = static_cast<int>(i) == fail_at;
        CHECK((records[i].stop == StopReason::Error) == failing);
        if (failing) CHECK_THAT(records[i].error, Contains("deliberate failure"));
        if (!failing) CHECK(records[i].correct);
      }
    }
  }
}

TEST_CASE("Jobs are made lazily: a sweep of 10^9 runs (the limit) starts at once and stops on "
          "request", "[engine]") {
  const std::vector<Pipeline> pipelines = {
      test::pipeline_from(with_repetitions(std::to_string(kMaxRuns)), "huge.ini")};
  const std::vector<SweepPoint> points = expand({});
  const JobSpace jobs(pipelines, points);
  REQUIRE(jobs.size() == kMaxRuns);
  // Stop after 50 deliveries: no run starts any more, running runs are abandoned (or, if
  // they finish first, still delivered), and deliveries stay in run-id order.
  class StopAfter : public ResultSink {
   public:
    explicit StopAfter(std::atomic<bool>& stop) : stop_(stop) {}
    void write(const RunRecord& record, const Job&) override {
      ids.push_back(record.run_id);
      if (ids.size() == 50) stop_ = true;
    }
    std::vector<std::uint64_t> ids;

   private:
    std::atomic<bool>& stop_;
  };
  std::atomic<bool> stop{false};
  StopAfter sink(stop);
  const EngineReport report = run_sweep(jobs, {}, {2, &stop, 8}, sink);
  CHECK(report.interrupted);
  REQUIRE(sink.ids.size() >= 50);
  CHECK(sink.ids.size() <= 50 + 8);  // at most the window beyond the stop
  for (std::size_t i = 0; i < 50; ++i) CHECK(sink.ids[i] == i);
  for (std::size_t i = 50; i < sink.ids.size(); ++i) CHECK(sink.ids[i] > sink.ids[i - 1]);
  CHECK(sink.ids.back() < 50 + 8);
}

TEST_CASE("Points x repetitions that overflow 64 bits are refused", "[engine]") {
  // [run] repetitions is range-checked when read; the engine checks again (defence in depth).
  Pipeline pipeline = test::pipeline_from(with_repetitions("1"), "overflow.ini");
  pipeline.run.repetitions = 9'000'000'000'000'000'000;
  const std::vector<Pipeline> pipelines(3, pipeline);
  std::vector<SweepPoint> points(3);
  CHECK_THROWS_WITH(JobSpace(pipelines, points), Contains("overflow.ini") && Contains("64 bits"));
}

TEST_CASE("Shards partition the runs and done runs are skipped", "[engine]") {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(kPipeline)};
  const std::vector<SweepPoint> points = expand({});
  const JobSpace jobs(pipelines, points);
  std::vector<std::uint64_t> all;
  for (std::uint64_t shard = 0; shard < 3; ++shard) {
    RunSelection selection{shard, 3, {0, 3, 4, 5, 39}};
    Collect sink;
    run_sweep(jobs, selection, {2}, sink);
    CHECK(sink.ids.size() == selection.count(jobs.size()));
    for (auto id : sink.ids) CHECK(id % 3 == shard);
    all.insert(all.end(), sink.ids.begin(), sink.ids.end());
  }
  std::sort(all.begin(), all.end());
  std::vector<std::uint64_t> expected;
  for (std::uint64_t id = 0; id < 40; ++id)
    if (id != 0 && id != 3 && id != 4 && id != 5 && id != 39) expected.push_back(id);
  CHECK(all == expected);
}

TEST_CASE("run.max-seconds caps a run that would not stop", "[engine]") {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.4\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = fixture-round-robin\nrounds = 0\n"
      "[run]\nrepetitions = 2\nmax-seconds = 0.05\n")};
  const auto records = execute(make_jobs(pipelines, expand({})), {2}, nullptr);
  for (const auto& r : records) {
    CHECK(r.stop == StopReason::MaxSeconds);
    CHECK_FALSE((r.stop == cpex::StopReason::Rule));
    CHECK(r.samples > 0);
    CHECK(r.wall_seconds >= 0.05);
    CHECK(r.wall_seconds < 5.0);
  }
}

TEST_CASE("A huge run.max-seconds means no limit, not an overflowed deadline", "[engine]") {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.4\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = fixture-round-robin\nrounds = 1000\n"
      "[run]\nrepetitions = 2\nmax-seconds = 1e12\n")};
  for (const auto& r : execute(make_jobs(pipelines, expand({})), {2}, nullptr)) {
    CHECK(r.stop == StopReason::Rule);
    CHECK(r.samples >= 1000);
  }
}

TEST_CASE("Runs that reach max-samples are recorded as capped", "[engine]") {
  const std::vector<Pipeline> pipelines = {
      test::pipeline_from(kPipeline + "max-samples = 7\n")};
  const auto records = execute(make_jobs(pipelines, expand({})), {2}, nullptr);
  for (const auto& r : records) {
    CHECK_FALSE((r.stop == cpex::StopReason::Rule));
    CHECK(r.stop == StopReason::MaxSamples);
    CHECK(r.samples == 7);
    CHECK_FALSE(r.recommendation.empty());
  }
}
