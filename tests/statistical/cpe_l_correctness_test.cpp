// Statistical delta-correctness of CLUCB and lil'CLUCB (generalized, seed 004 Alg. 3) on
// spanning-tree, path and matching instances with planted gaps: 500 runs each (a new random
// instance per run on a fixed small graph); no run may hit the sample cap and the upper
// 95% Clopper-Pearson bound of the error rate must be <= delta.
#include <catch2/catch.hpp>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

constexpr double kDelta = 0.05;
constexpr int kRuns = 500;

void check_correct(const std::string& algorithm, const std::string& oracle_section,
                   const std::string& environment_keys, const std::string& extra = "") {
  const std::string confidence =
      (algorithm == "clucb" ? "delta = 0.05\n" : "preset = heuristic\ndelta = 0.05\n") + extra;
  const std::string text = "[environment]\nplugin = planted-gap\n" + environment_keys +
                           "[oracle]\n" + oracle_section + "[algorithm]\nplugin = " + algorithm +
                           "\n" + confidence + "[run]\nseed = 5\nrepetitions = " +
                           std::to_string(kRuns) + "\nmax-samples = 2000000\n";
  const Summary s = test::run_summary(text);
  test::expect_delta_correct(algorithm + " on\n" + oracle_section, s, kDelta);
  CHECK(s.runs == kRuns);
}

const char* const kAlgorithms[] = {"clucb", "lil-clucb"};

}  // namespace

TEST_CASE("CLUCB and lil'CLUCB are delta-correct on spanning-tree instances",
          "[statistical][cpe-l]") {
  for (const char* algorithm : kAlgorithms)
    check_correct(algorithm,
                  "plugin = matroid-graphic\ngenerator = random\nvertices = 5\nedges = 8\n"
                  "graph-seed = 3\n",
                  "gap = 0.4\nsigma = 0.5\n");
}

TEST_CASE("CLUCB and lil'CLUCB are delta-correct on DAG path instances", "[statistical][cpe-l]") {
  for (const char* algorithm : kAlgorithms)
    check_correct(algorithm, "plugin = dag-path\ngenerator = grid-dag\nrows = 2\ncols = 3\n",
                  "gap = 0.5\nsigma = 0.25\n");
}

TEST_CASE("CLUCB and lil'CLUCB are delta-correct on matching instances", "[statistical][cpe-l]") {
  for (const char* algorithm : kAlgorithms)
    check_correct(algorithm,
                  "plugin = matching\ngenerator = bipartite\nleft = 2\nright = 3\nedges = 5\n"
                  "graph-seed = 2\n",
                  "gap = 0.5\nsigma = 0.25\n");
}

TEST_CASE("CLUCB's PAC variant is (epsilon, delta)-correct where exact identification is hard",
          "[statistical][cpe-l]") {
  // Gap 0.05 < epsilon = 0.3: the run may stop with any tree within 0.3 of the best, and
  // the judge accepts exactly those.
  check_correct("clucb",
                "plugin = matroid-graphic\ngenerator = random\nvertices = 5\nedges = 8\n"
                "graph-seed = 3\n",
                "gap = 0.05\nsigma = 0.5\n", "epsilon = 0.3\n");
}
