// Independent re-implementations of the fixed-budget algorithms for the statistical
// tests: written from the papers' pseudocode without any CPEx code (own schedules in
// double arithmetic, own sampling, std::mt19937_64 and std::normal_distribution instead
// of the framework's streams), so that agreement of error rates tests the plugins.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace cpex::test {

// Gaussian arms with common sigma, sampled with the simulator's own generator.
struct GaussianBandit {
  std::vector<double> means;
  double sigma = 1.0;
  std::mt19937_64 engine;
  double pull(std::size_t arm) {
    return means[arm] + sigma * std::normal_distribution<double>(0.0, 1.0)(engine);
  }
};

// Each returns the recommended arms (sorted).
std::vector<std::size_t> simulate_successive_rejects(GaussianBandit& bandit, std::uint64_t budget);
std::vector<std::size_t> simulate_sequential_halving(GaussianBandit& bandit, std::uint64_t budget);
std::vector<std::size_t> simulate_sar(GaussianBandit& bandit, std::size_t m, std::uint64_t budget);
std::vector<std::size_t> simulate_csar_top_k(GaussianBandit& bandit, std::size_t k,
                                             std::uint64_t budget);
std::vector<std::size_t> simulate_ugape_budget(GaussianBandit& bandit, std::size_t m,
                                               std::uint64_t budget, double a);

}  // namespace cpex::test
