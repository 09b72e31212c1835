// Algorithm 1 of seed 000 (reduction to DkS), greedy peeling in O(n^2), Theorem 1's ratio
// and the exact QP optimum by enumeration.
#include "cpex/numerics/quadratic_maximization.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>

#include <Eigen/Eigenvalues>

#include "cpex/numerics/dense_decompositions.hpp"
#include "vector_dispatch.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "cpex/numerics/k_subset_enumeration.hpp"

namespace cpex::numerics {

Eigen::MatrixXd dks_reduction(const Eigen::MatrixXd& w) {
  const Eigen::VectorXd d = w.diagonal();
  Eigen::MatrixXd out = w;
  out.colwise() += d;
  out.rowwise() += d.transpose();
  out.diagonal().setZero();
  return out;
}

Eigen::VectorXd row_sums(const Eigen::MatrixXd& w) {
  // Eigen 3.4 (PartialReduxEvaluator.h) sums the rows that fill whole packets as
  // c_0 + ((c_1 + c_2) + (c_3 + c_4)) + ... + c_(n-1) over the columns c_j, the last
  // (n - 1) mod 4 columns one at a time, and each remaining row (n mod packet size) in
  // column order; here the same sums are taken four whole columns at a time.
  const Eigen::Index rows = w.rows(), cols = w.cols();
  Eigen::VectorXd out(rows);
  if (cols == 0) {
    out.setZero();
    return out;
  }
  constexpr Eigen::Index packet = Eigen::internal::packet_traits<double>::Vectorizable
                                      ? Eigen::internal::packet_traits<double>::size
                                      : 1;
  const Eigen::Index paired = packet > 1 ? rows - rows % packet : 0;
  double* p = out.data();
  const double* first = w.col(0).data();
  for (Eigen::Index r = 0; r < rows; ++r) p[r] = first[r];
  const Eigen::Index size4 = (cols - 1) & ~Eigen::Index{3};
  Eigen::Index c = 1;
  for (; c < size4; c += 4) {
    const double *a = w.col(c).data(), *b = w.col(c + 1).data(), *d = w.col(c + 2).data(), *e = w.col(c + 3).data();
    for (Eigen::Index r = 0; r < paired; ++r) p[r] = p[r] + ((a[r] + b[r]) + (d[r] + e[r]));
    for (Eigen::Index r = paired; r < rows; ++r) p[r] = (((p[r] + a[r]) + b[r]) + d[r]) + e[r];
  }
  for (; c < cols; ++c) {
    const double* a = w.col(c).data();
    for (Eigen::Index r = 0; r < rows; ++r) p[r] = p[r] + a[r];
  }
  return out;
}

namespace {

// One pass of greedy peeling over all n vertices: rowsum -= column (when column is given),
// then degree[i] = rowsum[i] + factor * scale[i] + diagonal_sum; returns the least degree
// under `<` (a NaN is never the least), +inf when none is below +inf. scale[i] is w_ii while
// i is alive and +inf once it is removed, so a removed vertex's degree is +inf or NaN (factor
// >= 0). Every alive degree is the expression of the former scalar loop,
// (rowsum + factor * w_ii) + diagonal_sum, rounded the same way, so peeling picks the same
// vertices bit for bit (tests/unit/full_bandit_numerics_test.cpp keeps the former loop).
//
// Written once on a vector of V doubles (GCC's vector extension: elementwise +, -, *, and
// `a < b ? a : b`, which is MINPD's definition), two registers per step, and compiled twice:
// V = 2 (SSE2, every x86-64) and V = 4 inside an AVX2 function (chosen at run time, so the
// build needs no -march; AVX2 brings no fused multiply-add, so the same roundings).
template <class V>
[[gnu::always_inline]] inline double peeling_pass_with(double* rowsum, const double* column, const double* scale,
                                                       double factor, double diagonal_sum, double* degree,
                                                       std::size_t n) {
  constexpr std::size_t lanes = sizeof(V) / sizeof(double);
  std::size_t i = 0;
  double lowest = std::numeric_limits<double>::infinity();
  V low0 = V{} + lowest, low1 = low0;
  // Unaligned loads and stores as copies (no V crosses a call: its ABI depends on the target).
  V r0, r1, s0, s1, d0, d1;
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    __builtin_memcpy(&r0, rowsum + i, sizeof(V));
    __builtin_memcpy(&r1, rowsum + i + lanes, sizeof(V));
    if (column) {
      __builtin_memcpy(&s0, column + i, sizeof(V));
      __builtin_memcpy(&s1, column + i + lanes, sizeof(V));
      r0 = r0 - s0;
      r1 = r1 - s1;
      __builtin_memcpy(rowsum + i, &r0, sizeof(V));
      __builtin_memcpy(rowsum + i + lanes, &r1, sizeof(V));
    }
    __builtin_memcpy(&s0, scale + i, sizeof(V));
    __builtin_memcpy(&s1, scale + i + lanes, sizeof(V));
    d0 = (r0 + factor * s0) + diagonal_sum;
    d1 = (r1 + factor * s1) + diagonal_sum;
    __builtin_memcpy(degree + i, &d0, sizeof(V));
    __builtin_memcpy(degree + i + lanes, &d1, sizeof(V));
    low0 = d0 < low0 ? d0 : low0;
    low1 = d1 < low1 ? d1 : low1;
  }
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    lowest = low0[lane] < lowest ? low0[lane] : lowest;
    lowest = low1[lane] < lowest ? low1[lane] : lowest;
  }
  for (; i < n; ++i) {
    if (column) rowsum[i] -= column[i];
    degree[i] = rowsum[i] + factor * scale[i] + diagonal_sum;
    lowest = degree[i] < lowest ? degree[i] : lowest;
  }
  return lowest;
}

