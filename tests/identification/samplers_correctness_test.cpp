// Delta-correctness of the GLR samplers of issue 30 (top-two's family, game, fw-sampling,
// sticky-track-and-stop, uniform, oracle-weights, best-challenger, the elimination rules): the
// one-sided 95% Clopper-Pearson upper bound of the error rate <= delta = 0.1 over 400 runs, on
// a Gaussian (sigma = 1) and a Bernoulli instance shared by all, whose means are shuffled by a
// seeded generator so that the best arm sits at a random position (not 0), on the epsilon-good
// and "any arm above tau" problems for the samplers of several correct answers, and on top-2.
// The other problems (game and FW on top-2, thresholds and "any above"; sticky on the other
// problems of several answers; elimination on top-2 and thresholds) and TTTS on Bernoulli arms
// (Beta draws, re-sampled on top-2: ~3 s) are in the long suite (samplers_long_test.cpp). Plus the
// refusals, one line each. And the samplers that draw only the top of a posterior draw from 256
// arms on (T3C, ts-explore, peps) on 300 Gaussian arms.
#include <catch2/catch.hpp>

#include <cmath>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "identification_problems.hpp"
#include "shared_instances.hpp"

using namespace cpex;
using namespace cpex::test;
using Catch::Matchers::Contains;

namespace {

const std::string& kGaussianEnvironment = kSharedGaussian;
const std::string& kBernoulliEnvironment = kSharedBernoulli;

void expect_correct_on(const std::string& environment, const char* oracle, const std::string& algorithm,
                       const char* extra = "") {
  expect_correct({"shared instance", environment.c_str(), oracle, extra}, algorithm);
}

void expect_correct_on_both(const std::string& algorithm) {
  expect_correct_on(kGaussianEnvironment, "plugin = top-k\nk = 1", algorithm);
  expect_correct_on(kBernoulliEnvironment, "plugin = top-k\nk = 1", algorithm);
}

}  // namespace

TEST_CASE("The top-two family is delta-correct", "[identification][samplers][statistical]") {
  expect_correct_on(kGaussianEnvironment, "plugin = top-k\nk = 1", "plugin = top-two\nleader = ts\nchallenger = ts");
  expect_correct_on_both("plugin = top-two\nleader = ts\nchallenger = tc");  // T3C
  expect_correct_on(kGaussianEnvironment, "plugin = top-k\nk = 1",
                    "plugin = top-two\nleader = ei\nchallenger = ei");  // TTEI
  expect_correct_on_both("plugin = top-two\nleader = ucb\nchallenger = tc\nselection = tracking");  // TTUCB
  expect_correct_on_both("plugin = top-two\nbeta = ids");                                        // EB-TCI, IDS
  expect_correct_on(kBernoulliEnvironment, "plugin = top-k\nk = 1",
                    "plugin = top-two\nchallenger = tc\nbeta = ids\nselection = tracking");
  expect_correct_on(kGaussianEnvironment, "plugin = top-k\nk = 1", "plugin = top-two\nselection = random");
  // EB-TCeps: the epsilon-good problem's pieces are the TCeps challenger.
  for (const ProblemCase& p : {kProblems[2], kProblems[3]})
    expect_correct(p, "plugin = top-two\nchallenger = tc\nselection = tracking");
  expect_correct(kProblems[1], "plugin = top-two\nleader = ts\nchallenger = tc");  // top-2
}

