// Statistical (epsilon, delta)-correctness of the full-bandit algorithms (seed 000): on small
// instances with large gaps, the upper 95% Clopper-Pearson bound of the error rate must be
// <= delta, for epsilon = 0 and epsilon > 0 (judged on the sum, top-k epsilon-rule = sum),
// with no capped run, also under the non-default readings. Kept short (a few seconds); the larger runs carry the label `long`.
#include <catch2/catch.hpp>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

void check_all(const std::string& instance, const std::string& accuracy, double delta) {
  // With the non-default readings: SAQM's certified stop, SA-FOA stopping at epsilon,
  // ICB with Prop. 1's width.
  for (const auto& [algorithm, dks] : std::vector<std::pair<std::string, bool>>{
           {"saqm", true}, {"sa-foa", true}, {"icb", false}, {"sa-exhaustive", false},
           {"saqm\nalpha = certified", true}, {"sa-foa\nstop-at = epsilon", true}, {"icb\nwidth = prop1", false}}) {
    test::expect_delta_correct(algorithm + " " + accuracy,
                               test::run_summary(instance + (dks ? "[dks]\nplugin = dks-peeling\n" : "") +
                                                 "[algorithm]\nplugin = " + algorithm +
                                                 "\ndelta = " + std::to_string(delta) + "\n" + accuracy),
                               delta);
  }
}

}  // namespace

TEST_CASE("Full-bandit algorithms are (0, delta)-correct", "[statistical][full-bandit]") {
  check_all("[environment]\nplugin = full-bandit\nmeans = 0.3, 1.0, -0.6, 0.9, -0.4, 0.8, -0.5, -0.7\n"
            "k = 4\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = 4\n[run]\nseed = 11\nrepetitions = 40\n",
            "epsilon = 0\n", 0.1);
}

TEST_CASE("Full-bandit algorithms are (epsilon, delta)-correct on the sum", "[statistical][full-bandit]") {
  // Arms 3 and 4 differ by 0.1 < epsilon: either may be returned; the others cost >= 1.
  check_all("[environment]\nplugin = full-bandit\nmeans = 1.0, 0.9, 0.8, 0.7, 0.6, -0.4, -0.5, -0.6\n"
            "k = 4\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = 4\nepsilon-rule = sum\n"
            "[run]\nseed = 12\nrepetitions = 40\n",
            "epsilon = 0.3\nallocation = g-allocation\n", 0.1);
}
