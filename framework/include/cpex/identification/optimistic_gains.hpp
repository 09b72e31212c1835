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
#include <span>

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::identification {

// f = log t at round t (t >= 1 samples so far).
double optimism_level(std::uint64_t t);

// U above for one arm at `level`; `upper` / `lower` hold the arm's bounds of the round before
// (NaN: none yet) and are replaced by this round's. Not finite where lambda is at an end of the
// family's means that a plausible mean is not (the caller clips).
double optimistic_gain(const numerics::ArmFamily& family, double mean, double count, double level, double lambda,
                       double& upper, double& lower);

// optimistic_gain for every arm a at once (mean, count, lambda, upper and lower at a) into
// gains[a], the same bits; Gaussian arms' in closed form without a call.
void optimistic_gains(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                      std::span<const double> counts, double level, std::span<const double> lambda,
                      std::span<double> upper, std::span<double> lower, std::span<double> gains);

}  // namespace cpex::identification
