// Frank-Wolfe for transductive (XY) designs.
#include "cpex/numerics/transductive_design.hpp"

#include <cmath>
#include <limits>

#include <Eigen/Cholesky>

#include "cpex/errors.hpp"

namespace cpex::numerics {

namespace {

bool invert(const Eigen::MatrixXd& a, Eigen::MatrixXd& inverse) {
  const Eigen::LLT<Eigen::MatrixXd> llt(a);
  if (llt.info() != Eigen::Success) return false;
  const auto diagonal = llt.matrixLLT().diagonal();
  if (diagonal.minCoeff() <= 1e-10 * std::sqrt(a.diagonal().maxCoeff())) return false;
  inverse = llt.solve(Eigen::MatrixXd::Identity(a.rows(), a.cols()));
  return true;
}

Eigen::MatrixXd moment(const Eigen::MatrixXd& features, const Eigen::VectorXd& p) {
  return features * p.asDiagonal() * features.transpose();
}

}  // namespace

double design_value(const Eigen::MatrixXd& features, const Eigen::MatrixXd& directions,
                    const Eigen::VectorXd& p) {
  Eigen::MatrixXd inverse;
  if (!invert(moment(features, p), inverse)) return std::numeric_limits<double>::infinity();
  return (directions.array() * (inverse * directions).array()).colwise().sum().maxCoeff();
}

Eigen::VectorXd transductive_design(const Eigen::MatrixXd& features,
                                    const Eigen::MatrixXd& directions,
                                    const DesignOptions& options) {
  const auto k = features.cols();
  Eigen::VectorXd p = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  Eigen::MatrixXd inverse;
  if (!invert(moment(features, p), inverse))
    throw Error("the arms' features do not span R^" + std::to_string(features.rows()) +
                ": no allocation makes the design matrix invertible");
  Eigen::VectorXd s(features.rows());
  for (int t = 0; t < options.iterations; ++t) {
    // The direction of largest uncertainty, and the arm that reduces it most.
    const Eigen::MatrixXd projected = inverse * directions;
    Eigen::Index worst;
    (directions.array() * projected.array()).colwise().sum().maxCoeff(&worst);
    Eigen::Index arm;
    (features.transpose() * projected.col(worst)).cwiseAbs2().maxCoeff(&arm);
    const double gamma = 2.0 / (t + 3.0);  // starts below 1: p stays inside the simplex
    p *= 1.0 - gamma;
    p(arm) += gamma;
    // A' = (1-gamma) A + gamma x x^T:  A'^{-1} by Sherman-Morrison on A/(1-gamma)^{-1}.
    inverse /= 1.0 - gamma;
    const auto x = features.col(arm);
    s.noalias() = inverse * x;
    inverse.noalias() -= (gamma / (1.0 + gamma * x.dot(s))) * s * s.transpose();
  }
  Eigen::VectorXd pruned = p;
  for (Eigen::Index i = 0; i < k; ++i)
    if (pruned(i) < options.prune) pruned(i) = 0.0;
  pruned /= pruned.sum();
  // Keep the pruned design only if it still spans R^d.
  return invert(moment(features, pruned), inverse) ? pruned : p;
}

}  // namespace cpex::numerics