// TTTS tosses its coin before re-sampling the challenger (Russo's order, top_two.cpp's
// select_first): the best arm, leader in almost every round on this instance, must take a share
// beta of the rounds after the initial pass, with either selection rule (a coin read the wrong
// way round would give 1 - beta; a challenger pulled on every round, 0).
TEST_CASE("TTTS pulls the leader arm at the proportion beta", "[identification][samplers][statistical]") {
  for (const double beta : {0.8, 0.3}) {
    for (const char* selection : {"sampling", "tracking"}) {
      std::ostringstream text;
      text << "[environment]\nplugin = gaussian\nmeans = 0, 0, 2.5, 0\nsigma = 1\n[oracle]\nplugin = top-k\nk = 1\n"
           << "[algorithm]\nplugin = top-two\nleader = ts\nchallenger = ts\ndelta = 1e-6\nbeta = " << beta
           << "\nselection = " << selection << "\n[run]\nseed = 5\nrepetitions = 80\nrecord-pulls = yes\n";
      double best = 0.0, rounds = 0.0;
      for (const RunRecord& r : run_records(text.str())) {
        std::istringstream pulls(r.pulls);
        std::vector<double> n{std::istream_iterator<double>(pulls), std::istream_iterator<double>()};
        REQUIRE(n.size() == 4);
        best += n[2] - 1.0;  // after the initial pass (one pull each)
        rounds += static_cast<double>(r.samples) - 4.0;
      }
      INFO("beta " << beta << ", selection " << selection << ": " << best << " of " << rounds << " rounds");
      REQUIRE(rounds > 2000.0);
      CHECK(std::abs(best / rounds - beta) < 0.04);
    }
  }
}

// sticky-track-and-stop's pruned plausibility scan (certified costs from prefix sums, kept
// across rounds less what each pull can lower them) must pick the sticky answer of the exact
// test on every arm, round after round: the runs are the same runs, pulls included. Gaussian
// (ties, 300 arms), Bernoulli and Poisson arms; "any arm above tau" and epsilon-good.
TEST_CASE("sticky-track-and-stop's pruned scan answers as the scan of every arm",
          "[identification][samplers]") {
  std::string many;
  for (int a = 0; a < 300; ++a)
    many += (a ? ", " : "") + std::to_string(0.2 + 0.5 * ((a * 37) % 300) / 300.0);
  const struct {
    std::string environment, oracle, extra;
  } cases[] = {
      {"plugin = gaussian\nmeans = 0.5, 0.5, 0.3, 0.3, 0.7, 0.5, 0.7, 0.3\nsigma = 1",
       "plugin = good-arm\ntau = 0.6", ""},
      {"plugin = gaussian\nmeans = 0.5, 0.5, 0.3, 0.7, 0.3, 0.7\nsigma = 1",
       "plugin = top-k\nk = 1", "epsilon = 0.1"},
      {"plugin = gaussian\nmeans = " + many + "\nsigma = 0.5", "plugin = good-arm\ntau = 0.5508",
       ""},
      {"plugin = bernoulli\nmeans = 0.3, 0.55, 0.2, 0.62, 0.45, 0.6, 0.1",
       "plugin = good-arm\ntau = 0.58", ""},
      {"plugin = bernoulli\nmeans = 0.3, 0.55, 0.2, 0.62, 0.45, 0.6, 0.1", "plugin = top-k\nk = 1",
       "epsilon = 0.05"},
      {"plugin = poisson\nmeans = 1, 2.5, 0.5, 2.8, 2, 1.5", "plugin = good-arm\ntau = 2.6", ""},
  };
  for (const auto& c : cases) {
    const auto runs = [&](const char* scan) {
      return run_records(
          "[environment]\n" + c.environment + "\n[oracle]\n" + c.oracle +
          "\n[algorithm]\nplugin = sticky-track-and-stop\ndelta = 0.01\nplausibility-scan = " +
          scan + "\n" + c.extra + "\n[run]\nseed = 8\nrepetitions = 6\nrecord-pulls = yes\n");
    };
    const std::vector<RunRecord> pruned = runs("pruned"), every = runs("every-arm");
    REQUIRE(pruned.size() == every.size());
    for (std::size_t i = 0; i < pruned.size(); ++i) {
      INFO(c.environment.substr(0, 60) << " / " << c.oracle << ", run " << i);
      REQUIRE(pruned[i].error.empty());
      CHECK(pruned[i].samples == every[i].samples);
      CHECK(pruned[i].recommendation == every[i].recommendation);
      CHECK(pruned[i].pulls == every[i].pulls);
    }
  }
}

TEST_CASE("game, fw-sampling, uniform, oracle-weights and best-challenger are delta-correct",
          "[identification][samplers][statistical]") {
  for (const char* algorithm : {"plugin = game", "plugin = fw-sampling", "plugin = uniform", "plugin = oracle-weights",
                                "plugin = best-challenger"})
    expect_correct_on_both(algorithm);
}

