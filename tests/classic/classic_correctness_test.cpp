// Delta-correctness of kl-lucb, kl-racing and median-elimination on the shared instances
// (classic_support.hpp: Gaussian and Bernoulli, shuffled, delta = 0.1, 400 runs, one-sided
// 95% Clopper-Pearson upper bound <= delta), top-1 (top-2: the long tests); and the acceptance
// comparison of issue 30: kl-lucb takes far fewer samples than lucb when every mean is
// <= 0.1, and about as many near 1/2. A few seconds in all.
#include <catch2/catch.hpp>

#include <sstream>

#include "classic_support.hpp"
#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

double mean_samples(const std::string& environment, const std::string& algorithm, int runs) {
  std::ostringstream text;
  text << "[environment]\n" << environment << "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
       << algorithm << "\ndelta = 0.1\n[run]\nseed = 30\nrepetitions = " << runs
       << "\nmax-samples = 100000000\n";
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text.str())};
  const Summary s = summarize(execute(make_jobs(pipelines, expand({})), {2}, nullptr));
  REQUIRE(s.ended == static_cast<std::uint64_t>(runs));
  CHECK(s.wrong == 0);
  return s.mean_samples;
}

}  // namespace

TEST_CASE("kl-lucb is delta-correct (both rates)", "[classic][statistical]") {
  for (bool gaussian : {true, false}) {
    test::check_correct("plugin = kl-lucb", gaussian, 1, 301);
    test::check_correct("plugin = kl-lucb\nrate = lucb1", gaussian, 1, 302);
  }
}

TEST_CASE("kl-racing is delta-correct", "[classic][statistical]") {
  for (bool gaussian : {true, false}) test::check_correct("plugin = kl-racing", gaussian, 1, 311);
}

TEST_CASE("median-elimination is (epsilon, delta)-correct", "[classic][statistical]") {
  // epsilon below the gap to the second arm (0.4 Gaussian, 0.25 Bernoulli), so only the
  // best arm is correct.
  test::check_correct("plugin = median-elimination\nepsilon = 0.3", true, 1, 321);
  test::check_correct("plugin = median-elimination\nepsilon = 0.2", false, 1, 322);
}

TEST_CASE("kl-lucb beats lucb on small Bernoulli means and matches it near 1/2",
          "[classic][statistical]") {
  const std::string low = "plugin = bernoulli\nmeans = 0.1, 0.05, 0.05, 0.02, 0.01";
  const std::string half = "plugin = bernoulli\nmeans = 0.6, 0.5, 0.45, 0.4, 0.35";
  // The same rate for both, so that only the bounds differ.
  const std::string lucb = "plugin = lucb";
  const std::string kl = "plugin = kl-lucb\nrate = lucb1";
  const double low_ratio = mean_samples(low, kl, 30) / mean_samples(low, lucb, 30);
  const double half_ratio = mean_samples(half, kl, 30) / mean_samples(half, lucb, 30);
  INFO("kl-lucb / lucb samples: means <= 0.1 " << low_ratio << ", near 1/2 " << half_ratio);
  CHECK(low_ratio < 0.5);
  CHECK(half_ratio > 0.75);
  CHECK(half_ratio < 1.05);
}

TEST_CASE("at-lucb's answer improves with the budget", "[classic][statistical]") {
  // Audibert et al.'s experiment 4 (best arm last), top 1 and top 2: the error at T = 4000
  // is below the error at T = 400, with disjoint 95% Clopper-Pearson intervals.
  for (int k : {1, 2}) {
    Interval at[2];
    int i = 0;
    for (int budget : {400, 4000}) {
      std::ostringstream text;
      text << "[environment]\nplugin = bernoulli\nmeans = 0.35, 0.35, 0.4, 0.4, 0.42, 0.5\n[oracle]\n"
           << "plugin = top-k\nk = " << k << "\n[algorithm]\nplugin = at-lucb\n[run]\nseed = 16\n"
           << "repetitions = 1000\nbudget = " << budget << "\n";
      const std::vector<Pipeline> pipelines = {test::pipeline_from(text.str())};
      const Summary s = summarize(execute(make_jobs(pipelines, expand({})), {2}, nullptr));
      REQUIRE(s.ended == 1000);
      at[i++] = s.wrong_rate_ci95;
    }
    INFO("k = " << k << ": error at 400 in [" << at[0].lower << ", " << at[0].upper << "], at 4000 in ["
                << at[1].lower << ", " << at[1].upper << "]");
    CHECK(at[1].upper < at[0].lower);
  }
}
