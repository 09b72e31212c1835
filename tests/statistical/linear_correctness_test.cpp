// Statistical delta-correctness of LinGapE (both rules) and the XY baselines on a small
// linear instance (600 runs each; the upper 95% Clopper-Pearson bound must be <= delta),
// and seed 002 Table 1's qualitative claim: on Soare's instance with d = 5, LinGapE puts
// almost all its pulls on arm 2 (index 1).
#include <catch2/catch.hpp>

#include <sstream>

#include "cpex/engine.hpp"
#include "cpex/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

std::vector<RunRecord> run(const std::string& text) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {2}, nullptr);
}

}  // namespace

TEST_CASE("LinGapE and the XY allocations are delta-correct", "[statistical]") {
  const std::string instance =
      "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\n"
      "features = 1,0, 0,1, 0.7,0.7, -1,0\ntheta = 1, 0.2\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[run]\nseed = 21\nrepetitions = 600\n";
  for (const char* algorithm :
       {"lingape\nselection = greedy", "lingape\nselection = ratio", "xy-static", "xy-oracle",
        "xy-adaptive"}) {
    const Summary s = summarize(run(instance + "[algorithm]\nplugin = " + algorithm + "\ndelta = 0.05\n"));
    INFO(algorithm << ": errors " << s.errors << "/" << s.runs << ", CP upper " << s.error_rate_ci.upper);
    CHECK(s.capped == 0);
    CHECK(s.error_rate_ci.upper <= 0.05);
  }
}

TEST_CASE("Table 1 of seed 002: LinGapE concentrates its pulls on arm 2", "[statistical]") {
  const auto records = run(
      "[environment]\nplugin = linear\ngenerator = soare\nd = 5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n"
      "[run]\nseed = 2\nrepetitions = 3\nrecord-pulls = yes\n");
  for (const auto& r : records) {
    REQUIRE(r.correct);
    std::istringstream in(r.pulls);
    std::vector<double> pulls;
    for (double x; in >> x;) pulls.push_back(x);
    REQUIRE(pulls.size() == 6);
    INFO("pulls per arm: " << r.pulls);
    CHECK(pulls[1] > 0.9 * static_cast<double>(r.samples));
    for (std::size_t a : {2u, 3u, 4u, 5u}) CHECK(pulls[a] < 0.01 * static_cast<double>(r.samples));
  }
}