using vectors::Doubles2;
using vectors::Doubles4;

double peeling_pass(double* rowsum, const double* column, const double* scale, double factor,
                    double diagonal_sum, double* degree, std::size_t n) {
  return peeling_pass_with<Doubles2>(rowsum, column, scale, factor, diagonal_sum, degree, n);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CPEX_PEELING_AVX2 1
__attribute__((target("avx2"))) double peeling_pass_avx2(double* rowsum, const double* column, const double* scale,
                                                         double factor, double diagonal_sum, double* degree,
                                                         std::size_t n) {
  return peeling_pass_with<Doubles4>(rowsum, column, scale, factor, diagonal_sum, degree, n);
}
#endif

using PeelingPass = double (*)(double*, const double*, const double*, double, double, double*, std::size_t);

// AVX2 when the processor has it, unless CPEX_SIMD_SSE2=1 (vector_dispatch.hpp).
PeelingPass choose_peeling_pass() {
#if defined(CPEX_PEELING_AVX2)
  if (vectors::use_avx2()) return peeling_pass_avx2;
#endif
  return peeling_pass;
}

// The first i with degree[i] == lowest (lowest < +inf, so some i has it).
std::size_t first_equal(const double* degree, double lowest, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128d target = _mm_set1_pd(lowest);
  for (; i + 4 <= n; i += 4) {
    const int hits = _mm_movemask_pd(_mm_cmpeq_pd(_mm_loadu_pd(degree + i), target)) |
                     (_mm_movemask_pd(_mm_cmpeq_pd(_mm_loadu_pd(degree + i + 2), target)) << 2);
    if (hits) return i + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(hits)));
  }
#endif
  for (; i < n; ++i)
    if (degree[i] == lowest) return i;
  return n;
}

}  // namespace

