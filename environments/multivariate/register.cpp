// Registration of the `multivariate-gaussian` and `multivariate-bernoulli` environments
// (vector-valued arms, multivariate_arms.hpp).
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "multivariate_arms.hpp"

namespace {

using namespace cpex;

void register_multivariate(Registry& registry) {
  register_environment(
      registry,
      {"multivariate-gaussian", "vector-valued Gaussian arms: K x D means (one row per arm, one column per "
                                "objective), a sigma per objective or a covariance between objectives"},
      FeedbackKind::MultiObjective,
      ParamSchema()
          .text("means", std::nullopt,
                "the means, one row per arm and one column per objective: rows separated by ';', numbers by "
                "spaces (means = 0.2 0.3; 0.5 0.1; 0.4 0.4)")
          .real("sigma", 1.0, Range::greater_than(0.0), "standard deviation of every objective's noise")
          .real_list("sigmas", Range::greater_than(0.0),
                     "standard deviation of each objective's noise (replaces sigma; one per objective)")
          .optional()
          .text("covariance", std::nullopt,
                "covariance of the noise between objectives, D x D written as the means (replaces sigma; "
                "with off-diagonal entries the objectives are correlated and the rewards declare no family)")
          .optional(),
      environments::make_multivariate_gaussian);
  register_environment(registry,
                       {"multivariate-bernoulli", "vector-valued arms of independent Bernoulli objectives: K x D "
                                                  "success probabilities (one row per arm)"},
                       FeedbackKind::MultiObjective,
                       ParamSchema().text("means", std::nullopt,
                                          "success probability of each arm (row) on each objective (column): rows "
                                          "separated by ';', numbers by spaces"),
                       environments::make_multivariate_bernoulli);
}

}  // namespace

CPEX_PLUGIN(register_multivariate)
