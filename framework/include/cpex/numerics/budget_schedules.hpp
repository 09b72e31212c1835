// How the fixed-budget elimination algorithms split a budget of T samples over their
// phases, exactly as their papers define it. Shared by successive-rejects and sar
// (plugins/bestk/fixed_budget), csar (plugins/cpe_l) and sequential-halving.
//
//   Successive Rejects (Audibert, Bubeck & Munos, COLT 2010, §3) and SAR (Bubeck, Wang &
//   Viswanathan, ICML 2013): K arms, K - 1 phases,
//     logbar(K) = 1/2 + sum_{i=2}^{K} 1/i,   n_0 = 0,
//     n_k = ceil( (T - K) / (logbar(K) (K + 1 - k)) ),   k = 1, ..., K - 1;
//   phase k samples each of its K + 1 - k active arms n_k - n_{k-1} times, so the run
//   takes n_1 + ... + n_{K-1} + n_{K-1} <= T samples.
//   CSAR (Chen, Lin, King, Lyu & Chen, NIPS 2014, Alg. 2): n arms, n phases,
//     logtilde(n) = sum_{i=1}^{n} 1/i,   T~_0 = 0,
//     T~_t = ceil( (T - n) / (logtilde(n) (n - t + 1)) ),   t = 1, ..., n;
//   phase t samples each of its n - t + 1 active arms T~_t - T~_{t-1} times (sum of T~_t
//   <= T).
//   Sequential Halving (Karnin, Koren & Somekh, ICML 2013, Alg. 1): ceil(log2 n) rounds;
//   round r samples each of its |S_r| arms floor(T / (|S_r| ceil(log2 n))) times and keeps
//   the ceil(|S_r| / 2) best.
//
// Rounding: the ceilings divide by an irrational-looking sum; a quotient within a relative
// 1e-12 of an integer (computed in long double) is taken as that integer, so that exact
// integers (e.g. K = 3: logbar * 3 = 4) are not pushed up by rounding errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cpex::numerics {

// logbar(K) = 1/2 + sum_{i=2}^{K} 1/i (K >= 2).
long double successive_rejects_log(std::size_t arms);

// n_0 = 0, n_1, ..., n_{K-1}: the per-arm sample count at the end of each phase (size K).
std::vector<std::uint64_t> successive_rejects_phases(std::size_t arms, std::uint64_t budget);

// Samples a successive-rejects run takes: n_1 + ... + n_{K-1} + n_{K-1}.
std::uint64_t successive_rejects_total(std::size_t arms, std::uint64_t budget);

// logtilde(n) = sum_{i=1}^{n} 1/i (n >= 1).
long double csar_log(std::size_t arms);

// T~_0 = 0, T~_1, ..., T~_n (size n + 1).
std::vector<std::uint64_t> csar_phases(std::size_t arms, std::uint64_t budget);

// ceil(log2 n) for n >= 1 (0 for n = 1).
std::size_t halving_rounds(std::size_t arms);

// floor(T / (survivors * rounds)).
std::uint64_t halving_pulls(std::uint64_t budget, std::size_t survivors, std::size_t rounds);

}  // namespace cpex::numerics
