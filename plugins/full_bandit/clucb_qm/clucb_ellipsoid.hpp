// The part CLUCB-QM (seed 001 §5.2, Alg. 4) and CLUCB-Ex (001 App. E.3, Alg. 11) share:
// paired pulls (paired_pulls.hpp) chosen by the CLUCB rule of Chen et al. (2014) on a
// regularized least-squares estimate over *all* pulls, with the width of Abbasi-Yadkori et
// al. (2011, Thm 2), 001's Proposition 2 (the static width of Prop. 1 does not hold for an
// adaptive design):
//   A = lambda I + sum chi_M chi_M^T, theta_hat = A^{-1} b (numerics::SuperArmLeastSquares,
//   lambda = 1 as in Xu et al. 2018, the seed's choice);
//   C_t = R sqrt(2 log(det(A)^{1/2} det(lambda I)^{-1/2} / delta)) + lambda^{1/2} S
//       (numerics::abbasi_yadkori_width), R = Problem::noise_sigma, S = mean-bound sqrt(n)
//       (a bound on ||theta||_2 from |theta_i| <= mean-bound);
//   rad(e) = C_t ||e_e - e_{e'}||_{A^{-1}}, the radius of the *gap to the fixed arm* (what
//   one pair measures; rad(e') = 0); M_hat = top-k(theta_hat); theta_tilde(e) =
//   theta_hat(e) - rad(e) on M_hat, + rad(e) off it; M_tilde = top-k(theta_tilde);
//   e_t = argmax of rad over M_hat (symmetric difference) M_tilde, the fixed arm left out
//   (it cannot be paired with itself); if that set is empty, argmax of rad over all arms.
// A derived algorithm supplies the stopping rule, checked after the initial sweep and after
// every pair (stop_now). Why the gap radius: docs/algorithms/full-bandit-baselines.md.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cpex/numerics/super_arm_least_squares.hpp"
#include "paired_pulls.hpp"

namespace cpex::full_bandit {

// paired_parameters("random") plus lambda, mean-bound and refactor-every.
ParamSchema ellipsoid_paired_parameters();

class ClucbEllipsoid : public PairedPullAlgorithm {
 public:
  explicit ClucbEllipsoid(const ParamValues& p);
  void start(const AlgorithmContext& context) override;
  std::vector<std::pair<std::string, ParamValue>> resolved() const override;

 protected:
  void on_pull(std::span<const std::size_t> members, double reward) override { ls_.add(members, reward); }
  void on_pair(std::size_t, double) override {}
  bool decide(std::size_t& explore) override;

  // The stopping rule on the current least squares with width C_t; best_ is M_hat.
  virtual bool stop_now(double width) = 0;
  // Checks of one algorithm, at the end of start().
  virtual void on_ellipsoid_start() {}

  // C_t of the current design.
  double width() const;

  double lambda_, mean_bound_;
  std::uint64_t refactor_every_;
  TraceSink* trace_ = nullptr;
  numerics::SuperArmLeastSquares ls_;

 private:
  std::vector<double> radius_, tilde_;
  std::vector<char> in_best_, in_challenger_;
  Decision challenger_;
};

}  // namespace cpex::full_bandit
