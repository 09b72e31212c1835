// The reward model on Problem: what each environment declares, the requirement check of
// AlgorithmNeeds::rewards (refusals name both plugins, in one line), and the refusals of
// track-and-stop / top-two that only a started run can see.
#include <catch2/catch.hpp>

#include <limits>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/run.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

RewardModel declared(const std::string& environment, const std::string& oracle = "plugin = top-k\nk = 1",
                     const std::string& algorithm = "plugin = lucb") {
  const Pipeline p = test::pipeline_from("[environment]\n" + environment + "\n[oracle]\n" + oracle +
                                         "\n[algorithm]\n" + algorithm + "\n");
  const RunObjects run = instantiate(p, RunSeed{1, 0, 0});
  return run.environment->problem().rewards;
}

std::string bestk(const std::string& environment, const std::string& algorithm, int k = 1) {
  return "[environment]\n" + environment + "\n[oracle]\nplugin = top-k\nk = " + std::to_string(k) +
         "\n[algorithm]\n" + algorithm + "\n";
}

}  // namespace

TEST_CASE("Environments declare their reward family and range", "[asymptotic][unit]") {
  const RewardModel g = declared("plugin = gaussian\nmeans = 0, 1\nsigma = 2");
  CHECK(g.family == RewardFamily::Gaussian);
  CHECK_FALSE(g.bounded());
  const RewardModel b = declared("plugin = bernoulli\nmeans = 0.2, 0.4");
  CHECK(b.family == RewardFamily::Bernoulli);
  CHECK(b.lower == 0.0);
  CHECK(b.upper == 1.0);
  CHECK(declared("plugin = topk-instance\nn = 5\nnoise = bernoulli\ngenerator = alpha-exponential").family ==
        RewardFamily::Bernoulli);
  CHECK(declared("plugin = topk-instance\nn = 5").family == RewardFamily::Gaussian);
  const RewardModel water = declared("plugin = water\nmeans = 0.2, 0.6\ndistribution = beta");
  CHECK(water.family == RewardFamily::Bounded);
  CHECK(water.within(0.0, 1.0));
  CHECK(declared("plugin = water\nmeans = 0.2, 0.6\ndistribution = bernoulli").family == RewardFamily::Bernoulli);
  const RewardModel pm = declared("plugin = linear\ngenerator = canonical\nd = 3\nnoise = plus-minus-one\ngap = 0.2",
                                  "plugin = top-k\nk = 1", "plugin = xy-static");
  CHECK(pm.family == RewardFamily::Bounded);
  CHECK(pm.lower == -1.0);
  CHECK(pm.upper == 1.0);
  CHECK(declared("plugin = linear\ngenerator = canonical\nd = 3", "plugin = top-k\nk = 1", "plugin = xy-static")
            .family == RewardFamily::Gaussian);
}

TEST_CASE("Reward requirements: families, ranges and their descriptions", "[asymptotic][unit]") {
  const auto gb = RewardRequirement::families_of({RewardFamily::Gaussian, RewardFamily::Bernoulli});
  CHECK(satisfies(RewardModel::gaussian(), gb));
  CHECK(satisfies(RewardModel::bernoulli(), gb));
  CHECK_FALSE(satisfies(RewardModel::bounded(0, 1), gb));
  CHECK_FALSE(satisfies(RewardModel{}, gb));
  CHECK(describe(gb) == "gaussian or bernoulli rewards");
  const auto unit = RewardRequirement::within(0.0, 1.0);
  CHECK(satisfies(RewardModel::bernoulli(), unit));
  CHECK(satisfies(RewardModel::bounded(0.2, 0.9), unit));
  CHECK_FALSE(satisfies(RewardModel::bounded(-1, 1), unit));
  CHECK_FALSE(satisfies(RewardModel::gaussian(), unit));
  CHECK(describe(unit) == "rewards in [0, 1]");
  CHECK(describe(RewardRequirement{}) == "any rewards");
  CHECK(satisfies(RewardModel{}, RewardRequirement{}));
  CHECK(describe(RewardModel::bounded(0, 5)) == "bounded in [0, 5]");
  CHECK(describe(RewardModel::other_in(0, 5)) == "of no declared family, in [0, 5]");
  CHECK(describe(RewardModel{}) == "of no declared family");
  CHECK(reward_mismatch(gb, RewardModel::gaussian()).empty());
  CHECK(reward_mismatch(gb, RewardModel{}) == "gaussian or bernoulli rewards");
}

TEST_CASE("Track-and-Stop and top-two refuse other rewards, naming both plugins", "[asymptotic][unit]") {
  for (const char* algorithm : {"track-and-stop", "top-two"}) {
    const std::string name = algorithm;
    CHECK_THROWS_WITH(
        test::pipeline_from(bestk("plugin = water\nmeans = 0.2, 0.6\ndistribution = beta", "plugin = " + name)),
        Contains("inline.ini: algorithm '" + name + "' needs gaussian, bernoulli, poisson, exponential or "
                 "gaussian-unknown-variance rewards, but the rewards of environment 'water' are bounded in [0, 1]"));
    // Bernoulli draws of the same environment are accepted.
    CHECK_NOTHROW(test::pipeline_from(bestk("plugin = water\nmeans = 0.2, 0.6\ndistribution = bernoulli",
                                            "plugin = " + name)));
    // Top-m is an identification problem too; an accuracy epsilon is posed for the best arm only.
    CHECK_NOTHROW(test::pipeline_from(bestk("plugin = gaussian\nmeans = 0, 1, 2", "plugin = " + name, 2)));
    CHECK_THROWS_WITH(
        test::pipeline_from(bestk("plugin = gaussian\nmeans = 0, 1, 2", "plugin = " + name + "\nepsilon = 0.1", 2)),
        Contains("[algorithm] plugin: " + name) && Contains("epsilon = 0.1 is not defined for the top-2 query"));
  }
  // An algorithm without a requirement takes any rewards with a sub-Gaussian constant, and
  // refuses Poisson rewards naming what it needs.
  CHECK_NOTHROW(test::pipeline_from(bestk("plugin = water\nmeans = 0.2, 0.6\ndistribution = beta", "plugin = lucb")));
  CHECK_THROWS_WITH(test::pipeline_from(bestk("plugin = poisson\nmeans = 2, 3", "plugin = lucb")),
                    Contains("algorithm 'lucb' needs rewards with a known sub-Gaussian constant") &&
                        Contains("the rewards of environment 'poisson' are poisson"));
}

TEST_CASE("cpex describe shows the reward requirement", "[asymptotic][cli]") {
  const auto r = test::run_cpex("describe track-and-stop");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Contains("gaussian, bernoulli, poisson, exponential or") && Contains("gaussian-unknown-variance rewards"));
  const auto lucb = test::run_cpex("describe lucb");
  CHECK_THAT(lucb.out, !Contains("rewards;") && !Contains("any rewards"));
}
