// outside_span (linear_identification.hpp) on its own: the linear environment checks its
// answer set with it, and the fuzz targets link the environment without the solvers.
#include <algorithm>
#include <optional>

#include <Eigen/Dense>

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/numerics/linear_identification.hpp"

namespace cpex::numerics {

std::optional<std::size_t> outside_span(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& items) {
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(arms, Eigen::ComputeThinU);
  svd.setThreshold(1e-10);
  const Eigen::MatrixXd basis = svd.matrixU().leftCols(svd.rank());
  for (Eigen::Index i = 0; i < items.cols(); ++i) {
    const Eigen::VectorXd z = items.col(i);
    const Eigen::VectorXd residual = z - basis * (basis.transpose() * z);
    if (residual.norm() > 1e-9 * std::max(1.0, z.norm())) return static_cast<std::size_t>(i);
  }
  return std::nullopt;
}

}  // namespace cpex::numerics
