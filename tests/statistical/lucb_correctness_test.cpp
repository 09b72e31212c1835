// Statistical delta-correctness of LUCB1: on small instances, the upper 95%
// Clopper-Pearson bound of the error rate over >= 500 runs must not exceed delta.
#include <catch2/catch.hpp>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

// Runs `text` and checks that its runs are delta-correct; returns their summary.
Summary check_delta_correct(const std::string& text, double delta) {
  const Summary s = test::run_summary(text);
  test::expect_delta_correct("lucb", s, delta);
  return s;
}

}  // namespace

TEST_CASE("LUCB1 is delta-correct on a small Gaussian top-2 instance", "[statistical]") {
  const Summary s = check_delta_correct(
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.4,0.3,0.2,0.1\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.05\n"
      "[run]\nseed = 2024\nrepetitions = 600\n",
      0.05);
  CHECK(s.runs == 600);
}

TEST_CASE("LUCB1 is delta-correct on a small Bernoulli best-arm instance", "[statistical]") {
  check_delta_correct(
      "[environment]\nplugin = bernoulli\nmeans = 0.7,0.5,0.4,0.3\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\ndelta = 0.1\n"
      "[run]\nseed = 7\nrepetitions = 500\n",
      0.1);
}

TEST_CASE("LUCB1 with epsilon > 0 returns epsilon-optimal arms", "[statistical]") {
  // Arms 1 and 2 are within epsilon = 0.1 of the best: any of them is acceptable.
  check_delta_correct(
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.45,0.42,0.1\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\ndelta = 0.05\nepsilon = 0.1\n"
      "[run]\nseed = 3\nrepetitions = 500\n",
      0.05);
}
