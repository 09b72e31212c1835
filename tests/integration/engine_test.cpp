// The run engine: identical records for any thread count, ordered delivery, failures that
// keep every record already written, and max-samples capping.
#include <catch2/catch.hpp>

#include "cpex/engine.hpp"
#include "cpex/errors.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

const std::string kPipeline =
    "[environment]\nplugin = gaussian\nmeans = 0.5,0.45,0.3,0.1\nsigma = 0.5\n"
    "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.1\n"
    "[run]\nseed = 42\nrepetitions = 40\n";

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

TEST_CASE("A failing run keeps the records before it and names the run", "[engine]") {
  for (int fail_at : {5, 30}) {
    // The failing run fails at its first pull, while runs before it may not have started:
    // they must still complete and be delivered, for any thread count.
    const std::vector<Pipeline> pipelines = {test::pipeline_from(
        "[environment]\nplugin = fixture-failing\nmeans = 1,0,0\nfail-after = 0\n"
        "fail-repetition = " + std::to_string(fail_at) +
        "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n[run]\nrepetitions = 40\n")};
    const std::vector<SweepPoint> points = expand({});
    const auto jobs = make_jobs(pipelines, points);
    for (int threads : {1, 2}) {
      INFO("failing run " << fail_at << ", " << threads << " threads");
      Collect sink;
      CHECK_THROWS_WITH(execute(jobs, {threads}, &sink),
                        Contains("run " + std::to_string(fail_at) + " (algorithm 'lucb', repetition " +
                                 std::to_string(fail_at) + ") failed") &&
                            Contains("deliberate failure"));
      REQUIRE(sink.ids.size() == static_cast<std::size_t>(fail_at));
      for (std::size_t i = 0; i < sink.ids.size(); ++i) CHECK(sink.ids[i] == i);
    }
  }
}

TEST_CASE("Runs that reach max-samples are recorded as capped", "[engine]") {
  const std::vector<Pipeline> pipelines = {
      test::pipeline_from(kPipeline + "max-samples = 7\n")};
  const auto records = execute(make_jobs(pipelines, expand({})), {2}, nullptr);
  for (const auto& r : records) {
    CHECK_FALSE(r.stopped);
    CHECK(r.samples == 7);
    CHECK_FALSE(r.recommendation.empty());
  }
}
