// T* of the combinatorial families for `cpex hardness` (numerics/
// combinatorial_characteristic_time.hpp), as (key, value, label) lines the command prints:
//   CPE-L (per-arm feedback, an optimal-decision oracle that is not top-k, arms of one of the
//   identification families): T* and, when the oracle-only bounds were used, its certified
//   range; full bandit (sum feedback, Gaussian noise, a listable class): T* of the linear
//   design over the super arms. T* log(1/delta) follows at the algorithm's delta.
// A class the methods refuse prints its one-line reason under the key's label instead.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "cpex/oracle.hpp"
#include "cpex/problem.hpp"

namespace cpex::inline runtime {

struct HardnessLine {
  std::string key;
  double value = 0.0;
  std::string label;
};

// `delta` <= 0: no T* log(1/delta) line.
std::vector<HardnessLine> combinatorial_t_star(const Problem& problem, std::span<const double> truth,
                                               const Oracle& oracle, unsigned capabilities, double delta);

}  // namespace cpex::inline runtime
