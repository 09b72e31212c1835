// CLUCB-QM, CLUCB-Ex and the CLUCB / ME / LUCB baselines return the
// optimal super arm on small synthetic instances, and their error rate stays below delta
// (upper 95% Clopper-Pearson bound <= delta, epsilon = 0 and epsilon > 0, no capped runs).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

std::string synthetic(int n, int k, double gap, double sigma = 1.0) {
  return "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = " + std::to_string(n) +
         "\nk = " + std::to_string(k) + "\ndelta-min = " + std::to_string(gap) +
         "\nsigma = " + std::to_string(sigma) + "\n[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n";
}

const std::string kDks = "[dks]\nplugin = dks-peeling\n";

}  // namespace

TEST_CASE("Every baseline returns the optimal super arm on small synthetic instances", "[full-bandit]") {
  struct Case {
    std::string text;
    const char* what;
  };
  const std::vector<Case> cases = {
      {synthetic(8, 3, 1.0) + kDks + "[algorithm]\nplugin = clucb-qm\n", "clucb-qm n=8 k=3"},
      {synthetic(10, 5, 1.0) + kDks + "[algorithm]\nplugin = clucb-qm\nfixed-arm = 9\n", "clucb-qm n=10 k=5"},
      {synthetic(8, 3, 1.0) + kDks + "[algorithm]\nplugin = clucb-qm\ncompanions = fixed\n",
       "clucb-qm n=8 k=3 fixed companions (deadlocked with the level radius)"},
      {synthetic(10, 4, 1.0) + "[algorithm]\nplugin = clucb-full\ncompanions = random\n", "clucb-full random companions"},
      {synthetic(8, 3, 1.0) + "[algorithm]\nplugin = clucb-ex\n", "clucb-ex n=8 k=3"},
      {synthetic(10, 5, 0.5) + "[algorithm]\nplugin = clucb-ex\nfixed-arm = 9\nepsilon = 0.5\n", "clucb-ex n=10 k=5"},
      {synthetic(8, 3, 1.0) + "[algorithm]\nplugin = clucb-full\n", "clucb-full n=8 k=3"},
      {synthetic(12, 5, 1.0) + "[algorithm]\nplugin = clucb-full\nfixed-arm = 4\n", "clucb-full n=12 k=5"},
      {synthetic(10, 3, 1.0, 0.5) + "[algorithm]\nplugin = me-full\nepsilon = 0.5\n", "me-full n=10 k=3"},
      {synthetic(12, 4, 1.0, 0.5) + "[algorithm]\nplugin = lucb-full\nepsilon = 0.5\n", "lucb-full n=12 k=4"},
      {synthetic(10, 3, 1.0, 0.5) + "[algorithm]\nplugin = lucb-full\nepsilon = 0.5\n", "lucb-full n=10 k=3"},
      // n < 3k - 2: phase 2 samples the finalists by pairs against a reference arm.
      {synthetic(10, 5, 1.0, 0.5) + "[algorithm]\nplugin = me-full\nepsilon = 0.5\n", "me-full n=10 k=5 (pairs)"},
      {synthetic(10, 5, 1.0, 0.5) + "[algorithm]\nplugin = lucb-full\nepsilon = 0.5\n", "lucb-full n=10 k=5 (pairs)"},
      {synthetic(8, 4, 1.0, 0.5) + "[algorithm]\nplugin = lucb-full\nepsilon = 0.5\n", "lucb-full n=8 k=4 (pairs)"},
  };
  for (const auto& c : cases) {
    const Summary s = test::run_summary(c.text + "[run]\nseed = 5\nrepetitions = 4\nmax-samples = 50000000\n");
    INFO(c.what << ": errors " << s.wrong << ", capped " << s.capped << ", mean samples " << s.mean_samples);
    CHECK(s.capped == 0);
    CHECK(s.wrong == 0);
  }
}

