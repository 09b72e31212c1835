// Registration of the `gaussian` and `bernoulli` environments.
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "independent_arms.hpp"

namespace {

void register_stochastic_arms(cpex::Registry& registry) {
  using namespace cpex;
  EnvironmentEntry gaussian;
  gaussian.name = "gaussian";
  gaussian.summary = "independent Gaussian arms with explicit means and a common sigma";
  gaussian.feedback = FeedbackKind::SingleArm;
  gaussian.schema.real_list("means", Range::any(), "mean reward of each arm (at least 2)")
      .real("sigma", 1.0, Range::greater_than(0.0), "standard deviation of every arm's noise");
  gaussian.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_gaussian(p, c.seed);
  };
  registry.add(std::move(gaussian));

  EnvironmentEntry bernoulli;
  bernoulli.name = "bernoulli";
  bernoulli.summary = "independent Bernoulli arms with explicit means (sub-Gaussian 1/2)";
  bernoulli.feedback = FeedbackKind::SingleArm;
  bernoulli.schema.real_list("means", Range::closed(0.0, 1.0),
                             "success probability of each arm (at least 2)");
  bernoulli.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_bernoulli(p, c.seed);
  };
  registry.add(std::move(bernoulli));

  EnvironmentEntry topk;
  topk.name = "topk-instance";
  topk.summary = "seed 004's Best-K instances (1-sparse, alpha/lil-exponential), arms shuffled";
  topk.feedback = FeedbackKind::SingleArm;
  topk.schema
      .choice("generator", "one-sparse", {"one-sparse", "alpha-exponential", "lil-exponential"},
              "instance family (seed 004 §5)")
      .integer("n", 10, Range::closed(2, static_cast<double>(kMaxArms)), "number of arms")
      .integer("k", 1, Range::at_least(1), "size of the top set the instance is made for (< n)")
      .real("alpha", 0.3, Range::greater_than(0.0), "exponent of the exponential families")
      .choice("noise", "gaussian", {"gaussian", "bernoulli"}, "reward distribution")
      .real("variance", 0.25, Range::greater_than(0.0), "Gaussian reward variance");
  topk.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_topk_instance(p, c.seed);
  };
  registry.add(std::move(topk));
}

}  // namespace

CPEX_PLUGIN(register_stochastic_arms)
