// The vector types and the run-time choice of the numerics' vector passes (vector_passes.cpp,
// ada_hedge.cpp, quadratic_maximization.cpp's peeling): each pass is compiled for SSE2 (every
// x86-64) and, under `#pragma GCC target("avx2")`, for AVX2, taken when the processor has it
// unless CPEX_SIMD_SSE2=1 (the test suite runs the passes' tests once that way, so that the SSE2
// versions are checked on AVX2 machines too). The AVX2 versions are taken on processors with FMA3
// as well (every one with AVX2 but a few low-end ones); a pass that fuses multiply-adds (the
// learner's exponential, ada_hedge_passes.inc) fuses them with SSE2 too (std::fma, lane by lane:
// the same bits, slower), the others fuse none: both versions round every operation alike.
#pragma once

#include <cstdlib>
#include <string_view>

namespace cpex::numerics::vectors {

using Doubles2 = double __attribute__((vector_size(16)));
using Doubles4 = double __attribute__((vector_size(32)));
using Longs2 = long long __attribute__((vector_size(16)));
using Longs4 = long long __attribute__((vector_size(32)));

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CPEX_VECTOR_AVX2 1
#endif

inline bool use_avx2() {
#if defined(CPEX_VECTOR_AVX2)
  static const bool avx2 = [] {
    const char* sse2 = std::getenv("CPEX_SIMD_SSE2");
    return !(sse2 && std::string_view(sse2) == "1") && __builtin_cpu_supports("avx2") &&
           __builtin_cpu_supports("fma");
  }();
  return avx2;
#else
  return false;
#endif
}

}  // namespace cpex::numerics::vectors