std::vector<std::size_t> greedy_peeling(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<std::size_t>(w.rows());
  if (k >= n) {
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  // Degree of i in the reduction restricted to S (|S| = s):
  //   sum_{j in S, j != i} (w_ij + w_ii + w_jj)
  //   = (rowsum_S(i) - w_ii) + (s - 1) w_ii + (diag_S - w_ii)
  // Each removal is one pass (peeling_pass): the victim's column leaves the row sums and the
  // next degrees and their minimum are computed in the same loop; the victim is the first
  // vertex of least degree (ties: the smallest index), as a sequential scan with `<` finds it.
  // The factor s - 3 is unsigned: at s = 2 (reached only when k <= 1) it wraps to 2^64 - 1,
  // so the last removal drops the survivor of smaller w_ii and keeps the larger one (the
  // better single vertex of the two), where the true degrees (w_ij + w_ii + w_jj for both)
  // tie and would keep the smaller index. This has always been the behaviour (results
  // depend on it; the test's former loop has it too, and a test pins it) and is kept.
  const Eigen::VectorXd diagonal = w.diagonal();
  Eigen::VectorXd rowsum = row_sums(w);
  double diagonal_sum = diagonal.sum();
  Eigen::VectorXd scale = diagonal, degree(w.rows());
  std::vector<char> alive(n, 1);
  std::size_t s = n;
  const double* column = nullptr;
  static const PeelingPass pass = choose_peeling_pass();
  while (true) {
    const double lowest = pass(rowsum.data(), column, scale.data(), static_cast<double>(s - 3), diagonal_sum,
                               degree.data(), n);
    std::size_t victim = n;
    if (lowest < std::numeric_limits<double>::infinity()) victim = first_equal(degree.data(), lowest, n);
    if (victim == n) victim = static_cast<std::size_t>(std::find(alive.begin(), alive.end(), 1) - alive.begin());
    const auto iv = static_cast<Eigen::Index>(victim);
    alive[victim] = 0;
    scale(iv) = std::numeric_limits<double>::infinity();
    diagonal_sum -= diagonal(iv);
    if (--s == k) break;
    column = w.col(iv).data();
  }
  std::vector<std::size_t> out;
  out.reserve(k);
  for (std::size_t i = 0; i < n; ++i)
    if (alive[i]) out.push_back(i);
  return out;
}

double peeling_guarantee(std::size_t n, std::size_t k) {
  if (k >= n) return 1.0;
  return static_cast<double>(k) * static_cast<double>(k - 1) /
         (static_cast<double>(n) * static_cast<double>(n - 1));
}

double theorem1_ratio(const Eigen::MatrixXd& w, std::size_t k, double alpha_dks) {
  if (k < 2 || w.rows() == 0) return 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(w, Eigen::EigenvaluesOnly);
  const Eigen::VectorXd& lambda = solver.eigenvalues();  // ascending
  if (solver.info() != Eigen::Success || !(lambda(0) > 0.0)) return 0.0;
  return alpha_dks / static_cast<double>(k - 1) * lambda(0) / lambda(lambda.size() - 1);
}

void improve_by_swaps(const Eigen::MatrixXd& w, std::vector<std::size_t>& subset, std::size_t max_swaps) {
  const auto n = static_cast<std::size_t>(w.rows());
  std::vector<char> inside(n, 0);
  Eigen::VectorXd v = Eigen::VectorXd::Zero(w.rows());  // v = W chi
  for (std::size_t i : subset) {
    inside[i] = 1;
    v += w.col(static_cast<Eigen::Index>(i));
  }
  double value = quadratic_value(w, subset);
  for (std::size_t swap = 0; swap < max_swaps; ++swap) {
    // new - old = -2 v_a + w_aa + 2 v_b + w_bb - 2 w_ab
    double best_gain = 1e-12 * std::max(1.0, std::abs(value));
    std::size_t best_out = n, best_in = n;
    for (std::size_t a : subset) {
      const auto ia = static_cast<Eigen::Index>(a);
      const double removal = -2.0 * v(ia) + w(ia, ia);
      for (std::size_t b = 0; b < n; ++b) {
        if (inside[b]) continue;
        const auto ib = static_cast<Eigen::Index>(b);
        const double gain = removal + 2.0 * v(ib) + w(ib, ib) - 2.0 * w(ia, ib);
        if (gain > best_gain) {
          best_gain = gain;
          best_out = a;
          best_in = b;
        }
      }
    }
    if (best_out == n) break;
    value += best_gain;
    inside[best_out] = 0;
    inside[best_in] = 1;
    v += w.col(static_cast<Eigen::Index>(best_in)) - w.col(static_cast<Eigen::Index>(best_out));
    *std::find(subset.begin(), subset.end(), best_out) = best_in;
    std::sort(subset.begin(), subset.end());
  }
}

double quadratic_value(const Eigen::MatrixXd& w, std::span<const std::size_t> subset) {
  double total = 0.0;
  for (std::size_t i : subset)
    for (std::size_t j : subset) total += w(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
  return total;
}

std::vector<std::size_t> exact_quadratic_maximum(const Eigen::MatrixXd& w, std::size_t k) {
  std::vector<std::size_t> best;
  double best_value = -std::numeric_limits<double>::infinity();
  for_each_k_subset(static_cast<std::size_t>(w.rows()), k, &w, nullptr, nullptr,
                    [&](const std::vector<std::size_t>& subset, double q, double, double) {
                      if (q > best_value) {
                        best_value = q;
                        best = subset;
                      }
                    });
  return best;
}

}  // namespace cpex::numerics
