// Good-arm identification: APGAI (GLR stopping), HDoC and LUCB-G are delta-correct on
// instances with good arms and with none (delta = 0.1, 300 runs, the 95% Clopper-Pearson upper
// end of the error rate <= delta); APGAI answers at any time (its recommendation between every
// 10 samples), and without a stopping rule its error at a budget falls as the budget grows.
#include <catch2/catch.hpp>

#include "problems_support.hpp"

using namespace cpex;
using namespace cpex::test;

namespace {

const char* kOracle = "plugin = good-arm\ntau = 0.5";
// Good arms 1 (0.8) and 3 (0.6), none at 0; no arm above 0.5.
const char* kGood = "plugin = gaussian\nmeans = 0.2, 0.8, 0.3, 0.6\nsigma = 0.5";
const char* kNone = "plugin = gaussian\nmeans = 0.2, 0.35, 0.3, 0.1\nsigma = 0.5";
const char* kBernoulli = "plugin = bernoulli\nmeans = 0.3, 0.45, 0.7";

}  // namespace

TEST_CASE("APGAI, HDoC and LUCB-G are delta-correct with good arms and with none", "[good-arm][statistical]") {
  for (const char* algorithm : {"plugin = apgai\ndelta = 0.1", "plugin = hdoc\ndelta = 0.1", "plugin = lucb-g\ndelta = 0.1"}) {
    expect_delta_correct(std::string(algorithm) + " good", problem_pipeline(kGood, kOracle, algorithm, 300, 21), 0.1);
    expect_delta_correct(std::string(algorithm) + " none", problem_pipeline(kNone, kOracle, algorithm, 300, 22), 0.1);
    expect_delta_correct(std::string(algorithm) + " bernoulli", problem_pipeline(kBernoulli, kOracle, algorithm, 300, 23), 0.1);
  }
}

TEST_CASE("APGAI answers at any time, and its anytime error falls with the budget", "[good-arm][statistical]") {
  // Every 10 samples the run loop asks the recommendation and judges it (the anytime trace,
  // kept in the records).
  std::vector<Pipeline> traced = {pipeline_from(problem_pipeline(kGood, kOracle, "plugin = apgai\ndelta = 0.1", 20, 24))};
  traced.front().run.trace_file = "(kept in memory)";
  traced.front().run.trace_recommendations = true;
  traced.front().run.trace_every = 10;
  const auto records = execute(make_jobs(traced, expand({})), {2}, nullptr);
  for (const auto& r : records) {
    CHECK(r.stop == StopReason::Rule);
    std::size_t asked = 0;
    for (const auto& row : r.trace) asked += row.name == "anytime.correct";
    CHECK(asked >= r.samples / 10);
  }
  double previous = 1.0;
  for (int budget : {20, 100, 500}) {
    const Summary s = run_summary(problem_pipeline(kGood, kOracle, "plugin = apgai\nstopping = none", 400, 25,
                                                   "budget = " + std::to_string(budget)));
    INFO("budget " << budget << ": wrong " << s.wrong << "/" << s.ended);
    CHECK(s.wrong_rate <= previous);
    previous = s.wrong_rate;
  }
  CHECK(previous < 0.05);
}
