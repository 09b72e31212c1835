// Small helpers shared by the oracles: checking that a decision's arm list is sorted,
// duplicate-free and within the ground set; the verdict of the separable (CPE-CS) oracles.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::oracles {

inline bool well_formed(const std::vector<std::size_t>& arms, std::size_t ground) {
  return std::is_sorted(arms.begin(), arms.end()) &&
         std::adjacent_find(arms.begin(), arms.end()) == arms.end() &&
         (arms.empty() || arms.back() < ground);
}

// The verdict of the separable oracles on decision vectors (Decision::values): with
// epsilon = 0 only the leading optimum itself; otherwise within epsilon of its value
// (Oracle::acceptable).
inline bool leading_acceptable(const Oracle& oracle, std::span<const double> theta, const Decision& optimal,
                               const Decision& candidate, double epsilon) {
  if (candidate.values.size() != optimal.values.size()) return false;
  if (candidate.values == optimal.values) return true;
  return epsilon > 0.0 && oracle.Oracle::acceptable(theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
