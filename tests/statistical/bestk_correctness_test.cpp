// Statistical nu-correctness of every Best-K algorithm and preset on two instance types:
// 600 runs each, and the upper 95% Clopper-Pearson bound of the error rate must be <= nu.
#include <catch2/catch.hpp>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

constexpr double kNu = 0.05;
constexpr int kRuns = 600;

void check_correct(const std::string& algorithm, const std::string& preset,
                   const std::string& generator, int n, int k) {
  const std::string text =
      "[environment]\nplugin = topk-instance\ngenerator = " + generator + "\nn = " +
      std::to_string(n) + "\nk = " + std::to_string(k) + "\n[oracle]\nplugin = top-k\nk = " +
      std::to_string(k) + "\n[algorithm]\nplugin = " + algorithm + "\npreset = " + preset +
      "\ndelta = " + std::to_string(kNu) + "\n[run]\nseed = 11\nrepetitions = " +
      std::to_string(kRuns) + "\n";
  test::expect_delta_correct(algorithm + " (" + preset + ") on " + generator + " n=" + std::to_string(n) +
                                 " k=" + std::to_string(k),
                             test::run_summary(text), kNu);
}

}  // namespace

TEST_CASE("Best-K algorithms are nu-correct on 1-sparse and 0.3-exponential instances",
          "[statistical]") {
  for (const char* algorithm : {"lil-lucb", "lucb-pp", "lil-rand-lucb", "lil-clucb"})
    for (const char* preset : {"heuristic", "faithful"}) {
      check_correct(algorithm, preset, "one-sparse", 10, 2);
      check_correct(algorithm, preset, "alpha-exponential", 10, 3);
    }
}

TEST_CASE("lil'UCB is nu-correct on 1-sparse and lil-exponential instances", "[statistical]") {
  for (const char* preset : {"heuristic", "faithful"}) {
    check_correct("lil-ucb", preset, "one-sparse", 10, 1);
    check_correct("lil-ucb", preset, "lil-exponential", 10, 1);
  }
}
