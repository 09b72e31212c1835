// Statistical delta-correctness of LinGapE (both rules and widths) and the XY baselines on a
// small linear instance with the best arm at index 2, not 0 (the default answer) (600 runs
// each; the upper 95% Clopper-Pearson bound must be <= delta); duplicated best arms;
// and seed 002 Table 1's qualitative claim: on Soare's instance with d = 5, LinGapE puts
// almost all its pulls on arm 2 (index 1).
#include <catch2/catch.hpp>

#include <sstream>

#include "statistical_runs.hpp"

using namespace cpex;

TEST_CASE("LinGapE and the XY allocations are delta-correct", "[statistical]") {
  const std::string instance =
      "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\n"
      "features = 0,1, 0.7,0.7, 1,0, -1,0\ntheta = 1, 0.2\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[run]\nseed = 21\nrepetitions = 600\n";
  for (const char* algorithm :
       {"lingape\nselection = greedy", "lingape\nselection = ratio",
        "lingape\nconfidence = authors", "xy-static", "xy-oracle", "xy-adaptive",
        "xy-adaptive\nvariant = within-phase", "xy-oracle\nstopping = estimated"}) {
    test::expect_delta_correct(
        algorithm, test::run_summary(instance + "[algorithm]\nplugin = " + algorithm + "\ndelta = 0.05\n"), 0.05);
  }
}

TEST_CASE("Duplicated best arms give a correct answer", "[statistical]") {
  // Arms 0 and 1 are the same best arm; arm 2 is worse. Either 0 or 1 is correct.
  const std::string instance =
      "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\n"
      "features = 1,0, 1,0, 0,1\ntheta = 1, 0\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[run]\nseed = 4\nrepetitions = 20\n";
  for (const char* algorithm : {"lingape", "xy-static", "xy-oracle", "xy-adaptive",
                                "xy-adaptive\nvariant = within-phase"}) {
    const auto records = test::run_records(instance + "[algorithm]\nplugin = " + algorithm + "\n");
    for (const auto& r : records) {
      INFO(algorithm << ": answered " << r.recommendation);
      CHECK((r.stop == cpex::StopReason::Rule));
      CHECK(r.correct);
      CHECK(r.recommendation != "2");
    }
  }
}

TEST_CASE("xy-oracle refuses distinct arms with equal best means, naming them", "[statistical]") {
  CHECK_THROWS_WITH(
      test::pipeline_from("[environment]\nplugin = linear\ngenerator = explicit\nd = 2\n"
                          "features = 1,0, 0,1, 0.5,0\ntheta = 1, 1\nsigma = 0.5\n"
                          "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = xy-oracle\n"),
      Catch::Matchers::Contains("arms 0 and 1") && Catch::Matchers::Contains("unique best arm") &&
          !Catch::Matchers::Contains("lambda"));
}

TEST_CASE("Table 1 of seed 002: LinGapE concentrates its pulls on arm 2", "[statistical]") {
  const auto records = test::run_records(
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
