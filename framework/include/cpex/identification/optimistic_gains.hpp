// The optimistic gains of the game sampler (Degenne, Koolen & Menard, NeurIPS 2019; Koolen's
// libpurex `optimistic_gradient`, as vendored in the FW-sampling and LinBAI repositories): at
// round t (t samples so far) the level is f = log t, and an arm of `count` samples of empirical
// mean mu_hat, against the best response's lambda, gains
//
//   U = max(d(hi, lambda), d(lo, lambda), f / count),  [lo, hi] = {q : count d(mu_hat, q) <= f},
//
// the largest divergence to lambda of a mean the arm's KL box holds, at least the box's own
// level per sample. The box comes from numerics/kl_confidence.hpp (within 1e-12 of the exact
// bounds, on their outside), each round's from the round before's.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::identification {

// f = log t at round t (t >= 1 samples so far).
double optimism_level(std::uint64_t t);
// The game's level on a grid of `steps` per unit (steps >= 1): log t rounded up to the next
// multiple of 1 / steps, so at least log t and below log t + 1 / steps, and the same for the
// rounds between two grid points (about t / steps of them at round t). steps = 0: log t itself.
double optimism_level_on_grid(std::uint64_t t, std::uint64_t steps);

// U above for one arm at `level`; `upper` / `lower` hold the arm's bounds of the round before
// (NaN: none yet) and are replaced by this round's. Not finite where lambda is at an end of the
// family's means that a plausible mean is not (the caller clips).
double optimistic_gain(const numerics::ArmFamily& family, double mean, double count, double level, double lambda,
                       double& upper, double& lower);

// The gains of every arm at once, round after round (the game's step 3): gains[a] is U above
// for arm a at `level` (its mean, count and lambda at a).
//   Gaussian arms: optimistic_gain's closed form, inline (the same bits).
//   Bernoulli and Poisson arms: each bound from the arm's bound of the round before when the arm
//     was not pulled since (the same mean and count: only the level moved), by one step of the
//     second-order inverse of q -> d(mean, q) from the divergence kept there, moved out by
//     2e-13 max(1, |q|), then checked: d(mean, q) computed at the new bound must exceed
//     level / count by more than its rounding (so the bound is on the safe side) and by less
//     than 5e-13 max(1, |q|) times the slope (so within 1e-12 of the exact bound); otherwise,
//     and for an arm pulled since, kl_upper_bound_from / kl_lower_bound_from. Where lambda_a is
//     the arm's own mean (every arm the best response does not move), d(bound, lambda_a) comes
//     from the same two logarithms (ArmFamily::kl_with_reverse). One evaluation of the
//     divergence per bound and round instead of two or three and one more for the gain: a
//     reading of the last bits of optimistic_gain (the same guarantee on the bounds).
//   Other families: optimistic_gain.
// A Bernoulli or Poisson arm whose mean, count and level are those of its last bounds keeps
// them (no step: they are this round's to the same guarantee), and its gain against its own
// mean as computed then: with the level on a grid (optimism_level_on_grid) a round recomputes
// the bounds of the arm pulled since only, and every arm's when the level reaches the next
// grid point.
class OptimisticGains {
 public:
  // Forgets every arm's bounds (a new run of `arms` arms). Between two resets the arms'
  // families must not change (whether all are Gaussian of one sigma is checked once).
  void reset(std::size_t arms);
  void compute(std::span<const numerics::ArmFamily> families, std::span<const double> means,
               std::span<const double> counts, double level, std::span<const double> lambda,
               std::span<double> gains);
  // The lower and upper bound of arm `arm` at the last compute() (NaN for a Gaussian arm:
  // their closed form is not kept).
  std::pair<double, double> bounds(std::size_t arm) const {
    return {arms_[arm].lower.at, arms_[arm].upper.at};
  }

 private:
  struct Bound {
    double at = std::numeric_limits<double>::quiet_NaN();  // the bound q of the round before
    double divergence =
        std::numeric_limits<double>::quiet_NaN();  // d(mean, q); NaN: not for this mean
  };
  struct Arm {
    double mean = std::numeric_limits<double>::quiet_NaN(),
           count = 0.0;  // the bounds' mean and count
    Bound upper, lower;
  };
  // One bound (direction +1 upper, -1 lower) of arm `arm`, and d(bound, mean) in `reverse`.
  static double bound(const numerics::ArmFamily& family, double mean, double count, double level,
                      double direction, Bound& last, double& reverse);

  // The gain of arm a computed afresh (its bounds from the kept ones, kept_*_ updated).
  double fresh_gain(std::size_t a, const numerics::ArmFamily& family, double mean, double count,
                    double level, double lambda);

  std::vector<Arm> arms_;
  // Per arm, where its bounds are kept at level_: their mean (NaN: not kept) and count, and the
  // gain against lambda = mean there.
  std::vector<double> kept_mean_, kept_count_, own_gain_;
  double level_ = std::numeric_limits<double>::quiet_NaN();  // the level of the last compute()
  const numerics::ArmFamily* families_seen_ = nullptr;  // the families checked since the reset
  bool one_gaussian_ = false;                           // ... all Gaussian of one sigma
};

}  // namespace cpex::identification