TEST_CASE("CLUCB-QM and the baselines are delta-correct", "[full-bandit][statistical]") {
  // The best arms sit away from index 0, the default fixed arm e' of CLUCB / CLUCB-QM and
  // the first member of ME / LUCB's fixed set A = {0..k-2}, so they must win phase 1.
  // A small instance with a clear best pair; delta = 0.1, so 0 errors in 40 runs already
  // bounds the error rate (Clopper-Pearson upper 95% bound 0.088) below delta.
  const std::string exact =
      "[environment]\nplugin = full-bandit\nmeans = -0.1, 0.0, 1.0, -0.3, 0.9, -0.2, 0.1\nk = 2\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 2\n";
  // epsilon > 0 on an instance whose best pair beats the next ones by less than epsilon:
  // several answers are acceptable, the run must return one of them.
  const std::string close =
      "[environment]\nplugin = full-bandit\nmeans = -0.1, 0.8, 0.0, 1.0, -0.3, 0.9, -0.2\nk = 2\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 2\n";
  // k = 3 of n = 6 < 3k - 2: phase 2 of ME / LUCB runs on pairs.
  const std::string paired =
      "[environment]\nplugin = full-bandit\nmeans = 0.0, 0.8, -0.1, 1.0, -0.2, 0.9\nk = 3\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 3\n";
  const std::string tail = "delta = 0.1\n[run]\nseed = 11\nrepetitions = 40\nmax-samples = 50000000\n";
  struct Case {
    std::string text;
    const char* what;
  };
  const std::vector<Case> cases = {
      {exact + kDks + "[algorithm]\nplugin = clucb-qm\n" + tail, "clucb-qm eps=0"},
      {close + kDks + "[algorithm]\nplugin = clucb-qm\nepsilon = 0.3\n" + tail, "clucb-qm eps=0.3"},
      {exact + "[algorithm]\nplugin = clucb-ex\n" + tail, "clucb-ex eps=0"},
      {close + "[algorithm]\nplugin = clucb-ex\nepsilon = 0.3\n" + tail, "clucb-ex eps=0.3"},
      {exact + "[algorithm]\nplugin = clucb-full\n" + tail, "clucb-full eps=0"},
      {close + "[algorithm]\nplugin = clucb-full\nepsilon = 0.3\n" + tail, "clucb-full eps=0.3"},
      {exact + "[algorithm]\nplugin = me-full\nepsilon = 0.4\n" + tail, "me-full eps=0.4"},
      {close + "[algorithm]\nplugin = me-full\nepsilon = 0.3\n" + tail, "me-full eps=0.3 close"},
      {exact + "[algorithm]\nplugin = lucb-full\nepsilon = 0.4\n" + tail, "lucb-full eps=0.4"},
      {close + "[algorithm]\nplugin = lucb-full\nepsilon = 0.3\n" + tail, "lucb-full eps=0.3 close"},
      {paired + "[algorithm]\nplugin = me-full\nepsilon = 0.4\n" + tail, "me-full eps=0.4 pairs"},
      {paired + "[algorithm]\nplugin = lucb-full\nepsilon = 0.4\n" + tail, "lucb-full eps=0.4 pairs"},
  };
  for (const auto& c : cases) {
    const Summary s = test::run_summary(c.text);
    test::expect_delta_correct(c.what, s, 0.1);
    CHECK(s.runs == 40);
  }
}

TEST_CASE("CLUCB-Ex is delta-correct with the best set at a random position", "[full-bandit][statistical]") {
  // The synthetic generator shuffles the arms with each run's instance stream, so the best
  // super arm sits at a different place in every run (also away from the fixed arm e' = 0).
  // delta = 0.1, 60 runs: up to 1 error keeps the Clopper-Pearson upper bound (0.058, 0.089)
  // below delta; the bound is loose, so errors are rare. Judged by exact optimality
  // (epsilon = 0) and by the sum rule (epsilon = 0.5, Delta_min = 0.2 < epsilon). The
  // heavier version: tests/full_bandit/clucb_ex_long_test.cpp (label long).
  const std::string tail = "delta = 0.1\n[run]\nseed = 23\nrepetitions = 60\nmax-samples = 5000000\n";
  for (const auto& [text, what] : std::vector<std::pair<std::string, const char*>>{
           {synthetic(8, 3, 0.5) + "[algorithm]\nplugin = clucb-ex\n" + tail, "eps=0"},
           {synthetic(8, 4, 0.2) + "epsilon-rule = sum\n[algorithm]\nplugin = clucb-ex\nepsilon = 0.5\n" + tail,
            "eps=0.5 sum"}}) {
    const Summary s = test::run_summary(text);
    test::expect_delta_correct(what, s, 0.1);
    CHECK(s.runs == 60);
  }
}

TEST_CASE("Crowdsourcing announces sqrt(k)/2 by default and k with announced-sigma = bounded", "[full-bandit]") {
  const std::string base =
      "[environment]\nplugin = crowdsourcing\nprofile = IT\nk = 10\n[oracle]\nplugin = top-k\nk = 10\n"
      "[algorithm]\nplugin = icb\nepsilon = 0.5\n[run]\nrepetitions = 1\nmax-samples = 500\n";
  const auto sigma_of = [](const std::string& text) {
    const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
    const auto records = execute(make_jobs(pipelines, expand({})), {1}, nullptr);
    REQUIRE(records.size() == 1);
    const std::string& resolved = records.front().resolved;
    const auto at = resolved.find("\"sigma\":");
    REQUIRE(at != std::string::npos);
    return std::stod(resolved.substr(at + 8));
  };
  CHECK(sigma_of(base) == Approx(0.5 * std::sqrt(10.0)));
  std::string bounded = base;
  bounded.replace(bounded.find("k = 10\n"), 7, "k = 10\nannounced-sigma = bounded\n");
  CHECK(sigma_of(bounded) == Approx(10.0));
}
