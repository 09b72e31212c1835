// Inputs of the new problems: the prior text (parse_prior), a multivariate environment's
// matrices, the oracles' directions and thresholds, a prior and its keys, and the pairing of
// environments with oracles and algorithms — each bad input refused in one line naming its
// key; and what a multivariate environment gives (truth arm-major, one reward per objective,
// identical draws for one seed, a covariance's correlation).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "cpex/runtime/run.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

std::string pipeline(const std::string& environment, const std::string& oracle, const std::string& algorithm) {
  return "[environment]\n" + environment + "\n[oracle]\n" + oracle + "\n[algorithm]\n" + algorithm +
         "\n[run]\nseed = 3\nrepetitions = 1\n";
}

// A multivariate environment under the pareto-set oracle and APE.
std::string ape_pipeline(const std::string& environment) {
  return pipeline(environment, "plugin = pareto-set", "plugin = ape");
}

// A scalar environment under the best-arm oracle and `algorithm`.
std::string best_arm_pipeline(const std::string& environment, const std::string& algorithm) {
  return pipeline(environment, "plugin = top-k\nk = 1", algorithm);
}

const char* kGaussian = "plugin = multivariate-gaussian\nmeans = 0.9 0.1; 0.5 0.5; 0.1 0.9; 0.3 0.3\nsigma = 0.5";

void refused(const std::string& text, const std::string& what) {
  const std::string message = test::assembly_refusal(text);
  INFO(message);
  CHECK_THAT(message, Contains(what));
  CHECK(message.find('\n') == std::string::npos);
}

}  // namespace

TEST_CASE("parse_prior reads gaussian and beta priors and refuses anything else", "[problems][unit]") {
  Prior p;
  std::string why;
  REQUIRE(parse_prior(" gaussian( 0.5 , 2 ) ", p, why));
  CHECK(p == Prior{Prior::Kind::Gaussian, 0.5, 2.0});
  CHECK(to_string(p) == "gaussian(0.5, 2)");
  REQUIRE(parse_prior("beta(1,1)", p, why));
  CHECK(p == Prior{Prior::Kind::Beta, 1.0, 1.0});
  for (const char* bad : {"gaussian(0, 0)", "beta(0, 1)", "poisson(1, 2)", "gaussian(0)", "gaussian(0, 1) x",
                          "gaussian(a, 1)", "beta(1, inf)"}) {
    INFO(bad);
    CHECK_FALSE(parse_prior(bad, p, why));
    CHECK(!why.empty());
  }
}

