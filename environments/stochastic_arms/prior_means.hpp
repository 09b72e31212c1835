// The means of a `gaussian` or `bernoulli` instance: given explicitly (`means`), or drawn for
// each repetition from a prior (`prior = gaussian(M, S)` or `beta(A, B)`, the same independent
// prior for each of `arms` arms; Jang, Komiyama & Yamazaki 2024's Bayesian setting). The draws
// come from the run's environment-instance stream, so a repetition's instance depends only on
// the seed, the sweep point and the repetition: every algorithm of a point sees the same ones.
#pragma once

#include <vector>

#include "cpex/params.hpp"
#include "cpex/problem.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

// The means of the instance, and the prior they were drawn from (Kind::None when explicit).
// ParameterError naming the key: both `means` and `prior`, neither, `arms` without `prior`, a
// prior outside the family's means (`bernoulli` takes beta priors only).
std::vector<double> means_or_prior(const ParamValues& params, const RunSeed& seed, bool bernoulli, Prior& prior);

// The keys this adds to a schema: `prior` and `arms` (and `means` becomes optional).
void add_prior_keys(ParamSchema& schema);

}  // namespace cpex::environments
