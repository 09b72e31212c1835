// The gaps and hardness of a CPE-L instance (Chen et al. 2014; seed 004 §4.2), computed
// exactly with any linear-maximization oracle: for an arm e of the optimum OPT,
// Delta_e = mu(OPT) - max{mu(M): e not in M}; for any other arm, mu(OPT) - max{mu(M): e in M};
// +infinity when no decision avoids (contains) e. H = sum_e Delta_e^-2.
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

}  // namespace cpex::numerics
