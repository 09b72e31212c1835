// Statistical delta-correctness of COCI (seed 003 Theorem 1) with each oracle it serves:
// osa-greedy on an opinion instance (variance estimator), water-planning on a water
// instance (mean estimator), top-k on Bernoulli arms (CPE-L, §5); and coci-uniform on the
// first. 150 runs each at delta = 0.1: the upper 95% Clopper-Pearson bound of the error
// rate must be <= delta and no run may hit max-samples. About a second in all.
#include <catch2/catch.hpp>

#include "statistical_runs.hpp"

using namespace cpex;

namespace {

constexpr double kDelta = 0.1;

void check_correct(const std::string& algorithm, const std::string& problem,
                   const std::string& estimator) {
  const std::string text = problem + "[algorithm]\nplugin = " + algorithm + "\ndelta = " +
                           std::to_string(kDelta) + "\nestimator = " + estimator +
                           "\n[run]\nseed = 3\nrepetitions = 150\nmax-samples = 5000000\n";
  const Summary s = test::run_summary(text);
  test::expect_delta_correct(algorithm + " on\n" + problem, s, kDelta);
  CHECK(s.runs == 150);
}

const std::string kOpinion =
    "[environment]\nplugin = opinion\nsizes = 10, 20, 30, 40\np = 0.5, 0.3, 0.1, 0.2\n"
    "[oracle]\nplugin = osa-greedy\nbudget = 5\n";
const std::string kWater =
    "[environment]\nplugin = water\nmeans = 0.8, 0.5, 0.2\ndistribution = beta\n"
    "[oracle]\nplugin = water-planning\nb = 3\ncapacities = 2, 2, 2\na = 0.1, 0.1, 0.1\n"
    "linear = 0.5, 0.5, 0.5\n";
const std::string kTopK =
    "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.7, 0.45, 0.3, 0.1\n"
    "[oracle]\nplugin = top-k\nk = 2\n";

}  // namespace

TEST_CASE("COCI is delta-correct with osa-greedy, water-planning and top-k", "[statistical][coci]") {
  check_correct("coci", kOpinion, "variance");
  check_correct("coci", kWater, "mean");
  check_correct("coci", kTopK, "mean");
  check_correct("coci-uniform", kOpinion, "variance");
}