TEST_CASE("sticky-track-and-stop is delta-correct on problems with several answers",
          "[identification][samplers][statistical]") {
  for (const ProblemCase& p : {kProblems[2], kProblems[5]}) expect_correct(p, "plugin = sticky-track-and-stop");
}

TEST_CASE("The elimination rules are delta-correct", "[identification][samplers][statistical]") {
  for (const char* elimination : {"stopping", "sampling"})
    for (const char* algorithm : {"plugin = top-two", "plugin = track-and-stop", "plugin = fw-sampling",
                                  "plugin = uniform"})
      expect_correct_on_both(std::string(algorithm) + "\nelimination = " + elimination);
}

TEST_CASE("The samplers drawing only the top of a posterior draw are delta-correct at 300 arms",
          "[identification][samplers][statistical]") {
  // From 256 arms on (PosteriorTop::kFromArms) T3C's leader (Gaussian and Bernoulli arms) and
  // ts-explore's competitors draw the top of the posterior only, and TTUCB's leader on Bernoulli
  // arms computes only the indices that can win (KlIndexArgmax::kFromArms): 50 runs each here (one-sided Clopper-Pearson bound <= 0.1:
  // at most one error), 400 and peps in the long suite.
  const std::string environment = many_gaussian_arms();
  for (const char* algorithm : {"plugin = top-two\nleader = ts\nchallenger = tc", "plugin = top-two\nleader = ts\nchallenger = ts",
                                "plugin = top-two\nchallenger = ts", "plugin = ts-explore"})
    expect_delta_correct(std::string("300 gaussian arms, ") + algorithm,
                         run_summary(pipeline({"300 gaussian arms", environment.c_str(), "plugin = top-k\nk = 1", ""},
                                              algorithm, 50, 31)),
                         0.1);
  // Bernoulli arms: T3C's leader by the Beta top draw, TTUCB's by KlIndexArgmax.
  const std::string bernoulli = many_bernoulli_arms();
  for (const char* algorithm : {"plugin = top-two\nleader = ts\nchallenger = tc",
                                "plugin = top-two\nleader = ts\nchallenger = ts",
                                "plugin = top-two\nleader = ucb\nchallenger = tc\nselection = tracking"})
    expect_delta_correct(std::string("300 bernoulli arms, ") + algorithm,
                         run_summary(pipeline({"300 bernoulli arms", bernoulli.c_str(), "plugin = top-k\nk = 1", ""},
                                              algorithm, 50, 31)),
                         0.1);
}

TEST_CASE("What a sampler cannot do is refused in one line", "[identification][samplers][cli]") {
  auto refused = [](const ProblemCase& p, const std::string& algorithm, const std::string& what) {
    CHECK_THROWS_WITH(test::pipeline_from(pipeline(p, algorithm, 1, 1)), Contains(what));
  };
  const ProblemCase bernoulli{"bernoulli", kBernoulliEnvironment.c_str(), "plugin = top-k\nk = 1", ""};
  refused(bernoulli, "plugin = top-two\nchallenger = ei",
          "challenger = ei (TTEI, Qin, Klabjan & Russo 2017) is defined for the best arm of Gaussian arms of known "
          "variance, not for the best arm query of bernoulli arms");
  refused(kProblems[0], "plugin = top-two\nleader = ei", "not for the top-2 query of gaussian arms");
  refused(bernoulli, "plugin = top-two\nbeta = 1.5", "beta = '1.5' is neither a number in (0, 1) nor 'ids'");
  refused(bernoulli, "plugin = sticky-track-and-stop", "not the best arm query: use track-and-stop");
  refused(kProblems[8], "plugin = oracle-weights", "needs the arms' variances");
  refused({"", kProblems[8].environment, "plugin = top-k\nk = 1", "epsilon = 0.1"}, "plugin = sticky-track-and-stop",
          "not gaussian-unknown-variance arms (the 0.1-good arm query)");
}
