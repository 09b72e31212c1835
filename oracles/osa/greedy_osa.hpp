// GreedyOSA (seed 003, App. B.2, Alg. 2): the leading optimal sample allocation of the
// partitioned opinion sampling problem, min sum_i n_i^2 theta_i / y_i over integer
// y_i >= 1 with sum_i y_i <= k. Free of the plugin machinery so tests and benchmarks can
// call it directly.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::oracles {

// Reusable scratch space for greedy_osa (one per oracle; an oracle serves one run).
struct GreedyOsaScratch {
  std::vector<double> weight, alpha, slack;
  std::vector<std::size_t> heap;
};

// Writes the leading optimum into y (size m): Alg. 2 with its safe base vector
// y0_i = max(1, floor(alpha_i - sum_{j != i} delta_j)) and greedy increments in order of the
// largest decrease n_i^2 theta_i / (y_i (y_i + 1)), ties to the larger index (the "largest
// elements of C(t)", line 21), so the result is the lexicographically smallest optimum.
// Preconditions (checked by the oracle): sizes > 0, theta in [0, 1], k >= m.
// Returns the number of greedy steps taken (for the benchmark).
std::size_t greedy_osa(std::span<const double> theta, std::span<const double> sizes,
                       std::size_t k, std::span<double> y, GreedyOsaScratch& scratch);

}  // namespace cpex::oracles
