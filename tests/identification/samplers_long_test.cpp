// The long runs of the GLR samplers of issue 30 (ctest label `long`):
//  - at delta = 1e-10, on Garivier & Kaufmann's mu^1 = (0.5, 0.45, 0.43, 0.4) (Bernoulli, best
//    arm) and on a top-2 Bernoulli instance, T3C, TTUCB, game and fw-sampling take on average
//    at most 1.3 T*(mu) log(1/delta) samples (T* from numerics/characteristic_time.hpp), with
//    no error;
//  - TTTS is delta-correct on the Bernoulli instance of samplers_correctness_test.cpp (its
//    re-sampled Beta draws took ~10 s for 400 runs; ~3 s since the best arm's challenger
//    is drawn by the union of events) and on top-2;
//  - delta-correctness on the problems the default suite leaves out (game and fw-sampling on
//    top-2, thresholds and "any above"; TTUCB on Gaussian top-2; sticky-track-and-stop on the
//    relative epsilon-good and "none above" problems; the elimination rules on top-2 and
//    thresholds);
//  - T3C, ts-explore and peps on 300 Gaussian arms (the top-of-the-posterior draws), 400 runs
//    (~45 s; 50 runs of T3C and ts-explore in the default suite);
//  - 10^4 Gaussian arms (the leaderboard's large-k-1000 at ten times the arms): Track-and-Stop
//    (D and C), ts-explore, EB-TCI and fw-sampling stop without error within 2.2-3.3 T*(mu)
//    log(1/delta) at delta = 1e-6, two runs each (~10 min).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "identification_problems.hpp"
#include "shared_instances.hpp"

using namespace cpex;
using namespace cpex::test;

namespace {

constexpr double kDelta = 1e-10;

std::string text(const std::string& means, int m, const std::string& algorithm, int runs) {
  std::ostringstream out;
  out << "[environment]\nplugin = bernoulli\nmeans = " << means << "\n[oracle]\nplugin = top-k\nk = " << m
      << "\n[algorithm]\n" << algorithm << "\ndelta = " << kDelta << "\n[run]\nseed = 1010\nrepetitions = " << runs
      << "\nmax-samples = 100000000\n";
  return out.str();
}

void expect_near_bound(const std::vector<double>& mu, int m, const char* algorithm) {
  std::ostringstream means;
  for (std::size_t a = 0; a < mu.size(); ++a) means << (a ? ", " : "") << mu[a];
  const auto problem = numerics::top_m_problem(mu.size(), static_cast<std::size_t>(m));
  const std::vector<numerics::ArmFamily> families(mu.size(), numerics::ArmFamily::bernoulli());
  const double bound = numerics::characteristic_time(*problem, mu, families).value * std::log(1.0 / kDelta);
  const Summary s = run_summary(text(means.str(), m, algorithm, 100));
  INFO(algorithm << " on top-" << m << " of (" << means.str() << "): mean samples " << s.mean_samples
                 << ", T* log(1/delta) " << bound << ", ratio " << s.mean_samples / bound);
  CHECK(s.capped == 0);
  CHECK(s.wrong == 0);
  CHECK(s.mean_samples <= 1.3 * bound);
}

const char* const kOptimal[] = {
    "plugin = top-two\nleader = ts\nchallenger = tc",                         // T3C
    "plugin = top-two\nleader = ucb\nchallenger = tc\nselection = tracking",  // TTUCB
    "plugin = game",
    "plugin = fw-sampling",
};

}  // namespace

TEST_CASE("T3C, TTUCB, game and fw-sampling reach 1.3 T*(mu) log(1/delta) at delta = 1e-10",
          "[identification][samplers][long]") {
  for (const char* algorithm : kOptimal) {
    expect_near_bound({0.5, 0.45, 0.43, 0.4}, 1, algorithm);
    expect_near_bound({0.3, 0.7, 0.45, 0.8, 0.2}, 2, algorithm);
  }
}

TEST_CASE("TTTS is delta-correct on Bernoulli arms", "[identification][samplers][long]") {
  expect_correct({"shared bernoulli", kSharedBernoulli.c_str(), "plugin = top-k\nk = 1", ""},
                 "plugin = top-two\nleader = ts\nchallenger = ts");
  expect_correct(kProblems[1], "plugin = top-two\nleader = ts\nchallenger = ts");  // top-2
}

