// A Newton step kept inside its bracket, shared by the numerics' one-dimensional root
// searches (optimal_weights.cpp, structured_characteristic_time.cpp). Internal to libcpex.
#pragma once

#include <algorithm>
#include <cmath>

namespace cpex::numerics {

// The next iterate of a Newton step from `x` (value f, slope), kept strictly inside the
// bracket (lo, hi): the midpoint (or a doubling when hi is infinite) otherwise.
inline double safeguarded(double x, double f, double slope, double lo, double hi) {
  const double next = x - f / slope;
  if (next > lo && next < hi && std::isfinite(next)) return next;
  if (std::isfinite(hi)) return 0.5 * (lo + hi);
  return std::max(2.0 * x, lo + 1.0);
}

}  // namespace cpex::numerics
