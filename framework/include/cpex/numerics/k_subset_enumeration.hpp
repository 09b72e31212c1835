// Enumeration of every k-subset of {0..n-1} in lexicographic order by depth-first search,
// with the quadratic value chi^T W chi and two linear values a^T chi, b^T chi of each subset
// kept incrementally (O(k) per visited node). The exponential baselines (dks-exact,
// sa-exhaustive, the exact optima of the Fig. 1 trace) are built on it; nothing else may
// enumerate super arms. Callers check C(n, k) against kMaxEnumeratedSubsets first.
#pragma once

#include <cstddef>
#include <vector>

#include <Eigen/Core>

namespace cpex::numerics {

// The largest C(n, k) the exponential baselines accept (n = 24, k = 12 has 2.7e6).
inline constexpr double kMaxEnumeratedSubsets = 1e7;

// visit(const std::vector<std::size_t>& subset, double quadratic, double linear_a,
//       double linear_b) for every k-subset; `w` may be null (quadratic = 0), `a`/`b` may
// be null (linear = 0).
template <class Visit>
void for_each_k_subset(std::size_t n, std::size_t k, const Eigen::MatrixXd* w, const double* a,
                       const double* b, Visit&& visit) {
  if (k > n) return;
  std::vector<std::size_t> chosen;
  chosen.reserve(k);
  auto step = [&](auto&& self, std::size_t first, double q, double la, double lb) -> void {
    if (chosen.size() == k) {
      visit(static_cast<const std::vector<std::size_t>&>(chosen), q, la, lb);
      return;
    }
    const std::size_t last = n - (k - chosen.size());  // leave room for the rest
    for (std::size_t v = first; v <= last; ++v) {
      double dq = 0.0;
      if (w) {
        const auto vv = static_cast<Eigen::Index>(v);
        dq = (*w)(vv, vv);
        for (std::size_t u : chosen) dq += 2.0 * (*w)(static_cast<Eigen::Index>(u), vv);
      }
      chosen.push_back(v);
      self(self, v + 1, q + dq, la + (a ? a[v] : 0.0), lb + (b ? b[v] : 0.0));
      chosen.pop_back();
    }
  };
  step(step, 0, 0.0, 0.0, 0.0);
}

}  // namespace cpex::numerics
