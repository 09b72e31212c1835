// The gaps and hardness of a CPE-L instance (Chen et al. 2014; seed 004 §4.2), computed
// exactly with any linear-maximization oracle: for an arm e of the optimum OPT,
// Delta_e = mu(OPT) - max{mu(M): e not in M}; for any other arm, mu(OPT) - max{mu(M): e in M};
// +infinity when no decision avoids (contains) e. H = sum_e Delta_e^-2 (for Best-K, where
// the class is every k-subset, top_k_gaps gives the same gaps without the oracle).
#pragma once

#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::numerics {

// One oracle call per arm, with the arm's weight replaced by -B (to avoid it) or +B (to
// force it), B larger than the total weight of any decision; the returned decision is
// then scored with the true means. The optimum is oracle.optimal(means).
std::vector<double> cpe_gaps(const Oracle& oracle, std::span<const double> means);

// sum over finite gaps of Delta^-2; +infinity if a gap is 0 (the optimum is not unique).
double cpe_hardness(const std::vector<double>& gaps);

// The Best-K special case (the class of all k-subsets; seed 004 §4.2), in O(N log N)
// without an oracle: with mu_[1] >= ... >= mu_[N] (ties to the smaller index),
// Delta_i = mu_i - mu_[k+1] for the k best arms and mu_[k] - mu_i for the others — the gaps
// cpe_gaps gives with the top-k oracle. Needs 1 <= k < N.
std::vector<double> top_k_gaps(std::span<const double> means, std::size_t k);

}  // namespace cpex::numerics
