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
#define CPEX_PASSES_MOVEMASK(x) __builtin_ia32_movmskpd(x)
#include "vector_passes.inc"
#undef CPEX_PASSES_SQRT
#undef CPEX_PASSES_MOVEMASK
}  // namespace passes_sse2

#if defined(CPEX_VECTOR_AVX2)
#pragma GCC push_options
#pragma GCC target("avx2")
namespace passes_avx2 {
using V = vectors::Doubles4;
#define CPEX_PASSES_SQRT(x) __builtin_ia32_sqrtpd256(x)
#define CPEX_PASSES_MOVEMASK(x) __builtin_ia32_movmskpd256(x)
#include "vector_passes.inc"
#undef CPEX_PASSES_SQRT
#undef CPEX_PASSES_MOVEMASK
}  // namespace passes_avx2
#pragma GCC pop_options
#endif

}  // namespace

// `pass(args...)` of the processor's width: passes_avx2's where AVX2 serves
// (vector_dispatch.hpp), else passes_sse2's. The one dispatch of the per-arm passes below.
#if defined(CPEX_VECTOR_AVX2)
#define CPEX_BY_WIDTH(pass, ...) \
  (vectors::use_avx2() ? passes_avx2::pass(__VA_ARGS__) : passes_sse2::pass(__VA_ARGS__))
#else
#define CPEX_BY_WIDTH(pass, ...) passes_sse2::pass(__VA_ARGS__)
#endif

void gaussian_optimistic_gains(double sigma, double level, const double* means,
                               const double* counts, const double* lambda, double* gains,
                               std::size_t n) {
  if (n == 0) return;
  CPEX_BY_WIDTH(gains_with, sigma, level, means, counts, lambda, gains, n);
}

namespace {

// A statement of the AVX2 passes (nothing where they are not compiled: never called there).
#if defined(CPEX_VECTOR_AVX2)
#define CPEX_AVX2_ONLY(statement) statement
#else
#define CPEX_AVX2_ONLY(statement)
#endif

// The best arm's per-piece pass of the processor into values[0..n) (`avx2` or `sse2`, each
// filling values[best] with +inf), then, when `find_least`, the first j != best of the least
// value (a scan's, comparing with <; the first piece when every value is +inf); n when n < 2
// (values[0] = +inf for n == 1).
template <class Avx2Pass, class Sse2Pass>
std::size_t per_piece_pass([[maybe_unused]] Avx2Pass&& avx2, Sse2Pass&& sse2, std::size_t best,
                           double* values, std::size_t n, bool find_least) {
  if (n < 2) {
    if (n == 1) values[0] = std::numeric_limits<double>::infinity();
    return n;
  }
  std::size_t least = n;
#if defined(CPEX_VECTOR_AVX2)
  if (vectors::use_avx2()) {
    avx2();
    if (find_least) least = passes_avx2::first_least_with(values, n);
  } else
#endif
  {
    sse2();
    if (find_least) least = passes_sse2::first_least_with(values, n);
  }
  return least < n ? least : (best == 0 ? 1 : 0);
}

}  // namespace

std::size_t gaussian_transport_costs(double sigma, std::size_t best, const double* w,
                                     const double* mu, double* costs, std::size_t n,
                                     bool find_least) {
  return per_piece_pass(
      [&] { CPEX_AVX2_ONLY(passes_avx2::costs_with(sigma, best, w, mu, costs, n)); },
      [&] { passes_sse2::costs_with(sigma, best, w, mu, costs, n); }, best, costs, n, find_least);
}

std::size_t transport_floors(bool bernoulli, std::size_t best, const double* w, const double* mu,
                             double* floors, std::size_t n, bool find_least) {
  return per_piece_pass(
      [&] {
        CPEX_AVX2_ONLY(bernoulli ? passes_avx2::floors_with<true>(best, w, mu, floors, n)
                                 : passes_avx2::floors_with<false>(best, w, mu, floors, n));
      },
      [&] {
        bernoulli ? passes_sse2::floors_with<true>(best, w, mu, floors, n)
                  : passes_sse2::floors_with<false>(best, w, mu, floors, n);
      },
      best, floors, n, find_least);
}

std::size_t deficit_argmax(double* sum, const double* add, double scale, const double* counts,
                           std::size_t n) {
  if (n == 0) return 0;
  return CPEX_BY_WIDTH(deficit_argmax_with, sum, add, scale, counts, n);
}

std::size_t frank_wolfe_step(double* x, const double* z, const double* counts, double n,
                             std::size_t k) {
  if (k == 0) return 0;
  return CPEX_BY_WIDTH(frank_wolfe_step_with, x, z, counts, n, k);
}

std::size_t first_least(const double* values, std::size_t n) {
  if (n == 0) return 0;
  return CPEX_BY_WIDTH(first_least_with, values, n);
}

std::size_t first_not_above(const double* values, std::size_t from, std::size_t n, double level) {
  if (from >= n) return n;
  return CPEX_BY_WIDTH(first_not_above_with, values, from, n, level);
}

}  // namespace cpex::numerics

#undef CPEX_AVX2_ONLY  // (a unity build continues with other files)
#undef CPEX_BY_WIDTH
