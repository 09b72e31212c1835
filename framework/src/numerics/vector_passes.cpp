// Per-arm passes on vectors of doubles (vector_passes.hpp).
// Each pass is written once on a vector of V doubles (GCC's vector extension: elementwise
// arithmetic and `a < b ? b : a`; vector_passes.inc) and compiled twice, V = 2 (SSE2) and
// V = 4 under `#pragma GCC target("avx2")` (vector_dispatch.hpp chooses at run time); the arms past
// the last whole vector go through the same code on a vector padded with copies of the last arm.
#include "cpex/numerics/vector_passes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "vector_dispatch.hpp"

namespace cpex::numerics {
namespace {

namespace passes_sse2 {
using V = vectors::Doubles2;
#define CPEX_PASSES_SQRT(x) __builtin_ia32_sqrtpd(x)
#include "vector_passes.inc"
#undef CPEX_PASSES_SQRT
}  // namespace passes_sse2

#if defined(CPEX_VECTOR_AVX2)
#pragma GCC push_options
#pragma GCC target("avx2")
namespace passes_avx2 {
using V = vectors::Doubles4;
#define CPEX_PASSES_SQRT(x) __builtin_ia32_sqrtpd256(x)
#include "vector_passes.inc"
#undef CPEX_PASSES_SQRT
}  // namespace passes_avx2
#pragma GCC pop_options
#endif

}  // namespace

void gaussian_optimistic_gains(double sigma, double level, const double* means,
                               const double* counts, const double* lambda, double* gains,
                               std::size_t n) {
  if (n == 0) return;
#if defined(CPEX_VECTOR_AVX2)
  if (vectors::use_avx2())
    return passes_avx2::gains_with(sigma, level, means, counts, lambda, gains, n);
#endif
  passes_sse2::gains_with(sigma, level, means, counts, lambda, gains, n);
}

std::size_t gaussian_transport_costs(double sigma, std::size_t best, const double* w,
                                     const double* mu, double* costs, std::size_t n,
                                     bool find_least) {
  if (n < 2) {
    if (n == 1) costs[0] = std::numeric_limits<double>::infinity();
    return n;
  }
  std::size_t least = n;
#if defined(CPEX_VECTOR_AVX2)
  if (vectors::use_avx2()) {
    passes_avx2::costs_with(sigma, best, w, mu, costs, n);
    if (find_least) least = passes_avx2::first_least_with(costs, n);
  } else
#endif
  {
    passes_sse2::costs_with(sigma, best, w, mu, costs, n);
    if (find_least) least = passes_sse2::first_least_with(costs, n);
  }
  return least < n ? least
                   : (best == 0 ? 1 : 0);  // (every cost +infinity: the first piece, as a scan)
}

std::size_t transport_floors(bool bernoulli, std::size_t best, const double* w, const double* mu,
                             double* floors, std::size_t n, bool find_least) {
  if (n < 2) {
    if (n == 1) floors[0] = std::numeric_limits<double>::infinity();
    return n;
  }
  std::size_t least = n;
#if defined(CPEX_VECTOR_AVX2)
  if (vectors::use_avx2()) {
    bernoulli ? passes_avx2::floors_with<true>(best, w, mu, floors, n)
              : passes_avx2::floors_with<false>(best, w, mu, floors, n);
    if (find_least) least = passes_avx2::first_least_with(floors, n);
  } else
#endif
  {
    bernoulli ? passes_sse2::floors_with<true>(best, w, mu, floors, n)
              : passes_sse2::floors_with<false>(best, w, mu, floors, n);
    if (find_least) least = passes_sse2::first_least_with(floors, n);
  }
  return least < n ? least : (best == 0 ? 1 : 0);
}

std::size_t deficit_argmax(double* sum, const double* add, double scale, const double* counts,
                           std::size_t n) {
  if (n == 0) return 0;
#if defined(CPEX_VECTOR_AVX2)
  if (vectors::use_avx2()) return passes_avx2::deficit_argmax_with(sum, add, scale, counts, n);
#endif
  return passes_sse2::deficit_argmax_with(sum, add, scale, counts, n);
}

}  // namespace cpex::numerics
