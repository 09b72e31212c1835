// AdaHedge (de Rooij, van Erven, Grunwald & Koolen, JMLR 2014), the online learner of the
// `game` sampler (Degenne, Koolen & Menard, NeurIPS 2019), as in Koolen's implementation of
// their experiments: cumulative losses L, a mixability gap Delta started at 0.01 (so that the
// first rounds are not follow-the-leader), learning rate eta = log K / Delta,
//   act:   w_a proportional to exp(-eta (L_a - min L)),
//   incur: with the mix loss M(L) = min L - log((1/K) sum_a exp(-eta (L_a - min L))) / eta,
//          Delta += <w, l> - (M(L + l) - M(L)), then L += l.
// O(K) per round (K exponentials for act, 2K for incur).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace cpex::identification {

class AdaHedge {
 public:
  explicit AdaHedge(std::size_t arms) : loss_(arms, 0.0), weights_(arms, 0.0) {}

  // The current weights (valid until the next incur).
  std::span<const double> act();
  // Incurs the loss vector l (finite), with the weights of the last act().
  void incur(std::span<const double> loss);

 private:
  double eta() const;
  double mix_loss(std::span<const double> cumulative) const;

  std::vector<double> loss_, weights_, next_;
  double gap_ = 0.01;
};

}  // namespace cpex::identification
