// Long statistical runs (ctest label `long`, not in the default suite): every Best-K
// algorithm and preset at seed 004's nu = 0.01, 3000 runs per case, on larger instances.
#include <catch2/catch.hpp>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

TEST_CASE("Best-K algorithms are nu-correct at nu = 0.01 over 3000 runs", "[long]") {
  const std::pair<const char*, int> cases[] = {
      {"lil-lucb", 2}, {"lucb-pp", 2}, {"lil-rand-lucb", 2}, {"lil-clucb", 2}, {"lil-ucb", 1}};
  for (const auto& [algorithm, k] : cases) {
    for (const char* preset : {"heuristic", "faithful"}) {
      for (const char* generator : {"one-sparse", "alpha-exponential"}) {
        const std::string text =
            std::string("[environment]\nplugin = topk-instance\ngenerator = ") + generator +
            "\nn = 50\nk = " + std::to_string(k) + "\n[oracle]\nplugin = top-k\nk = " +
            std::to_string(k) + "\n[algorithm]\nplugin = " + algorithm + "\npreset = " + preset +
            "\ndelta = 0.01\n[run]\nseed = 99\nrepetitions = 3000\n";
        const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
        const Summary s = summarize(execute(make_jobs(pipelines, expand({})), {0}, nullptr));
        INFO(algorithm << " " << preset << " " << generator << ": " << s.wrong << " errors, CP upper "
                       << s.wrong_rate_ci95.upper);
        CHECK(s.wrong_rate_ci95.upper <= 0.01);
      }
    }
  }
}

TEST_CASE("Full-bandit algorithms on seed 000's synthetic instances (n = 10, k = 5)", "[long][full-bandit]") {
  for (const char* algorithm : {"saqm\n[dks]\nplugin = dks-peeling", "sa-foa\n[dks]\nplugin = dks-peeling",
                                "icb", "sa-exhaustive"}) {
    const std::vector<cpex::Pipeline> pipelines = {cpex::test::pipeline_from(
        std::string("[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 10\nk = 5\n"
                    "delta-min = 0.5\n[oracle]\nplugin = top-k\nk = 5\n[run]\nseed = 5\nrepetitions = 100\n"
                    "[algorithm]\nallocation = g-allocation\ndelta = 0.05\nplugin = ") + algorithm + "\n")};
    const cpex::Summary s = cpex::summarize(cpex::execute(cpex::make_jobs(pipelines, cpex::expand({})), {2}, nullptr));
    INFO(algorithm << ": errors " << s.wrong << "/" << s.runs << ", mean samples " << s.mean_samples);
    CHECK(s.capped == 0);
    CHECK(s.wrong_rate_ci95.upper <= 0.05);
  }
}
