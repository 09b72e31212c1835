// The `topk-instance` environment: the Best-K instance families of seed 004 §5, with arms
// shuffled by the run's instance stream so that index order reveals nothing.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cpex::environments {

// Means in rank order (largest first), for n arms and top-k size k:
//   one-sparse:        mu_[1..k] = 1/2, the rest 0;
//   alpha-exponential: mu_[i] = (n-k)/n + (k/n)((k-i)/k)^alpha          for i <= k,
//                      mu_[i] = (n-k)/n - ((n-k)/n)((i-k)/(n-k))^alpha  for i > k;
//   lil-exponential:   mu_[1] = 1, mu_[i] = 1 - ((i-1)/n)^alpha.
std::vector<double> ranked_means(const std::string& generator, std::size_t n, std::size_t k,
                                 double alpha);

}  // namespace cpex::environments
