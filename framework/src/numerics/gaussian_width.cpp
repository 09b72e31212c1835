// The Gaussian-width design of Peace by Adam on softmax weights (see the header).
#include "cpex/numerics/gaussian_width.hpp"

#include <cmath>

#include <Eigen/Dense>

#include "cpex/numerics/dense_decompositions.hpp"

namespace cpex::numerics {

namespace {

// A(lambda)'s eigen-decomposition and A^{-1/2}.
struct Root {
  Eigen::MatrixXd u, inverse_root;
  Eigen::VectorXd s;
};

Root root_of(const Eigen::MatrixXd& arms, const Eigen::VectorXd& weights) {
  const Eigen::MatrixXd a = arms * weights.asDiagonal() * arms.transpose();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(a);
  Root r;
  r.u = eigen.eigenvectors();
  r.s = eigen.eigenvalues().cwiseMax(1e-300);
  r.inverse_root = r.u * r.s.cwiseSqrt().cwiseInverse().asDiagonal() * r.u.transpose();
  return r;
}

Eigen::VectorXd draw(Eigen::Index d, const std::function<double()>& normal) {
  Eigen::VectorXd eta(d);
  for (Eigen::Index i = 0; i < d; ++i) eta(i) = normal();
  return eta;
}

}  // namespace

double gaussian_width_squared(const Eigen::MatrixXd& arms, const Eigen::VectorXd& weights,
                              const Eigen::MatrixXd& directions, const std::function<double()>& normal, int draws) {
  const Root r = root_of(arms, weights);
  const Eigen::MatrixXd projected = directions.transpose() * r.inverse_root;  // M x d
  double total = 0.0;
  for (int i = 0; i < draws; ++i) total += (projected * draw(arms.rows(), normal)).maxCoeff();
  const double mean = total / static_cast<double>(std::max(draws, 1));
  return mean * mean;
}

GaussianWidthDesign gaussian_width_design(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& directions,
                                          const std::function<double()>& normal,
                                          const GaussianWidthOptions& options) {
  const Eigen::Index k = arms.cols(), d = arms.rows();
  Eigen::VectorXd logits = Eigen::VectorXd::Zero(k), first = logits, second = logits;
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  Eigen::VectorXd weights = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  for (int step = 1; step <= options.iterations; ++step) {
    const Root r = root_of(arms, weights);
    const Eigen::VectorXd eta = draw(d, normal);
    Eigen::Index best = 0;
    (directions.transpose() * (r.inverse_root * eta)).maxCoeff(&best);
    const Eigen::VectorXd ybar = r.u.transpose() * directions.col(best), etabar = r.u.transpose() * eta;
    const Eigen::VectorXd root_inverse = r.s.cwiseSqrt().cwiseInverse();
    Eigen::MatrixXd kernel(d, d);  // 1 / (s_i s_j (s_i^{-1/2} + s_j^{-1/2}))
    for (Eigen::Index i = 0; i < d; ++i)
      for (Eigen::Index j = 0; j < d; ++j) kernel(i, j) = 1.0 / (r.s(i) * r.s(j) * (root_inverse(i) + root_inverse(j)));
    const Eigen::MatrixXd weighted = kernel.cwiseProduct(ybar * etabar.transpose());
    Eigen::VectorXd gradient(k);  // d f / d lambda_a
    for (Eigen::Index a = 0; a < k; ++a) {
      const Eigen::VectorXd v = r.u.transpose() * arms.col(a);
      gradient(a) = -v.dot(weighted * v);
    }
    // Through the softmax: d f / d u = lambda (g - lambda.g).
    const Eigen::VectorXd g = weights.cwiseProduct((gradient.array() - weights.dot(gradient)).matrix());
    first = beta1 * first + (1.0 - beta1) * g;
    second = beta2 * second + (1.0 - beta2) * g.cwiseAbs2();
    const double correction1 = 1.0 - std::pow(beta1, step), correction2 = 1.0 - std::pow(beta2, step);
    logits -= options.learning_rate *
              ((first / correction1).array() / ((second / correction2).array().sqrt() + eps)).matrix();
    const Eigen::VectorXd e = (logits.array() - logits.maxCoeff()).exp().matrix();
    weights = e / e.sum();
  }
  GaussianWidthDesign out;
  out.weights = weights;
  out.width_squared = gaussian_width_squared(arms, weights, directions, normal, options.draws);
  return out;
}

}  // namespace cpex::numerics
