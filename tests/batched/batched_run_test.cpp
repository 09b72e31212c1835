// `cpex run` with [run] batch-size and delay (cpex/study/feedback_loop.hpp through the study's
// driver). Under the queue policy an algorithm's j-th pull of an arm is answered by that arm's
// j-th draw whatever the batches and delays, so its decisions are those of the plain run: the
// same answer and the same samples used, only extra pulls asked; under the pending policy a
// phase is asked at once and its decision waits for all of it. And the GLR samplers are
// delta-correct under batch-size 100 and delay 50 (Clopper-Pearson, 400 runs each).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cpex/report/stats.hpp"
#include "cpex/runtime/engine.hpp"
#include "statistical_runs.hpp"

using namespace cpex;

namespace {

std::string pipeline(const std::string& environment, const std::string& algorithm, const std::string& run) {
  return "[environment]\n" + environment + "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" + algorithm +
         "\n[run]\n" + run + "\n";
}

const char* const kGaussian = "plugin = gaussian\nmeans = 0.2, 0.5, 0.1, 1.0, 0.6\nsigma = 1";  // best: 3
const char* const kBernoulli = "plugin = bernoulli\nmeans = 0.3, 0.45, 0.8, 0.55, 0.2";         // best: 2

std::vector<std::uint64_t> pulls_of(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::istringstream in(text);
  for (std::uint64_t n; in >> n;) out.push_back(n);
  return out;
}

}  // namespace

TEST_CASE("Queue policy: a batched, delayed run decides as the plain run, with extra pulls asked",
          "[batched][integration]") {
  const std::string run = "seed = 4\nrepetitions = 20\nrecord-pulls = yes";
  for (const char* algorithm : {"plugin = lucb\ndelta = 0.05", "plugin = track-and-stop\ndelta = 0.1",
                                "plugin = top-two\ndelta = 0.1"}) {
    const auto plain = test::run_records(pipeline(kGaussian, algorithm, run));
    for (const char* schedule : {"batch-size = 50", "delay = 30", "batch-size = 7\ndelay = 40"}) {
      INFO(algorithm << " with " << schedule);
      const auto batched = test::run_records(pipeline(kGaussian, algorithm, run + "\n" + schedule));
      REQUIRE(batched.size() == plain.size());
      for (std::size_t i = 0; i < plain.size(); ++i) {
        CHECK(batched[i].stop == StopReason::Rule);
        CHECK(batched[i].recommendation == plain[i].recommendation);
        CHECK(batched[i].samples >= plain[i].samples);
        // every arm was asked at least as often as the plain run pulled it
        const auto a = pulls_of(batched[i].pulls), b = pulls_of(plain[i].pulls);
        REQUIRE(a.size() == b.size());
        for (std::size_t arm = 0; arm < a.size(); ++arm) CHECK(a[arm] >= b[arm]);
        CHECK(plain[i].batches == plain[i].samples);
        CHECK(batched[i].batches <= batched[i].samples);
      }
    }
  }
}

TEST_CASE("Pending policy: successive rejects asks its phases in rounds of batch-size and keeps its budget",
          "[batched][integration]") {
  const std::string run = "seed = 4\nrepetitions = 10\nbudget = 1000\nrecord-pulls = yes";
  const auto plain = test::run_records(pipeline(kGaussian, "plugin = successive-rejects", run));
  const auto whole = test::run_records(pipeline(kGaussian, "plugin = successive-rejects", run + "\nbatch-size = 100000"));
  const auto late = test::run_records(pipeline(kGaussian, "plugin = successive-rejects", run + "\nbatch-size = 30\ndelay = 45"));
  for (std::size_t i = 0; i < plain.size(); ++i) {
    for (const auto* r : {&whole[i], &late[i]}) {
      CHECK(r->recommendation == plain[i].recommendation);
      CHECK(r->samples == plain[i].samples);
      CHECK(r->pulls == plain[i].pulls);
      CHECK(r->samples <= 1000);
    }
    CHECK(whole[i].batches == 4);  // one round per phase: K - 1 = 4 phases of 5 arms
  }
}

TEST_CASE("GLR samplers are delta-correct under batch-size 100 and delay 50", "[batched][statistical]") {
  constexpr double kDelta = 0.1;
  const std::string run = "seed = 29\nrepetitions = 400\nmax-samples = 10000000\nbatch-size = 100\ndelay = 50";
  for (const char* environment : {kGaussian, kBernoulli})
    for (const char* algorithm : {"plugin = track-and-stop", "plugin = top-two"}) {
      const auto records = test::run_records(pipeline(environment, std::string(algorithm) + "\ndelta = 0.1", run));
      const Summary s = summarize(records);
      test::expect_delta_correct(std::string(algorithm) + " on " + environment, s, kDelta);
      CHECK(s.ended == 400);
    }
}
