// CLUCB-Ex (seed 001 App. E.3) delta-correctness, the heavy version (label long): 1,000
// runs per case with the best super arm at a random position (the synthetic generator
// shuffles the arms per run), judged by exact optimality (epsilon = 0) and by the sum rule
// (epsilon = 0.5); the 95% Clopper-Pearson upper bound of the error rate must stay <= delta.
// About 30 s of CPU. The cheap version is in baselines_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

TEST_CASE("CLUCB-Ex is delta-correct over 1,000 runs with the best set at a random position", "[full-bandit][long]") {
  const auto instance = [](int n, int k, double gap) {
    return "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = " + std::to_string(n) + "\nk = " +
           std::to_string(k) + "\ndelta-min = " + std::to_string(gap) + "\n[oracle]\nplugin = top-k\nk = " +
           std::to_string(k) + "\nepsilon-rule = sum\n";
  };
  const std::string tail = "delta = 0.1\n[run]\nseed = 29\nrepetitions = 1000\nmax-samples = 5000000\n";
  for (const auto& [text, what] : std::vector<std::pair<std::string, const char*>>{
           {instance(10, 5, 0.3) + "[algorithm]\nplugin = clucb-ex\n" + tail, "n=10 k=5 eps=0"},
           {instance(9, 3, 0.2) + "[algorithm]\nplugin = clucb-ex\nepsilon = 0.5\n" + tail, "n=9 k=3 eps=0.5"}}) {
    const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
    const Summary s = summarize(execute(make_jobs(pipelines, expand({})), {2}, nullptr));
    INFO(what << ": errors " << s.wrong << "/" << s.runs << ", not optimal " << s.not_optimal << ", CP upper "
              << s.wrong_rate_ci95.upper << ", mean samples " << s.mean_samples);
    CHECK(s.runs == 1000);
    CHECK(s.capped == 0);
    CHECK(s.wrong_rate_ci95.upper <= 0.1);
  }
}
