// Tracking of weights by the GLR samplers, and forced exploration. Forced exploration
// (Garivier & Kaufmann, COLT 2016, D-Tracking): while some arm has N_a(t) < sqrt(t) - K/2, pull
// the least-sampled one (ties: the smallest index). D-Tracking: forced exploration, else
// argmax_a t w_a - N_a (ties: the smallest index); used by track-and-stop (tracking = d), and
// the forced exploration alone by best-challenger and peps. C-Tracking (§3.1)
// pulls argmax_a sum_{s <= t} w_a(s) - N_a(t), the sum started at the initial counts (as
// Koolen's libpurex `CTracking`); the weights are first projected onto {w in simplex : w_a >=
// eps} when eps > 0 (project_onto_floor). Ties go to the smallest index. Used by
// track-and-stop (tracking = c), game, sticky-track-and-stop and oracle-weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cpex::identification {

// The arm forced exploration pulls at round t (t samples so far), or counts.size() when every
// arm has N_a >= sqrt(t) - K/2.
std::size_t forced_exploration_arm(std::span<const double> counts, std::uint64_t t);

// D-Tracking's arm at round t for the weights w (forced exploration first).
std::size_t d_tracking(std::span<const double> w, std::span<const double> counts, std::uint64_t t);

// out = max(w - eta, eps) with eta >= 0 such that the sum is 1 (eps <= 1/(2K)): raises the
// weights below eps to eps and lowers the others by a common amount (water filling), which
// moves no weight further than any other L-infinity projection onto that set. eta by bisection
// to machine precision, then the few ulps renormalized away.
void project_onto_floor(std::span<const double> w, double eps, std::vector<double>& out);

class CumulativeTracking {
 public:
  // The sum starts at `start` per arm (the initial pass's count).
  void reset(std::size_t arms, double start) { sum_.assign(arms, start); }

  // Adds w (projected onto the floor eps when eps > 0) and returns the arm of largest deficit.
  std::size_t track(std::span<const double> w, double eps, std::span<const double> counts);

 private:
  std::vector<double> sum_, projected_;
};

}  // namespace cpex::identification
