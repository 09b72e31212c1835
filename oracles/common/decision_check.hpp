// Small helpers shared by the combinatorial oracles: checking that a decision's arm list
// is sorted, duplicate-free and within the ground set.
#pragma once

#include <algorithm>
#include <vector>

namespace cpex::oracles {

inline bool well_formed(const std::vector<std::size_t>& arms, std::size_t ground) {
  return std::is_sorted(arms.begin(), arms.end()) &&
         std::adjacent_find(arms.begin(), arms.end()) == arms.end() &&
         (arms.empty() || arms.back() < ground);
}

}  // namespace cpex::oracles
