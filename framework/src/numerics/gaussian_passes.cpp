// Per-arm passes over Gaussian arms of one sigma on vectors of doubles (gaussian_passes.hpp).
// Each pass is written once on a vector of V doubles (GCC's vector extension: elementwise
// arithmetic and `a < b ? b : a`; gaussian_passes_body.inc) and compiled twice, V = 2 (SSE2) and
// V = 4 under `#pragma GCC target("avx2")`, as numerics/quadratic_maximization.cpp's peeling
// pass; the arms past the last whole vector go through the same code on a vector padded with
// copies of the last arm.
#include "cpex/numerics/gaussian_passes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace cpex::numerics {
namespace {

using Doubles2 = double __attribute__((vector_size(16)));
using Doubles4 = double __attribute__((vector_size(32)));

namespace sse2 {
using V = Doubles2;
#define CPEX_PASSES_SQRT(x) __builtin_ia32_sqrtpd(x)
#include "gaussian_passes_body.inc"
#undef CPEX_PASSES_SQRT
}  // namespace sse2

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CPEX_GAUSSIAN_PASSES_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
using V = Doubles4;
#define CPEX_PASSES_SQRT(x) __builtin_ia32_sqrtpd256(x)
#include "gaussian_passes_body.inc"
#undef CPEX_PASSES_SQRT
}  // namespace avx2
#pragma GCC pop_options
#endif

// AVX2 when the processor has it, unless CPEX_GAUSSIAN_PASSES_SSE2=1 (the test suite runs the
// passes' test once that way, so that the SSE2 passes are checked on AVX2 machines too).
bool use_avx2() {
#if defined(CPEX_GAUSSIAN_PASSES_AVX2)
  static const bool avx2 = [] {
    const char* sse2 = std::getenv("CPEX_GAUSSIAN_PASSES_SSE2");
    return !(sse2 && std::string_view(sse2) == "1") && __builtin_cpu_supports("avx2");
  }();
  return avx2;
#else
  return false;
#endif
}

}  // namespace

void gaussian_optimistic_gains(double sigma, double level, const double* means, const double* counts,
                               const double* lambda, double* gains, std::size_t n) {
  if (n == 0) return;
#if defined(CPEX_GAUSSIAN_PASSES_AVX2)
  if (use_avx2()) return avx2::gains_with(sigma, level, means, counts, lambda, gains, n);
#endif
  sse2::gains_with(sigma, level, means, counts, lambda, gains, n);
}

void gaussian_transport_costs(double sigma, std::size_t best, const double* w, const double* mu, double* costs,
                              std::size_t n) {
  if (n == 0) return;
#if defined(CPEX_GAUSSIAN_PASSES_AVX2)
  if (use_avx2()) return avx2::costs_with(sigma, best, w, mu, costs, n);
#endif
  sse2::costs_with(sigma, best, w, mu, costs, n);
}

}  // namespace cpex::numerics
