// The GLR samplers on every new identification problem are delta-correct: top-m (Gaussian,
// Bernoulli), epsilon-good (additive and relative), thresholds ("all" and "any"), Poisson,
// Exponential, unknown variances, per-arm sigmas and a graphic matroid, each with its answer
// away from index 0, delta = 0.1, 400 runs, the one-sided 95% Clopper-Pearson upper bound of
// the error rate <= delta. top-two runs each problem under each threshold choice
// (gk-experiments, gk-theorem, kk2021); Track-and-Stop on every problem is in the long label
// (identification_long_test.cpp: 114 s of CPU, it solves w* as it goes), and on Gaussian and
// Bernoulli arms here. Plus one-line refusals of what a problem cannot pose.
#include <catch2/catch.hpp>

#include <string>

#include "identification_problems.hpp"

using namespace cpex;
using namespace cpex::test;
using Catch::Matchers::Contains;

TEST_CASE("top-two is delta-correct on every new problem under each threshold", "[identification][statistical]") {
  for (const ProblemCase& p : kProblems)
    for (const char* threshold : {"gk-experiments", "gk-theorem", "kk2021"})
      expect_correct(p, std::string("plugin = top-two\nthreshold = ") + threshold);
}

TEST_CASE("epsilon-good answers are delta-correct at delta = 0.01", "[identification][statistical]") {
  // At 0.1 a rule that stops after one sample per arm when every reward is 1 (a bug of the
  // shifted best response, 3.6% of runs on this instance) stayed under the bound; here it fails.
  const ProblemCase& p = kProblems[2];
  for (const char* algorithm : {"plugin = top-two", "plugin = track-and-stop"}) {
    std::string text = pipeline(p, algorithm, 400, 31);
    text.replace(text.find("delta = 0.1"), 11, "delta = 0.01");
    expect_delta_correct(algorithm, run_summary(text), 0.01);
  }
}

TEST_CASE("What a problem cannot pose is refused in one line", "[identification][cli]") {
  auto refused = [](const std::string& text, const std::string& what) {
    CHECK_THROWS_WITH(test::pipeline_from(text), Contains(what));
  };
  const ProblemCase& topm = kProblems[0];
  refused(pipeline({"", "plugin = poisson\nmeans = 1, 0, 2", "plugin = top-k\nk = 1", ""}, "plugin = top-two", 1, 1),
          "means");
  refused(pipeline({"", "plugin = exponential\nmeans = 1, -1", "plugin = top-k\nk = 1", ""}, "plugin = top-two", 1, 1),
          "means");
  refused(pipeline({"", "plugin = bernoulli\nmeans = 0.3, 0.5", "plugin = threshold\ntau = 0.5", ""},
                   "plugin = track-and-stop", 1, 1),
          "has mean equal to tau = 0.5");
  refused(pipeline(topm, "plugin = top-two\nepsilon = -0.1", 1, 1), "epsilon");
  refused(pipeline(topm, "plugin = track-and-stop\nepsilon = 0.1", 1, 1),
          "epsilon = 0.1 is not defined for the top-2 query");
  refused(pipeline({"", "plugin = bernoulli\nmeans = 0.3, 0.5", "plugin = threshold\ntau = 1.5", ""},
                   "plugin = top-two", 1, 1),
          "tau = 1.5 is not inside the means of bernoulli arms");
  refused(pipeline({"", "plugin = gaussian\nmeans = 0.3, 0.5, 0.1\nvariance = unknown", "plugin = top-k\nk = 1", ""},
                   "plugin = lucb", 1, 1),
          "needs rewards with a known sub-Gaussian constant");
  refused(pipeline({"", "plugin = gaussian\nmeans = 0.3, 0.5\nsigmas = 1, 2, 3", "plugin = top-k\nk = 1", ""},
                   "plugin = top-two", 1, 1),
          "has 3 values for 2 arms");
  // A listed class too large for the exact best response: the paths of a 12 x 12 grid DAG
  // (C(22, 11) = 705,432 > 10^5 decisions), named with the algorithm, one line.
  const std::string big = "[environment]\nplugin = planted-gap\ngap = 0.5\nsigma = 0.5\n[oracle]\nplugin = dag-path\n"
                          "generator = grid-dag\nrows = 12\ncols = 12\n[algorithm]\nplugin = track-and-stop\n";
  refused(big, "the class has more than 100000 decisions: too large for the exact best response");
  CHECK_THROWS_WITH(test::pipeline_from(big), Contains("track-and-stop") && !Contains("\n"));
}