TEST_CASE("The samplers are delta-correct on the other problems", "[identification][samplers][long]") {
  for (const char* algorithm : {"plugin = game", "plugin = fw-sampling"})
    for (const ProblemCase& p : {kProblems[1], kProblems[4], kProblems[5]}) expect_correct(p, algorithm);
  expect_correct(kProblems[0], "plugin = top-two\nleader = ucb\nchallenger = tc\nselection = tracking");
  for (const ProblemCase& p : {kProblems[3], kProblems[6]}) expect_correct(p, "plugin = sticky-track-and-stop");
  for (const char* elimination : {"stopping", "sampling"})
    for (const char* algorithm : {"plugin = top-two", "plugin = track-and-stop", "plugin = fw-sampling",
                                  "plugin = uniform"}) {
      const std::string text = std::string(algorithm) + "\nelimination = " + elimination;
      expect_correct(kProblems[1], text);  // top-2: pair statements closed by transitivity
      expect_correct(kProblems[4], text);  // thresholds: one-arm statements
    }
}

TEST_CASE("The samplers drawing only the top of a posterior draw are delta-correct at 300 arms, 400 runs",
          "[identification][samplers][long]") {
  const std::string environment = many_gaussian_arms();
  for (const char* algorithm :
       {"plugin = top-two\nleader = ts\nchallenger = tc", "plugin = top-two\nleader = ts\nchallenger = ts", "plugin = ts-explore",
        "plugin = peps"})
    expect_correct({"300 gaussian arms", environment.c_str(), "plugin = top-k\nk = 1", ""}, algorithm);
  const std::string bernoulli = many_bernoulli_arms();
  for (const char* algorithm : {"plugin = top-two\nleader = ts\nchallenger = tc", "plugin = top-two\nleader = ts\nchallenger = ts"})
    expect_correct({"300 bernoulli arms", bernoulli.c_str(), "plugin = top-k\nk = 1", ""}, algorithm);
}

TEST_CASE("At 10^4 Gaussian arms the optimal samplers stop near T* log(1/delta), delta = 1e-6",
          "[identification][samplers][long]") {
  // The best 0.7 at arm 4,321, the other 9,999 means evenly from 0.5 down to 0.1, sigma = 1/2:
  // T*(mu) = 42,675, T*(mu) log(1/delta) = 589,572 (cpex hardness).
  constexpr std::size_t kArms = 10000, kBest = 4321;
  constexpr double kWideDelta = 1e-6;
  std::vector<double> mu;
  std::ostringstream means;
  for (std::size_t a = 0, j = 0; a < kArms; ++a) {
    // Six decimals, and the mean as the pipeline reads it back.
    char value[32];
    std::snprintf(
        value, sizeof value, "%.6f",
        a == kBest ? 0.7 : 0.5 - 0.4 * static_cast<double>(j++) / static_cast<double>(kArms - 2));
    mu.push_back(std::stod(value));
    means << (a ? ", " : "") << value;
  }
  const auto problem = numerics::top_m_problem(kArms, 1);
  const std::vector<numerics::ArmFamily> families(kArms, numerics::ArmFamily::gaussian(0.5));
  const double bound =
      numerics::characteristic_time(*problem, mu, families).value * std::log(1.0 / kWideDelta);
  REQUIRE(bound == Approx(589572).epsilon(1e-4));
  // Measured (two runs each, 2026-11-30): D-Tracking 1.86 (1.51 on one run since its lazy w*
  // step is 0.1%), ts-explore 1.36 (asymptotically
  // optimal: within 2.2); C-Tracking 2.90 (its running sum keeps the early, poor w* estimates:
  // 2.52 at 1,000 arms, and worse with a smaller floor, 3.04; within 3.3); EB-TCI 2.45 (beta =
  // 1/2 is only beta-optimal, T*_{1/2} <= 2 T*: within 3). D-Tracking with GK's sqrt(t) - K/2
  // floor took 5.2 at 1,000 arms (docs/algorithms/asymptotic.md). fw-sampling 1.20 (two runs,
  // ~3.5 minutes of CPU each; its r-active games are stars solved by water filling: by GLPK's
  // dense program a run had not stopped after 15 minutes): within 2.2.
  const std::pair<const char*, double> samplers[] = {
      {"plugin = track-and-stop", 2.2}, {"plugin = track-and-stop\ntracking = c", 3.3},
      {"plugin = ts-explore", 2.2},     {"plugin = top-two", 3.0},
      {"plugin = fw-sampling", 2.2},
  };
  for (const auto& [algorithm, most] : samplers) {
    std::ostringstream text;
    text << "[environment]\nplugin = gaussian\nsigma = 0.5\nmeans = " << means.str()
         << "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
         << algorithm << "\ndelta = " << kWideDelta
         << "\n[run]\nseed = 11\nrepetitions = 2\nmax-samples = 20000000\n";
    const Summary s = run_summary(text.str());
    INFO(algorithm << ": mean samples " << s.mean_samples << ", ratio " << s.mean_samples / bound);
    CHECK(s.capped == 0);
    CHECK(s.failed == 0);
    CHECK(s.wrong == 0);
    CHECK(s.mean_samples <= most * bound);
  }
}
