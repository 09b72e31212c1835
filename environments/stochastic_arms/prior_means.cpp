// Explicit or prior-drawn means of the independent-arm environments (prior_means.hpp).
#include "prior_means.hpp"

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"

namespace cpex::environments {

std::vector<double> means_or_prior(const ParamValues& params, const RunSeed& seed, bool bernoulli, Prior& prior) {
  const bool has_prior = params.has("prior") && !params.text("prior").empty();
  prior = Prior{};
  if (!has_prior) {
    if (params.has("arms")) throw ParameterError("arms", "is the number of arms drawn from a prior: give prior too");
    if (!params.has("means")) throw ParameterError("means", "is required (or a prior and a number of arms)");
    return params.reals("means");
  }
  if (params.has("means"))
    throw ParameterError("prior", "and means both give the arms' means: keep one (prior draws new means each repetition)");
  std::string why;
  if (!parse_prior(params.text("prior"), prior, why)) throw ParameterError("prior", why);
  if (bernoulli && prior.kind != Prior::Kind::Beta)
    throw ParameterError("prior", "Bernoulli means lie in [0, 1]: give a beta(A, B) prior");
  if (!params.has("arms")) throw ParameterError("arms", "is required with a prior (the number of arms to draw)");
  const auto n = static_cast<std::size_t>(params.integer("arms"));
  RandomStream stream(seed, StreamRole::EnvironmentInstance);
  std::vector<double> means(n);
  for (double& m : means) m = prior.kind == Prior::Kind::Gaussian ? prior.a + prior.b * stream.normal() : stream.beta(prior.a, prior.b);
  return means;
}

void add_prior_keys(ParamSchema& schema) {
  schema
      .text("prior", std::string(""),
            "draw each repetition's means from a prior, the same for every arm: gaussian(M, S) or beta(A, B) "
            "(the Bayesian setting; replaces means, needs arms)")
      .integer("arms", std::nullopt, Range::closed(2, static_cast<double>(kMaxArms)),
               "the number of arms drawn from the prior")
      .optional();
}

}  // namespace cpex::environments
