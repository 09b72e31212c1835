// Confidence widths of the full-bandit static algorithms (seed 000), computed from log K so
// that K = C(n, k) is never formed (C(1000, 500) ~ 1e299 is near the double range):
//   ellipsoid (Prop. 1, Soare et al. 2014): C_t = 2 sqrt(2) sigma sqrt(log(c' t^2 K / delta)),
//     which is numerics::soare_static_width for K directions (soare_static_width_from_log);
//   independent (App. A, Lemma 1):          C_t = sigma sqrt(2 log(c' t^2 n / delta)),
//     the same union bound (numerics::static_log_term) over the n arms (ICB's default;
//     icb_width picks between the two for ICB's `width` key),
// with c' = 6 / pi^2 and sigma the sub-Gaussian constant of one observation
// (Problem::noise_sigma; the paper's sigma = kR, see full_bandit_environment.cpp). A
// non-positive log gives an infinite width (the bound says nothing, no run may stop on it).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "cpex/numerics/confidence.hpp"

namespace cpex::full_bandit {

inline double ellipsoid_width(double sigma, std::uint64_t t, double log_k, double delta) {
  return numerics::soare_static_width_from_log(sigma, t, log_k, delta);
}

inline double independent_width(double sigma, std::uint64_t t, std::size_t n, double delta) {
  const double log_term = numerics::static_log_term(t, std::log(static_cast<double>(n)), delta);
  if (!(log_term > 0.0)) return std::numeric_limits<double>::infinity();
  return sigma * std::sqrt(2.0 * log_term);
}

// ICB's C_t by its `width` key: lemma1 (App. A Lemma 1, as printed) or prop1 (SAQM's C_t
// of Prop. 1 in ICB's per-arm bound). prop1 >= lemma1 for every t, n, k, since
// 2 sqrt 2 >= sqrt 2 and K = C(n, k) >= n for 1 <= k < n.
enum class IcbWidth { lemma1, prop1 };
inline double icb_width(IcbWidth kind, double sigma, std::uint64_t t, std::size_t n, double log_k, double delta) {
  return kind == IcbWidth::prop1 ? ellipsoid_width(sigma, t, log_k, delta) : independent_width(sigma, t, n, delta);
}

}  // namespace cpex::full_bandit
