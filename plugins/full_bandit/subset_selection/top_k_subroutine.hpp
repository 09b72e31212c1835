// Non-combinatorial top-m identification among a ground set of "arms" whose samples are
// sigma-sub-Gaussian, driven one sample at a time (the subroutines of seed 001 App. E.2,
// Algorithms 8 and 9). The full-bandit baselines sample arm i by pulling {i} + a fixed set,
// which adds the same unknown constant to every mean and so leaves the top-m unchanged.
//   halving (ME-Subroutine, Kalyanakrishnan & Stone 2010): rounds l = 1, 2, ...;
//     eps_1 = eps / 4, delta_1 = delta / 2; every surviving arm is sampled
//     ceil(8 sigma^2 / eps_l^2 ln(3 m / delta_l)) times (2 / eps_l^2 ln(3 m / delta_l) for
//     rewards in [0, 1], sigma = 1/2, the paper's count); the max(m, ceil(|S_l| / 2)) arms of
//     highest round-l mean survive; eps_{l+1} = 3 eps_l / 4, delta_{l+1} = delta_l / 2; stop
//     when m survive.
//   lucb (LUCB1, Kalyanakrishnan et al. 2012): every arm once, then per round t
//     beta(u, t) = sigma sqrt(2 / u ln(5/4 N t^4 / delta)) (their [0, 1] width with sigma = 1/2;
//     numerics::lucb1_radius with lucb1_log_term, the radius of the Best-K `lucb`),
//     High = top-m empirical means (ties: smaller arm index), h = argmin_{High} (mean - beta),
//     l = argmax_{not High} (mean + beta); stop when (mean_l + beta_l) - (mean_h - beta_h) < eps,
//     else sample h and l.
// Both return m arms each at least the m-th best mean minus eps, with probability >= 1 - delta.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cpex::full_bandit {

class TopKSubroutine {
 public:
  virtual ~TopKSubroutine() = default;
  // The position (index into the ground set) to sample next; false when done.
  virtual bool next(std::size_t& position) = 0;
  virtual void observe(std::size_t position, double reward) = 0;
  // The m selected positions, sorted (valid when next() returned false).
  virtual std::vector<std::size_t> result() const = 0;
};

struct SubroutineSettings {
  std::size_t ground = 0;  // N
  std::size_t m = 0;
  double epsilon = 0.0, delta = 0.05, sigma = 1.0;
};

std::unique_ptr<TopKSubroutine> make_halving(const SubroutineSettings& settings);
std::unique_ptr<TopKSubroutine> make_lucb(const SubroutineSettings& settings);

}  // namespace cpex::full_bandit
