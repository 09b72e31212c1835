// The instance of the GLR samplers' benchmarks (asymptotic_round_benchmark.cpp,
// identification_samplers_benchmark.cpp): K Gaussian (sigma 1/2) or Bernoulli arms, the best
// (0.6) in the middle, the others spread over [0.1, 0.55]; delta = 1e-10 so that runs last.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "cpex/params.hpp"

namespace cpex::bench {

inline std::vector<double> glr_instance_means(std::size_t k) {
  std::vector<double> mu(k);
  mu[k / 2] = 0.6;
  for (std::size_t i = 0, j = 0; i < k; ++i)
    if (i != k / 2) mu[i] = 0.55 - 0.45 * static_cast<double>(j++) / static_cast<double>(k);
  return mu;
}

// The pipeline: `algorithm` (lines of [algorithm]) on the instance's `family` arms, top-m,
// then `extra` lines of [algorithm].
inline std::string glr_instance_text(const std::string& algorithm, const std::string& family, std::size_t k,
                                     std::size_t m = 1, const std::string& extra = "") {
  std::ostringstream out;
  out << "[environment]\nplugin = " << family << "\nmeans = " << real_list_text(glr_instance_means(k), 12);
  if (family == "gaussian") out << "\nsigma = 0.5";
  out << "\n[oracle]\nplugin = top-k\nk = " << m << "\n[algorithm]\n" << algorithm << "\ndelta = 1e-10\n" << extra;
  return out.str();
}

}  // namespace cpex::bench
