// Per-arm passes on vectors of doubles (over Gaussian arms of one standard deviation sigma, and
// the cumulative tracking's and Frank-Wolfe's):
// SSE2 (every x86-64), or AVX2 when the processor has it with FMA3 (chosen at run time,
// CPEX_SIMD_SSE2=1 keeps SSE2; these passes fuse no multiply-add, so every value is rounded as
// the scalar expression it replaces: the same bits). Used where a round costs O(K) of them (the
// game sampler at thousands of arms).
#pragma once

#include <cstddef>

namespace cpex::numerics {

// The game's optimistic gains of Gaussian arms (identification/optimistic_gains.hpp), for
// a = 0..n-1 with level > 0 and counts[a] > 0: with b = level / counts[a] and the bounds
// means[a] +- gaussian_kl_bound's offset (kl_confidence.hpp),
//   gains[a] = max(d(upper, lambda[a]), d(lower, lambda[a]), b),  d = ArmFamily::gaussian_kl.
void gaussian_optimistic_gains(double sigma, double level, const double* means,
                               const double* counts, const double* lambda, double* gains,
                               std::size_t n);

// The cost of moving arm `best` and each arm j to one mean under the weights w
// (gaussian_pair_transport(sigma, w[best], mu[best], w[j], mu[j]).cost where mu[best] > mu[j]
// and both weights are > 0, else 0: pair_transport's), into costs[j]; costs[best] = +inf.
// Returns the first j != best of the least cost (a scan's, comparing with <; n when n < 2),
// when `find_least` (else a value of no meaning: the caller reads the costs only).
std::size_t gaussian_transport_costs(double sigma, std::size_t best, const double* w,
                                     const double* mu, double* costs, std::size_t n,
                                     bool find_least = true);

// pair_transport_lower_bound(F, w[best], mu[best], F, w[j], mu[j]) for one Bernoulli family F
// (`bernoulli`) or one Poisson family F (else), expression for expression, into floors[j];
// floors[best] = +inf. Returns the first j != best of the least floor (n when n < 2) when
// `find_least` (else a value of no meaning: the caller reads the floors only).
std::size_t transport_floors(bool bernoulli, std::size_t best, const double* w, const double* mu,
                             double* floors, std::size_t n, bool find_least = true);
// C-Tracking's pass (identification/tracking.hpp): sum[a] += add[a] / scale (add[a] itself
// when scale == 1) for every arm, then the first arm a of the largest sum[a] - counts[a] (0
// when none is above -infinity), the scalar loop's values and arm.
std::size_t deficit_argmax(double* sum, const double* add, double scale, const double* counts,
                           std::size_t n);

// Frank-Wolfe sampling's step and tracking (identification fw-sampling): x[a] = ((n - 1) x[a]
// + z[a]) / n for a = 0..k-1, then the first arm of the largest x[a] / counts[a] (counts > 0;
// 0 when k == 0), the scalar loop's values and arm.
std::size_t frank_wolfe_step(double* x, const double* z, const double* counts, double n,
                             std::size_t k);

// The first index of the least of values[0..n) (compared with <: NaN never the least); n when
// every value is NaN or +infinity.
std::size_t first_least(const double* values, std::size_t n);
// The first j in [from, n) with !(values[j] > level) (a NaN value included), n when there is
// none: a scan's next piece at or below a visitor's level (the best arm's pieces of Gaussian
// arms), skipping a vector of values above it at one comparison.
std::size_t first_not_above(const double* values, std::size_t from, std::size_t n, double level);

}  // namespace cpex::numerics
