// Frank-Wolfe sampling (FWS) of Wang, Tzeng & Proutière, "Fast Pure Exploration via
// Frank-Wolfe" (NeurIPS 2021, Algorithm 1 with the linear best-arm f_j of its eq. (12)), with
// the GLR stopping rule of the linear samplers; read from the paper and its authors' code
// (rctzeng/NeurIPS2021-FWS, linear/samplingrules.jl FWSampling, utilities/envelope.jl).
//
// State: the Frank-Wolfe iterate x over the arms (uniform after the initial pass of one pull
// per arm). Round t (samples so far), r_t = t^{-9/10} / K:
//   forced exploration  z = uniform when floor(t / K) is a perfect square, or when theta_hat
//                       lies on the boundary (some other item within 1e-12 of the answer);
//   otherwise, for every item j != z_hat: lambda_j the closest alternative under A(x),
//     grad f_j[a] = (x_a^T (theta_hat - lambda_j))^2 / (2 sigma^2), f_j(x) = <x, grad f_j>;
//     the r_t-active pieces F = {j : f_j < min f + r_t}; with one, z = e_{argmax grad f_j}
//     (the Frank-Wolfe vertex), else z = argmax_{z in simplex} min_{j in F} <z - x, grad f_j>
//     (numerics::solve_matrix_game, a linear program);
//   x <- ((t - 1) x + z) / t, and pull argmax_a x_a / (N_a / t) (ties to the smaller index).
// Cost of a round: O(M (d^2 + K d) + K d^2), plus a linear program of |F| x K when |F| > 1.
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Cholesky>

#include "cpex/numerics/matrix_game.hpp"
#include "cpex/identification/linear_glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"
#include "linear_samplers.hpp"

namespace cpex::identification {
namespace {

class LinearFwSampling final : public LinearGlrSampler {
 public:
  explicit LinearFwSampling(const ParamValues& p) : LinearGlrSampler(p, "fw-sampling") {}

 protected:
  void begin(const AlgorithmContext&) override {
    const auto k = static_cast<Eigen::Index>(arm_count());
    iterate_ = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
    forced_ = games_ = 0;
  }

  std::size_t sample(std::uint64_t t) override {
    const auto k = static_cast<Eigen::Index>(arm_count());
    const double n = static_cast<double>(t);
    Eigen::VectorXd z = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
    if (on_boundary() || is_perfect_square(t / arm_count())) {
      ++forced_;
    } else {
      frank_wolfe_vertex(std::pow(n, -0.9) / static_cast<double>(k), z);
    }
    iterate_ = iterate_ * ((n - 1.0) / n) + z / n;
    std::size_t best = 0;
    double best_ratio = -1.0;
    for (std::size_t a = 0; a < arm_count(); ++a) {
      const double share = static_cast<double>(counts()[a]) / n;
      const double ratio = iterate_(static_cast<Eigen::Index>(a)) / share;
      if (ratio > best_ratio) {
        best_ratio = ratio;
        best = a;
      }
    }
    return best;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"forced-rounds", static_cast<std::int64_t>(forced_)}, {"games", static_cast<std::int64_t>(games_)}};
  }

 private:
  // Another item (of other features) within 1e-12 of the answer's value.
  bool on_boundary() const {
    const Eigen::VectorXd values = items().transpose() * theta();
    const auto star = static_cast<Eigen::Index>(answer());
    for (Eigen::Index j = 0; j < values.size(); ++j)
      if (j != star && items().col(j) != items().col(star) && values(star) - values(j) <= 1e-12) return true;
    return false;
  }

  void frank_wolfe_vertex(double r, Eigen::VectorXd& z) {
    const Eigen::MatrixXd design = arms() * iterate_.asDiagonal() * arms().transpose();
    const Eigen::MatrixXd inverse = design.llt().solve(Eigen::MatrixXd::Identity(design.rows(), design.cols()));
    const auto star = static_cast<Eigen::Index>(answer());
    const double scale = 2.0 * sigma() * sigma();
    values_.clear();
    double least = std::numeric_limits<double>::infinity();
    std::vector<Eigen::VectorXd> rows;
    for (Eigen::Index j = 0; j < items().cols(); ++j) {
      if (j == star || items().col(j) == items().col(star)) continue;
      const Eigen::VectorXd y = items().col(star) - items().col(j);
      const Eigen::VectorXd projected = inverse * y;
      const Eigen::VectorXd lambda = theta() - (y.dot(theta()) / y.dot(projected)) * projected;
      Eigen::VectorXd gradient = (arms().transpose() * (theta() - lambda)).array().square() / scale;
      values_.push_back(iterate_.dot(gradient));
      least = std::min(least, values_.back());
      rows.push_back(std::move(gradient));
    }
    std::vector<Eigen::Index> active;
    for (std::size_t j = 0; j < rows.size(); ++j)
      if (values_[j] < least + r) active.push_back(static_cast<Eigen::Index>(j));
    z.setZero();
    if (active.size() == 1) {
      Eigen::Index vertex = 0;
      rows[static_cast<std::size_t>(active.front())].maxCoeff(&vertex);
      z(vertex) = 1.0;
      return;
    }
    ++games_;
    // <z - x, grad f_j> = sum_a z_a grad f_j[a] - <x, grad f_j>: payoff rows grad f_j, offsets -f_j(x).
    payoff_.clear();
    offsets_.clear();
    for (const Eigen::Index j : active) {
      const Eigen::VectorXd& g = rows[static_cast<std::size_t>(j)];
      payoff_.insert(payoff_.end(), g.data(), g.data() + g.size());
      offsets_.push_back(-values_[static_cast<std::size_t>(j)]);
    }
    numerics::solve_matrix_game(payoff_, active.size(), arm_count(), offsets_, strategy_);
    for (std::size_t a = 0; a < arm_count(); ++a) z(static_cast<Eigen::Index>(a)) = strategy_[a];
  }

  Eigen::VectorXd iterate_;
  std::vector<double> values_, payoff_, offsets_, strategy_;
  std::uint64_t forced_ = 0, games_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_linear_fw_sampling(const ParamValues& p) {
  return std::make_unique<LinearFwSampling>(p);
}

}  // namespace cpex::identification
