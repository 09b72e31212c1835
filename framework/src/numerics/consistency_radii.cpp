// Consistent optimality radii by bisection on Theorem 3's corner test (see the header).
#include "cpex/numerics/consistency_radii.hpp"

#include <algorithm>
#include <limits>

namespace cpex::numerics {

namespace {

// phi_i(theta): the i-th value of the leading decision, or membership of arm i.
double component(const Oracle& oracle, const std::vector<double>& theta, std::size_t i) {
  Decision d;
  oracle.optimal(theta, d);
  if (!d.values.empty()) return d.values[i];
  return std::binary_search(d.arms.begin(), d.arms.end(), i) ? 1.0 : 0.0;
}

// phi_i is constant on the box of radius r around theta (clamped to [0, 1]): its two
// extreme corners give the reference value.
bool consistent(const Oracle& oracle, std::span<const double> theta, std::size_t i, double r,
                double reference) {
  const std::size_t m = theta.size();
  std::vector<double> high(m), low(m);
  for (std::size_t j = 0; j < m; ++j) {
    const double lo = std::max(0.0, theta[j] - r), hi = std::min(1.0, theta[j] + r);
    high[j] = j == i ? hi : lo;
    low[j] = j == i ? lo : hi;
  }
  return component(oracle, high, i) == reference && component(oracle, low, i) == reference;
}

}  // namespace

ConsistencyRadii consistency_radii(const Oracle& oracle, std::span<const double> theta) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> star(theta.begin(), theta.end());
  ConsistencyRadii out;
  double smallest = inf;
  for (std::size_t i = 0; i < star.size(); ++i) {
    const double reference = component(oracle, star, i);
    double lambda = inf;
    if (!consistent(oracle, theta, i, 1.0, reference)) {
      double lo = 0.0, hi = 1.0;
      for (int step = 0; step < 60; ++step) {
        const double mid = 0.5 * (lo + hi);
        (consistent(oracle, theta, i, mid, reference) ? lo : hi) = mid;
      }
      lambda = lo;
      out.h += 1.0 / (lambda * lambda);
      smallest = std::min(smallest, lambda);
    }
    out.lambda.push_back(lambda);
  }
  out.h_upper = static_cast<double>(star.size()) / (smallest * smallest);
  return out;
}

}  // namespace cpex::numerics
