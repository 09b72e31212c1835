// Registration of the `gaussian`, `bernoulli`, `poisson`, `exponential` and `topk-instance`
// environments.
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "independent_arms.hpp"
#include "prior_means.hpp"

namespace {

using namespace cpex;

ParamSchema topk_instance_schema() {
  ParamSchema schema;
  schema.choice("generator", "one-sparse", {"one-sparse", "alpha-exponential", "lil-exponential"},
              "instance family (seed 004 §5)")
      .integer("n", 10, Range::closed(2, static_cast<double>(kMaxArms)), "number of arms")
      .integer("k", 1, Range::at_least(1), "size of the top set the instance is made for (< n)")
      .real("alpha", 0.3, Range::greater_than(0.0), "exponent of the exponential families")
      .choice("noise", "gaussian", {"gaussian", "bernoulli"}, "reward distribution")
      .real("variance", 0.25, Range::greater_than(0.0), "Gaussian reward variance");
  return schema;
}

ParamSchema gaussian_schema() {
  ParamSchema schema;
  schema.real_list("means", Range::any(), "mean reward of each arm (at least 2; or prior and arms)")
      .optional()
      .real("sigma", 1.0, Range::greater_than(0.0), "standard deviation of every arm's noise")
      .real_list("sigmas", Range::greater_than(0.0),
                 "standard deviation of each arm's noise (replaces sigma; one per arm)")
      .optional()
      .choice("variance", "known", {"known", "unknown"},
              "known: the algorithm is told the sigmas; unknown: it is not (Gaussian rewards of "
              "unknown variance, Jourdan et al. 2023)");
  environments::add_prior_keys(schema);
  return schema;
}

ParamSchema bernoulli_schema() {
  ParamSchema schema;
  schema.real_list("means", Range::closed(0.0, 1.0), "success probability of each arm (at least 2; or prior and arms)")
      .optional();
  environments::add_prior_keys(schema);
  return schema;
}

void register_stochastic_arms(Registry& registry) {
  register_environment(
      registry,
      {"gaussian", "independent Gaussian arms with explicit means and a common sigma, a sigma per arm, "
                   "or variances the algorithm is not told"},
      FeedbackKind::SingleArm,
      gaussian_schema(),
      environments::make_gaussian);
  register_environment(registry,
                       {"bernoulli", "independent Bernoulli arms with explicit means (sub-Gaussian 1/2)"},
                       FeedbackKind::SingleArm,
                       bernoulli_schema(), environments::make_bernoulli);
  register_environment(registry, {"poisson", "independent Poisson arms with explicit means (> 0)"},
                       FeedbackKind::SingleArm,
                       ParamSchema().real_list("means", Range::greater_than(0.0), "mean of each arm (at least 2)"),
                       environments::make_poisson);
  register_environment(registry, {"exponential", "independent exponential arms with explicit means (> 0)"},
                       FeedbackKind::SingleArm,
                       ParamSchema().real_list("means", Range::greater_than(0.0), "mean of each arm (at least 2)"),
                       environments::make_exponential);
  register_environment(
      registry,
      {"topk-instance", "seed 004's Best-K instances (1-sparse, alpha/lil-exponential), arms shuffled"},
      FeedbackKind::SingleArm, topk_instance_schema(), environments::make_topk_instance);
}

}  // namespace

CPEX_PLUGIN(register_stochastic_arms)
