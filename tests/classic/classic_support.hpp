// The shared delta-correctness instances of the classic algorithms' tests (issue 30's
// acceptance): Gaussian (sigma = 1) and Bernoulli arms, the answer at a random position
// (the means are shuffled with a fixed seed for each block of runs), delta = 0.1, at least
// 400 runs, judged by the one-sided 95% Clopper-Pearson upper bound of the error rate.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/report/stats.hpp"

namespace cpex::test {

struct CorrectnessResult {
  Summary summary;
  double upper = 1.0;  // one-sided 95% Clopper-Pearson upper bound of wrong / ended
};

// The Gaussian instance (sigma = 1; best 1.0, then 0.6) and the Bernoulli one (best 0.8,
// then 0.55), as "[environment]" bodies without the means.
extern const std::vector<double> kGaussianMeans, kBernoulliMeans;

// Runs `algorithm` (lines of [algorithm], without delta) on the instance, top-k with k,
// `blocks` blocks of `per_block` runs, each block with the means shuffled (seed `seed`).
CorrectnessResult run_shuffled(bool gaussian, std::size_t k, const std::string& algorithm,
                               double delta, int blocks, int per_block, std::uint64_t seed,
                               const std::string& run_extra = "");

// run_shuffled with 8 blocks of 50 runs, delta = 0.1; Catch2 checks: 400 runs, none capped
// or failed, the one-sided upper bound <= 0.1.
void check_correct(const std::string& algorithm, bool gaussian, std::size_t k, std::uint64_t seed);

}  // namespace cpex::test
