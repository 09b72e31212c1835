// Rounding a continuous design p (weights > 0 summing to 1) to integer pull counts for a
// sample size t: the efficient design apportionment of Pukelsheim (2006, ch. 12), as
// seed 000 App. D states it: t_i = ceil((t - s/2) p_i) for the s support points, then
// raise a t_j attaining min t_j / p_j, or lower one attaining max (t_j - 1) / p_j, until
// the counts sum to t (ties: the smallest index).
#pragma once

#include <cstdint>
#include <vector>

namespace cpex::numerics {

std::vector<std::uint64_t> efficient_apportionment(const std::vector<double>& p, std::uint64_t t);

}  // namespace cpex::numerics
