// AdaHedge (de Rooij, van Erven, Grünwald & Koolen, JMLR 2014): exponential weights over K
// experts whose learning rate eta = log K / Delta adapts to the cumulative mixability gap
// Delta, so no bound on the losses is needed. The online learner of the game-based samplers
// (Degenne, Koolen & Ménard 2019; LinGame, Degenne et al. 2020), as Koolen's implementation
// (tidnabbil/purex_games_paper, vendored by LinBAI.jl): Delta starts at 0.01,
//   w = exp(-eta (L - min L)) / sum(...),
//   after the loss vector l: mix loss m = min l - log(sum_k w_k exp(-eta (l_k - min l))) / eta,
//   L += l, Delta += w.l - m.
// Gains are fed as negative losses.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::numerics {

class AdaHedge {
 public:
  explicit AdaHedge(std::size_t experts = 0) { reset(experts); }

  void reset(std::size_t experts);
  // The current weights (a distribution over the experts).
  const std::vector<double>& weights() const { return weights_; }
  // Incur one loss vector (one entry per expert).
  void incur(std::span<const double> loss);

  double mixability_gap() const { return gap_; }  // Delta
  std::size_t experts() const { return cumulative_.size(); }

 private:
  void update_weights();

  std::vector<double> cumulative_, weights_;
  double gap_ = 0.01;
};

}  // namespace cpex::numerics
