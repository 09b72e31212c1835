// The `topk-instance` environment: seed 004's generators against hand-computed means, and
// the shuffle (a permutation that depends only on the run seed).
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_support.hpp"

using namespace cpex;

namespace {

std::vector<double> truth_of(const std::string& generator, std::int64_t n, std::int64_t k,
                             double alpha, const RunSeed& seed) {
  ParamValues p;
  p.set("generator", generator);
  p.set("n", n);
  p.set("k", k);
  p.set("alpha", alpha);
  p.set("noise", std::string("gaussian"));
  p.set("variance", 0.25);
  auto env = test::plugins().environment("topk-instance")->create(p, EnvironmentContext{seed});
  CHECK(env->problem().num_arms == static_cast<std::size_t>(n));
  CHECK(env->problem().k == static_cast<std::size_t>(k));
  CHECK(env->problem().noise_sigma == 0.5);
  const auto t = env->truth();
  return {t.begin(), t.end()};
}

std::vector<double> sorted_desc(std::vector<double> v) {
  std::sort(v.begin(), v.end(), std::greater<>());
  return v;
}

}  // namespace

TEST_CASE("Generators give seed 004's means", "[environment]") {
  const RunSeed seed{1, 0, 0};
  CHECK(sorted_desc(truth_of("one-sparse", 5, 2, 0.3, seed)) ==
        std::vector<double>{0.5, 0.5, 0, 0, 0});
  const auto alpha = sorted_desc(truth_of("alpha-exponential", 4, 2, 0.5, seed));
  CHECK(alpha[0] == Approx(0.8535533905932737));
  CHECK(alpha[1] == Approx(0.5));
  CHECK(alpha[2] == Approx(0.1464466094067262));
  CHECK(alpha[3] == Approx(0.0).margin(1e-15));
  const auto lil = sorted_desc(truth_of("lil-exponential", 4, 1, 0.5, seed));
  CHECK(lil[0] == Approx(1.0));
  CHECK(lil[1] == Approx(0.5));
  CHECK(lil[2] == Approx(0.2928932188134524));
  CHECK(lil[3] == Approx(0.1339745962155614));
}

TEST_CASE("Arms are shuffled by the run seed only", "[environment]") {
  const auto a = truth_of("lil-exponential", 50, 1, 0.3, RunSeed{1, 0, 0});
  const auto b = truth_of("lil-exponential", 50, 1, 0.3, RunSeed{1, 0, 0});
  const auto c = truth_of("lil-exponential", 50, 1, 0.3, RunSeed{1, 0, 1});
  CHECK(a == b);
  CHECK(a != c);
  CHECK(sorted_desc(a) == sorted_desc(c));
  CHECK(a != sorted_desc(a));  // the best arm is not simply arm 0 (for this seed)
}
