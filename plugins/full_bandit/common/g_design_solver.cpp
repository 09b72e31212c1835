// The G-allocation through numerics::g_optimal_design (see the header): super arms as
// indicator vectors, and back.
#include "g_design_solver.hpp"

#include "cpex/numerics/transductive_design.hpp"

namespace cpex::full_bandit {

namespace {

Eigen::VectorXd indicator(std::size_t n, const SuperArm& m) {
  Eigen::VectorXd x = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
  for (std::size_t i : m) x(static_cast<Eigen::Index>(i)) = 1.0;
  return x;
}

SuperArm members_of(const Eigen::VectorXd& x) {
  SuperArm m;
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (x(i) > 0.5) m.push_back(static_cast<std::size_t>(i));
  return m;
}

}  // namespace

GDesign solve_g_design(std::size_t n, const std::vector<SuperArm>& start,
                       const WorstDirection& worst_direction, const GDesignOptions& options) {
  Eigen::MatrixXd columns(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(start.size()));
  for (std::size_t j = 0; j < start.size(); ++j)
    columns.col(static_cast<Eigen::Index>(j)) = indicator(n, start[j]);
  numerics::DesignOptions design_options;
  design_options.iterations = options.max_iterations;
  design_options.relative_gap = options.tolerance;
  const numerics::WorstDirection worst = [&](const Eigen::MatrixXd& inverse) {
    return indicator(n, worst_direction(inverse));
  };
  const numerics::MemberDesign solved = numerics::g_optimal_design(columns, worst, design_options);
  GDesign design;
  for (Eigen::Index j = 0; j < solved.members.cols(); ++j) {
    design.support.push_back(j < static_cast<Eigen::Index>(start.size()) ? start[static_cast<std::size_t>(j)]
                                                                         : members_of(solved.members.col(j)));
    design.weights.push_back(solved.design.p(j));
  }
  design.value = solved.design.value;
  design.iterations = solved.design.iterations;
  design.converged = solved.design.converged;
  return design;
}

}  // namespace cpex::full_bandit
