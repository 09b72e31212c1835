// Simulated crowdsourcing instances for seed 001 Table 1 (Li, Baba & Kashima 2017 data sets:
// IT, Medicine, Chinese, Pokemon, English, Science). The label data is not public, so a
// profile keeps only each row's published statistics (number of workers n, average and best
// accuracy, Delta_min) and the worker accuracies are drawn from the run's instance stream so
// that the average, the best and the gap between the k-th and (k+1)-th accuracies match the
// row exactly (up to floating-point rounding). See docs/algorithms/full-bandit-baselines.md.
#pragma once

#include <string>
#include <vector>

#include "cpex/random.hpp"

namespace cpex::environments {

struct CrowdsourcingProfile {
  const char* name;
  std::size_t workers;  // n
  double average, best, delta_min;
};

// The six rows of seed 001 Table 1, in the table's order.
const std::vector<CrowdsourcingProfile>& crowdsourcing_profiles();

// The profile whose name matches `name` case-insensitively ("pokemon" and "Pokémon" both
// name Pokémon); throws ParameterError("profile", ...) listing the six otherwise.
const CrowdsourcingProfile& find_crowdsourcing_profile(const std::string& name);

// Worker accuracies for `profile` with super-arm size k (2 <= k, 3 k < n is not needed):
//   best = profile.best; k - 2 accuracies m + (best - m) w_i (w_i uniform); the k-th at m;
//   the (k+1)-th at m - Delta_min; the other n - k - 1 in [0, m - Delta_min], their sum set
//   so that the average is exact (an affine map of uniforms that keeps them in range);
//   m uniform in the middle half of the interval that makes this feasible. Positions are
//   shuffled. Throws ParameterError("k", ...) if the row admits no such instance.
std::vector<double> crowdsourcing_accuracies(const CrowdsourcingProfile& profile, std::size_t k,
                                             RandomStream& rng);

}  // namespace cpex::environments
