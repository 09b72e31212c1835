// Fedorov-Wynn iterations for the G-optimal design over super arms (see the header).
#include "g_design_solver.hpp"

#include <map>

#include <Eigen/Cholesky>

#include "cpex/errors.hpp"

namespace cpex::full_bandit {

GDesign solve_g_design(std::size_t n, const std::vector<SuperArm>& start,
                       const WorstDirection& worst_direction, const GDesignOptions& options) {
  GDesign design;
  std::map<SuperArm, std::size_t> index;
  const double uniform = 1.0 / static_cast<double>(start.size());
  const auto nn = static_cast<Eigen::Index>(n);
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(nn, nn);
  for (const SuperArm& m : start) {
    auto [it, fresh] = index.emplace(m, design.support.size());
    if (fresh) {
      design.support.push_back(m);
      design.weights.push_back(0.0);
    }
    design.weights[it->second] += uniform;
    for (std::size_t i : m)
      for (std::size_t j : m) a(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) += uniform;
  }
  const Eigen::LLT<Eigen::MatrixXd> llt(a);
  if (llt.info() != Eigen::Success) throw Error("g-allocation: the starting support does not span R^n");
  Eigen::MatrixXd inverse = llt.solve(Eigen::MatrixXd::Identity(nn, nn));
  Eigen::VectorXd u(nn);
  const double dimension = static_cast<double>(n);
  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    const SuperArm m = worst_direction(inverse);
    u.setZero();
    for (std::size_t i : m) u += inverse.col(static_cast<Eigen::Index>(i));
    double d = 0.0;
    for (std::size_t i : m) d += u(static_cast<Eigen::Index>(i));
    design.last_variance = d;
    design.iterations = iteration + 1;
    if (d <= dimension * (1.0 + options.tolerance)) break;
    const double gamma = (d / dimension - 1.0) / (d - 1.0);
    // p <- (1 - gamma) p + gamma e_M
    for (double& w : design.weights) w *= 1.0 - gamma;
    auto [it, fresh] = index.emplace(m, design.support.size());
    if (fresh) {
      design.support.push_back(m);
      design.weights.push_back(0.0);
    }
    design.weights[it->second] += gamma;
    // ((1-g)A + g chi chi^T)^{-1} = (A^{-1} - g' u u^T / (1 + g' d)) / (1 - g), g' = g/(1-g)
    const double ratio = gamma / (1.0 - gamma);
    inverse.noalias() -= (u * (ratio / (1.0 + ratio * d))) * u.transpose();
    inverse /= 1.0 - gamma;
  }
  return design;
}

}  // namespace cpex::full_bandit
