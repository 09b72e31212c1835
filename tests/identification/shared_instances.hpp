// The Gaussian and Bernoulli instances the samplers' tests share (samplers_correctness_test.cpp,
// samplers_long_test.cpp): fixed means shuffled by a seeded generator, so that the best arm sits
// at a random position (never 0).
#pragma once

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace cpex::test {

inline std::string shuffled_means(std::vector<double> means, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  do std::shuffle(means.begin(), means.end(), rng);
  while (std::max_element(means.begin(), means.end()) == means.begin());
  std::ostringstream out;
  for (std::size_t a = 0; a < means.size(); ++a) out << (a ? ", " : "") << means[a];
  return out.str();
}

inline const std::string kSharedGaussian =
    "plugin = gaussian\nmeans = " + shuffled_means({1.0, 0.6, 0.5, 0.3, 0.2}, 30) + "\nsigma = 1";
inline const std::string kSharedBernoulli = "plugin = bernoulli\nmeans = " + shuffled_means({0.8, 0.6, 0.5, 0.45, 0.3}, 31);

}  // namespace cpex::test
