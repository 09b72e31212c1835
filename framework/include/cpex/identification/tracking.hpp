// Tracking of weights by the GLR samplers, and forced exploration. Forced exploration
// (Garivier & Kaufmann, COLT 2016, D-Tracking): while some arm has N_a(t) < sqrt(t) - K/2 (or
// the K-aware floor sqrt(t/K)), pull the least-sampled one (ties: the smallest index). D-Tracking: forced exploration, else
// argmax_a t w_a - N_a (ties: the smallest index); used by track-and-stop (tracking = d), and
// the forced exploration alone by best-challenger and peps. C-Tracking (§3.1)
// pulls argmax_a sum_{s <= t} w_a(s) - N_a(t), the sum started at the initial counts (as
// Koolen's libpurex `CTracking`); the weights are first projected onto {w in simplex : w_a >=
// eps} when eps > 0 (floor_projection.hpp). Ties go to the smallest index. Used by
// track-and-stop (tracking = c), game, sticky-track-and-stop and oracle-weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "cpex/identification/floor_projection.hpp"

namespace cpex::identification {

// How many pulls forced exploration guarantees every arm by round t (t samples so far):
//   SqrtT   sqrt(t) - K/2, Garivier & Kaufmann 2016's D-Tracking (their Lemma 7);
//   KAware  3 sqrt(t/K) (sqrt(t) below K = 9): the K arms' forced pulls total 3 sqrt(K t)
//           instead of K sqrt(t) - K^2/2, and start at once instead of after K^2/4 rounds. GK's
//           proof of asymptotic optimality (Theorem 14) uses only N_a(t) >= c sqrt(t) - b with
//           constants c > 0 and b, so it holds as well. The 3 is measured, not derived (docs/
//           algorithms/asymptotic.md): with 1 an arm (often the best) whose first samples were
//           low stays starved too long on 1,000 arms.
enum class ForcedExploration { SqrtT, KAware };
double forced_exploration_floor(ForcedExploration rule, std::size_t arms, std::uint64_t t);
// KAware's floor over sqrt(t): min(1, 3 / sqrt(K)) (C-Tracking's floor eps_s is scaled alike).
inline constexpr double kKAwareForcing = 3.0;
// From this many arms the samplers' `forced-exploration = auto` is k-aware (where it applies).
inline constexpr std::size_t kKAwareFromArms = 20;
double k_aware_scale(std::size_t arms);

// C-Tracking's floor at round t: eps_t = (K^2 + t)^(-1/2) / 2 (GK 2016, section 3.1), times
// k_aware_scale(K) under KAware (each arm's floor sum_s eps_s then ~3 sqrt(t/K), not sqrt(t):
// on 1,000 arms GK's eps_t is about 1/(2K) for a million rounds, half of every sample).
double c_tracking_floor(std::size_t arms, std::uint64_t t, ForcedExploration rule = ForcedExploration::SqrtT);

// The arm forced exploration pulls at round t (t samples so far): the least-pulled arm with
// N_a below the floor (ties: the smallest index), or counts.size() when there is none.
std::size_t forced_exploration_arm(std::span<const double> counts, std::uint64_t t,
                                   ForcedExploration rule = ForcedExploration::SqrtT);

// D-Tracking's arm at round t for the weights w (forced exploration first).
std::size_t d_tracking(std::span<const double> w, std::span<const double> counts, std::uint64_t t,
                       ForcedExploration rule = ForcedExploration::SqrtT);
// D-Tracking without forced exploration: argmax_a t w_a - N_a (ties: the smallest index), as
// Koolen's libpurex `DTracking` (the game sampler's `tracking = d`).
std::size_t direct_tracking(std::span<const double> w, std::span<const double> counts, std::uint64_t t);

// Whether n is a perfect square (exact for n < 2^62): Frank-Wolfe sampling's forced
// exploration runs when floor(t/K) is one (Wang, Tzeng & Proutiere 2021; fw-sampling, linear too).
bool is_perfect_square(std::uint64_t n);

class CumulativeTracking {
 public:
  // The sum starts at `start` per arm (the initial pass's count).
  void reset(std::size_t arms, double start) { sum_.assign(arms, start); }
  // The sum starts at each arm's count (Koolen's CTracking(N): a copy of the counts so far).
  void reset(std::span<const double> counts) { sum_.assign(counts.begin(), counts.end()); }

  // Adds w (projected onto the floor eps when eps > 0) and returns the arm of largest deficit.
  // `same_weights`: w equals the last call's w (FloorProjection::project_unscaled's hint).
  std::size_t track(std::span<const double> w, double eps, std::span<const double> counts,
                    bool same_weights = false);

 private:
  std::vector<double> sum_, projected_;
  FloorProjection projection_;  // keeps the last weights sorted (often the same w* round after round)
};

}  // namespace cpex::identification