TEST_CASE("Bad vector-valued inputs are refused in one line naming the key", "[problems][unit]") {
  refused(ape_pipeline("plugin = multivariate-gaussian\nmeans = 0.9 0.1; 0.5"),
          "row 2 has 1 numbers, row 1 has 2");
  refused(ape_pipeline("plugin = multivariate-gaussian\nmeans = 0.9 x; 0.5 0.5"),
          "'x' is not a number");
  refused(ape_pipeline("plugin = multivariate-gaussian\nmeans = 0.9; 0.5"),
          "needs at least 2 objectives");
  refused(ape_pipeline("plugin = multivariate-gaussian\nmeans = 0.9 0.1"),
          "needs at least 2 arms");
  refused(ape_pipeline("plugin = multivariate-bernoulli\nmeans = 0.9 1.1; 0.5 0.5"),
          "Bernoulli objectives need means in [0, 1]");
  refused(ape_pipeline(std::string(kGaussian) + "\ncovariance = 1 0.9; 0.9 0.5"),
          "not positive definite");
  refused(ape_pipeline(std::string(kGaussian) + "\ncovariance = 1 0.2; 0.1 1"),
          "not symmetric");
  refused(ape_pipeline(std::string(kGaussian) + "\nsigmas = 1, 2, 3"),
          "has 3 values for 2 objectives");
  refused(pipeline(kGaussian, "plugin = pareto-set\ndirections = max, up", "plugin = ape"), "'up' is neither max nor min");
  refused(pipeline(kGaussian, "plugin = pareto-set\ndirections = max", "plugin = ape"),
          "has 1 entries, but the arms have 2 objectives");
  refused(pipeline(kGaussian, "plugin = constrained-best\nthresholds = 0.5, 0.4", "plugin = top-two"),
          "has 2 values, but the arms have 1 objectives besides objective 0");
  refused(pipeline(kGaussian, "plugin = constrained-best\nobjective = 2\nthresholds = 0.5", "plugin = top-two"),
          "objectives 0 to 1");
  // Pairings: a scalar oracle on vector arms, a vector oracle on scalar arms, scalar algorithms.
  refused(pipeline(kGaussian, "plugin = top-k\nk = 1", "plugin = top-two"), "asks about one mean per arm");
  refused(pipeline("plugin = gaussian\nmeans = 0.1, 0.5", "plugin = pareto-set", "plugin = top-two"),
          "asks about vector-valued arms");
  refused(pipeline(kGaussian, "plugin = pareto-set", "plugin = lucb"), "multi-objective");
  refused(pipeline(kGaussian, "plugin = constrained-best\nthresholds = 0.5", "plugin = ape"),
          "ape identifies the Pareto set");
  refused(pipeline(kGaussian, "plugin = pareto-set", "plugin = top-two\nleader = ts"), "leader = eb");
  refused(pipeline(kGaussian, "plugin = pareto-set", "plugin = top-two\nelimination = stopping"), "elimination");
  refused(pipeline(kGaussian, "plugin = pareto-set", "plugin = track-and-stop\nepsilon = 0.1"),
          "epsilon-accurate Pareto sets: ape, auer-psi");
  // Priors.
  refused(best_arm_pipeline("plugin = gaussian\nprior = gaussian(0, 1)", "plugin = top-two"),
          "is required with a prior");
  refused(best_arm_pipeline("plugin = gaussian\nprior = gaussian(0, 1)\narms = 3\nmeans = 1, 2, 3",
                            "plugin = top-two"),
          "and means both give");
  refused(best_arm_pipeline("plugin = bernoulli\nprior = gaussian(0, 1)\narms = 3", "plugin = top-two"),
          "give a beta(A, B) prior");
  refused(best_arm_pipeline("plugin = gaussian\nprior = gamma(1, 2)\narms = 3", "plugin = top-two"),
          "is not a prior");
  refused(best_arm_pipeline("plugin = gaussian\nmeans = 0.1, 0.5", "plugin = se-early-stopping"),
          "needs the prior");
  refused(best_arm_pipeline("plugin = gaussian\nmeans = 0.1, 0.5", "plugin = apgai"),
          "apgai identifies one arm above a threshold or none");
}

TEST_CASE("A multivariate environment: truth arm-major, one reward per objective, same draws per seed",
          "[problems][unit]") {
  const Pipeline p = test::pipeline_from(
      pipeline("plugin = multivariate-gaussian\nmeans = 0.9 0.1; 0.5 0.5\ncovariance = 1 0.8; 0.8 1",
               "plugin = pareto-set", "plugin = ape"));  // (correlated: rewards of no family, which ape accepts)
  const RunObjects a = instantiate(p, RunSeed{3, 1, 0}, nullptr);
  const RunObjects b = instantiate(p, RunSeed{3, 1, 0}, nullptr);
  CHECK(a.environment->problem().objectives == 2);
  CHECK(a.problem->feedback == FeedbackKind::MultiObjective);  // the registration's kind
  const auto truth = a.environment->truth();
  CHECK(std::vector<double>(truth.begin(), truth.end()) == std::vector<double>{0.9, 0.1, 0.5, 0.5});
  double xa[2], xb[2];
  double sum0 = 0.0, sum1 = 0.0, cross = 0.0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    Observation oa, ob;
    oa.per_arm = std::span<double>(xa, 2);
    ob.per_arm = std::span<double>(xb, 2);
    Action action;
    action.arm = 1;
    a.environment->pull(action, oa);
    b.environment->pull(action, ob);
    REQUIRE(xa[0] == xb[0]);
    REQUIRE(xa[1] == xb[1]);
    CHECK(oa.reward == xa[0]);
    sum0 += xa[0] - 0.5;
    sum1 += xa[1] - 0.5;
    cross += (xa[0] - 0.5) * (xa[1] - 0.5);
  }
  CHECK(std::abs(sum0 / n) < 0.05);
  CHECK(std::abs(sum1 / n) < 0.05);
  CHECK(cross / n == Approx(0.8).margin(0.05));  // the covariance's correlation
}
