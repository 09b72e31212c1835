// AdaHedge (de Rooij, van Erven, Grünwald & Koolen, JMLR 2014): exponential weights over K
// experts with the learning rate eta_t = ln K / Delta_t, Delta_t the cumulative mixability
// gap, so no scale of the losses is needed. Used as the allocation learner of the game-style
// samplers (peps): the experts are the arms, the gains the transport costs of the round's
// alternative. Gains are maximized (losses = -gains).
//   weights()  w_i ~ exp(eta G_i) (uniform over the leaders while Delta = 0, eta = inf);
//   gain(g)    h = w.(-g); m = -(1/eta) ln sum_i w_i exp(eta g_i) (min_i -g_i when eta = inf);
//              Delta += h - m; G += g.
// Each round's O(K) passes run on vectors of doubles (SSE2, or AVX2 when the processor has it:
// the same bits either way, numerics/vector_dispatch.hpp): the sums in blocks of four arms, the
// exponentials by vector_exp (within 2 ulp of exp; 0 below e^-708, a weight no sum or tracking
// feels; its reduction and polynomial by fused multiply-adds: FMA3 beside AVX2, std::fma lane
// by lane with SSE2, the same bits).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::numerics {

class AdaHedge {
 public:
  explicit AdaHedge(std::size_t experts = 0, double initial_gap = 0.0) { reset(experts, initial_gap); }

  // `initial_gap`: Delta_0 (0: follow the leader until a gap appears; Koolen's implementation
  // of the game sampler of Degenne, Koolen & Menard 2019 starts at 0.01).
  void reset(std::size_t experts, double initial_gap = 0.0);
  // The current weights (sum to 1).
  const std::vector<double>& weights() const { return weights_; }
  // Feeds one round's gains (one per expert; finite) and updates the weights.
  void gain(std::span<const double> gains);
  double learning_rate() const;  // +inf while the mixability gap is 0

 private:
  void refresh(double top);  // the weights of the cumulative gains, top their largest

  std::vector<double> cumulative_, weights_;
  double gap_ = 0.0;  // Delta_t
};

// e^x for each x[i] in [-708, 0] (within 2 ulp; 0 below -708): the learner's exponentials, the
// same bits on SSE2 and AVX2. Throws std::invalid_argument when out is shorter than x.
void vector_exp(std::span<const double> x, std::span<double> out);

}  // namespace cpex::numerics
