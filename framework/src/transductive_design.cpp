// Frank-Wolfe for transductive (XY) designs.
#include "cpex/numerics/transductive_design.hpp"

#include <cmath>
#include <limits>

#include <Eigen/Cholesky>
#include <Eigen/SVD>

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

// Coordinates in an orthonormal basis of the features' span: when K < d (or the features
// are otherwise rank-deficient) the design lives in that span, where the directions
// x - x' lie too.
struct InSpan {
  Eigen::MatrixXd features, directions;
};

InSpan in_span(const Eigen::MatrixXd& features, const Eigen::MatrixXd& directions) {
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(features, Eigen::ComputeThinU);
  svd.setThreshold(1e-10);
  const auto rank = svd.rank();
  if (rank == features.rows()) return {features, directions};
  const Eigen::MatrixXd basis = svd.matrixU().leftCols(rank);
  return {basis.transpose() * features, basis.transpose() * directions};
}

}  // namespace

double design_value(const Eigen::MatrixXd& all_features, const Eigen::MatrixXd& all_directions,
                    const Eigen::VectorXd& p) {
  const InSpan span = in_span(all_features, all_directions);
  Eigen::MatrixXd inverse;
  if (!invert(moment(span.features, p), inverse)) return std::numeric_limits<double>::infinity();
  return (span.directions.array() * (inverse * span.directions).array()).colwise().sum().maxCoeff();
}

Eigen::VectorXd transductive_design(const Eigen::MatrixXd& all_features,
                                    const Eigen::MatrixXd& all_directions,
                                    const DesignOptions& options) {
  const InSpan span = in_span(all_features, all_directions);
  const Eigen::MatrixXd& features = span.features;
  const Eigen::MatrixXd& directions = span.directions;
  const auto k = features.cols();
  Eigen::VectorXd p = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  Eigen::MatrixXd inverse;
  if (!invert(moment(features, p), inverse))
    throw Error("the design matrix of the arms' features is numerically singular");
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
