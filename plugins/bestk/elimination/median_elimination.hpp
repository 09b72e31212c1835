// Median Elimination of Even-Dar, Mannor & Mansour (JMLR 2006, Alg. 2) as a state machine
// over a set of arms, used by `median-elimination` and as the subroutine of
// `exponential-gap` (Karnin, Koren & Somekh 2013):
//   S_1 = the arms, eps_1 = eps/4, delta_1 = delta/2;
//   phase l: sample every arm of S_l  n_l = ceil(b^2 (4/eps_l^2) log(3/delta_l))  times,
//            p_a = the mean of arm a over this phase's samples;
//            S_{l+1} = S_l without the arms below the median of the p_a;
//            eps_{l+1} = 3/4 eps_l, delta_{l+1} = delta_l / 2;
//   until |S_l| = 1; that arm is eps-optimal with probability >= 1 - delta.
// Rewards in [0, 1] in the paper; here sigma-sub-Gaussian with b = 2 sigma (b = 1 for
// [0, 1] rewards, the paper's counts). `scale` multiplies every n_l (1: the paper's).
// "Below the median": the ceil(|S|/2) arms of largest p_a stay (the median's own arm
// stays when |S| is odd); ties at the cut go to the smaller index.
#pragma once

#include <cstdint>
#include <vector>

#include "cpex/phased_elimination.hpp"

namespace cpex::elimination {

// The number of samples ceil(scale b^2 c / eps^2 log(3/delta)) of a phase, at least 1;
// throws ParameterError("epsilon") when it would exceed 2^62.
std::uint64_t phase_samples(double c, double epsilon, double delta, double b, double scale);

class MedianElimination {
 public:
  void begin(std::vector<std::size_t> arms, std::size_t num_arms, double epsilon, double delta,
             double b, double scale);
  // The next pull, or false once one arm is left (result()).
  bool next(std::size_t& arm);
  void observe(std::size_t arm, double reward);
  std::size_t result() const { return arms_.front(); }
  const std::vector<std::size_t>& survivors() const { return arms_; }

 private:
  void start_phase();
  void end_phase();

  std::vector<std::size_t> arms_;  // S_l, in index order
  std::vector<double> sum_;        // this phase's reward sums, per arm index
  double epsilon_ = 0.0, delta_ = 0.0, b_ = 1.0, scale_ = 1.0;
  fixed_budget::PhaseSampler sampler_;
};

}  // namespace cpex::elimination
