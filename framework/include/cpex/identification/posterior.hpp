// One draw of every arm's mean from its posterior given the arm's statistics, for top-two's
// Thompson-sampling leader and challenger (TTTS, T3C). Conjugate priors, flat on the
// family's natural scale:
//   gaussian (known sigma_a)   flat prior on the mean:     N(mu_hat, sigma_a^2 / N)
//   bernoulli                  uniform prior (Beta(1, 1)): Beta(1 + S, 1 + N - S)
//   poisson                    flat prior on the rate:     Gamma(1 + S, rate N)
//   exponential                flat prior on the rate 1/mean: rate ~ Gamma(1 + N, rate S),
//                              mean = 1 / rate (an inverse-gamma draw of the mean)
//   gaussian, unknown variance the reference prior 1/sigma^2 on (mean, variance) (the
//                              Normal-Gamma family's noninformative limit): the mean's marginal
//                              posterior is Student's t, mu_hat + s / sqrt(N) T_{N-1},
//                              s^2 = sum (x - mu_hat)^2 / (N - 1) (N >= 2: the initial pass)
// (S the arm's sum of rewards, N its count). Draws come from the stream given (the algorithm's
// own counter-based stream), arms in index order, so a run is reproducible from its seed.
#pragma once

#include <span>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

// One arm's draw (family, empirical mean, count).
double posterior_draw(const numerics::ArmFamily& family, double mean, double count, RandomStream& rng);

// The variance V of the Gaussian stand-in N(mean, c V / count) of an arm's posterior (the
// oracle-only samplers' posterior; exact for Gaussian arms, V = sigma^2): the family's variance
// at the mean, floored at the variance of a mean 1 / (count + 1) away from the edge of the
// family's means so that an arm with all-equal Bernoulli rewards still varies; 1 where the
// family has none.
double posterior_variance(const numerics::ArmFamily& family, double mean, double count);

// families: the run's (for unknown variances, the maximum-likelihood variance of the arm).
void posterior_draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                    std::span<const double> counts, RandomStream& rng, std::vector<double>& out);

// The same draws, bit for bit and from the same stream, round after round: a Bernoulli arm's
// two Gamma draws (Marsaglia & Tsang) keep their constants d = shape - 1/3 and 1 / sqrt(9 d)
// while the arm's mean and count stay (one arm changes a round: no square root and division
// per draw for the others). One object per run's arms.
class PosteriorDraws {
 public:
  void draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
            std::span<const double> counts, RandomStream& rng, std::vector<double>& out);
  // Arm `arm`'s draw (posterior_draw's).
  double draw_one(std::size_t arm, const numerics::ArmFamily& family, double mean, double count,
                  RandomStream& rng);

 private:
  struct BetaConstants {
    double mean = -1.0, count = -1.0;  // the statistics they are for (none yet: -1)
    double d_ones = 0.0, c_ones = 0.0, d_zeros = 0.0, c_zeros = 0.0;
  };
  std::vector<BetaConstants> beta_;
};

}  // namespace cpex::identification
