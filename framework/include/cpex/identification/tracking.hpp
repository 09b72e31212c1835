// Tracking of weights by the GLR samplers: C-Tracking (Garivier & Kaufmann, COLT 2016, §3.1)
// pulls argmax_a sum_{s <= t} w_a(s) - N_a(t), the sum started at the initial counts (as
// Koolen's libpurex `CTracking`); the weights are first projected onto {w in simplex : w_a >=
// eps} when eps > 0 (project_onto_floor). Ties go to the smallest index. Used by
// track-and-stop (tracking = c), game, sticky-track-and-stop and oracle-weights.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::identification {

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
