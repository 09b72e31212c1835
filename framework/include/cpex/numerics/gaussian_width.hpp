// The Gaussian-width design of Katz-Samuels, Jain, Karnin & Jamieson (NeurIPS 2020, Peace):
// for measurement vectors X (d x K, spanning R^d) and directions Y (d x M),
//   gamma(lambda) = E_eta[ max_{y in Y} y^T A(lambda)^{-1/2} eta ]^2,   eta ~ N(0, I_d),
// A(lambda) = sum_x lambda_x x x^T, the squared Gaussian width of Y under the design's metric
// (it replaces the union bound's log |Y| rho of the XY designs). Minimized as the authors' code
// does (jkatzsam/linear_bandits_empirical_process, gamma_tb_torch): lambda = softmax(u), Adam
// (learning rate 1e-2, beta 0.9 / 0.999) on u with one eta per step, the stochastic gradient of
// max_y y^T A^{-1/2} eta at its maximizer y*: with A = U diag(s) U^T, ybar = U^T y*,
// etabar = U^T eta and v = U^T x_a,
//   d/d lambda_a = - sum_ij ybar_i etabar_j v_i v_j / (s_i s_j (s_i^{-1/2} + s_j^{-1/2}))
// (the derivative of the symmetric square root of A^{-1}, a Sylvester equation diagonal in A's
// eigenbasis); then gamma at the final design estimated from `draws` fresh etas (the squared
// mean of the maxima, as the code). The normal draws come from the caller (a run's stream).
#pragma once

#include <functional>

#include <Eigen/Core>

namespace cpex::numerics {

struct GaussianWidthOptions {
  int iterations = 500;        // Adam steps (the code's iters = 500)
  double learning_rate = 1e-2;  // the code's Adam lr
  int draws = 1000;             // etas of the final estimate of gamma
};

struct GaussianWidthDesign {
  Eigen::VectorXd weights;    // lambda over the arms (softmax: every weight > 0)
  double width_squared = 0.0;  // gamma(lambda), estimated
};

// E[max_y y^T A(lambda)^{-1/2} eta]^2 at `weights` from `draws` etas.
double gaussian_width_squared(const Eigen::MatrixXd& arms, const Eigen::VectorXd& weights,
                              const Eigen::MatrixXd& directions, const std::function<double()>& normal, int draws);

GaussianWidthDesign gaussian_width_design(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& directions,
                                          const std::function<double()>& normal,
                                          const GaussianWidthOptions& options = {});

}  // namespace cpex::numerics
