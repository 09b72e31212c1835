// `peace`: Peace of Katz-Samuels, Jain, Karnin & Jamieson, "An Empirical Process Approach to
// the Union Bound: Practical Algorithms for Combinatorial and Linear Bandits" (NeurIPS 2020),
// fixed confidence, on linear and transductive best-arm problems; read with the authors' code
// (jkatzsam/linear_bandits_empirical_process, transductive_bandits_alg.py: lin_tb_alg), whose
// practical constants we follow (its comment: "not quite the same k as in the paper").
//
// Phase k = 1, 2, ... with active items Z_k (Z_1 = Z) and theta_{k-1} (theta_0 ~ N(0, I) from
// the algorithm's stream, as the code's first random theta):
//   z0       argmax_{z in Z_k} z^T theta_{k-1}; directions Y_k = {z0 - z : z in Z_k};
//   gamma    lambda_gamma minimizing the squared Gaussian width E[max_y y^T A(lambda)^{-1/2} eta]^2
//            (numerics::gaussian_width_design: Adam on softmax weights, `width-iterations` steps)
//            and gamma_k its estimate (`width-draws` etas);
//   rho      lambda_rho, rho_k: the XY design over Y_k (numerics::optimal_design, certified);
//   design   lambda_k = (lambda_gamma + lambda_rho) / 2 (each objective at most doubles);
//   length   tau_k = 2 rho_k log(2 k^2 / delta) + gamma_k; B = tau_1;
//            N_k = max(ceil(R^2 tau_k (2^{k+2} / B)^2 (1 + eps)), p / eps), p the support, eps =
//            `rounding` (the code's epsilon, 0.5 in its experiments); R = noise_sigma (the code:
//            N(0, 1) noise, R = 1, for which this is its n_k);
//   pull     the efficient apportionment of lambda_k to N_k (the code: its own rounding);
//   estimate theta_k by least squares on this phase's samples;
//   keep     z with (z0' - z)^T theta_k < B / 2^{k+1}, z0' = argmax_{Z_k} z^T theta_k.
// Stop when the active items share one feature vector; answer the smallest such index.
// Cost: a sample is O(1); a phase end the least squares, a certified design over |Z_k| - 1
// directions and `width-iterations` Adam steps of O(d^3 + |Z_k| d + K d^2).
#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/gaussian_width.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "design_parameters.hpp"
#include "linear_algorithm.hpp"
#include "phased_elimination.hpp"

namespace cpex::linear {
namespace {

class Peace final : public PhasedElimination {
 public:
  explicit Peace(const ParamValues& p)
      : delta_(p.real("delta")), rounding_(p.real("rounding")), options_(design_options(p)) {
    width_.iterations = static_cast<int>(p.integer("width-iterations"));
    width_.draws = static_cast<int>(p.integer("width-draws"));
  }

  void start(const AlgorithmContext& context) override {
    require_one_answer(context, "peace");
    x_ = context.problem->features;
    z_ = context.problem->answers.cols() > 0 ? context.problem->answers : x_;
    k_ = static_cast<std::size_t>(x_.cols());
    noise_ = context.problem->noise_sigma;
    rng_ = context.rng;
    if (Eigen::ColPivHouseholderQR<Eigen::MatrixXd>(x_).rank() < x_.rows())
      throw ParameterError("plugin", "peace needs arms whose features span R^" + std::to_string(x_.rows()) +
                                         " (the Gaussian width's A(lambda)^{-1/2})");
    active_.clear();
    for (std::size_t z = 0; z < static_cast<std::size_t>(z_.cols()); ++z) active_.push_back(z);
    theta_ = Eigen::VectorXd(x_.rows());
    for (Eigen::Index i = 0; i < theta_.size(); ++i) theta_(i) = rng_.normal();
    phase_ = 0;
    answer_ = 0;
    scale_ = 0.0;
    design_gap_ = 0.0;
    last_phase_samples_ = 0;
    begin_phase();
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"rounding", rounding_},
            {"R", noise_},
            {"B", scale_},
            {"design-gap", design_gap_},
            {"phases", static_cast<std::int64_t>(phase_)},
            {"last-phase-samples", static_cast<std::int64_t>(last_phase_samples_)}};
  }

 private:
  // The item of largest z^T theta among the active ones (ties to the smaller index).
  std::size_t leader(const Eigen::VectorXd& theta) const {
    std::size_t best = active_.front();
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t z : active_) {
      const double value = z_.col(static_cast<Eigen::Index>(z)).dot(theta);
      if (value > top) {
        top = value;
        best = z;
      }
    }
    return best;
  }

  void begin_phase() override {
    ++phase_;
    const auto z0 = static_cast<Eigen::Index>(leader(theta_));
    Eigen::MatrixXd all(x_.rows(), static_cast<Eigen::Index>(active_.size()));
    std::vector<Eigen::Index> distinct;
    for (std::size_t i = 0; i < active_.size(); ++i) {
      all.col(static_cast<Eigen::Index>(i)) = z_.col(z0) - z_.col(static_cast<Eigen::Index>(active_[i]));
      if (all.col(static_cast<Eigen::Index>(i)).squaredNorm() > 0.0) distinct.push_back(static_cast<Eigen::Index>(i));
    }
    Eigen::MatrixXd directions(x_.rows(), static_cast<Eigen::Index>(distinct.size()));
    for (std::size_t c = 0; c < distinct.size(); ++c) directions.col(static_cast<Eigen::Index>(c)) = all.col(distinct[c]);
    const numerics::GaussianWidthDesign gamma =
        numerics::gaussian_width_design(x_, all, [this] { return rng_.normal(); }, width_);
    const numerics::DesignResult rho = numerics::optimal_design(x_, directions, options_);
    design_gap_ = std::max(design_gap_, rho.relative_gap());
    const double k = static_cast<double>(phase_);
    const double tau = 2.0 * rho.value * std::log(2.0 * k * k / delta_) + gamma.width_squared;
    if (phase_ == 1) scale_ = tau;
    const Eigen::VectorXd mixture = 0.5 * (gamma.weights + rho.p);
    std::vector<std::size_t> support;
    std::vector<double> weights;
    PhasePlan::support_of(mixture, support, weights);
    const double growth = std::ldexp(1.0, static_cast<int>(phase_) + 2) / scale_;  // 2^{k+2} / B
    const double samples = std::max(std::ceil(noise_ * noise_ * tau * growth * growth * (1.0 + rounding_)),
                                    std::ceil(static_cast<double>(support.size()) / rounding_));
    const auto n = samples < 0x1p62 ? static_cast<std::uint64_t>(samples) : (std::uint64_t{1} << 62);
    plan_.begin(support, weights, n, k_);
    last_phase_samples_ = n;
  }

  void end_phase() override {
    Eigen::MatrixXd a;
    theta_ = plan_.estimate(x_, a);
    const auto best = static_cast<Eigen::Index>(leader(theta_));
    answer_ = static_cast<std::size_t>(best);
    const double level = scale_ / std::ldexp(1.0, static_cast<int>(phase_) + 1);  // B / 2^{k+1}
    std::vector<std::size_t> kept;
    for (std::size_t z : active_)
      if ((z_.col(best) - z_.col(static_cast<Eigen::Index>(z))).dot(theta_) < level) kept.push_back(z);
    active_ = kept;  // never empty: the leader stays
  }

  double delta_, rounding_;
  numerics::DesignOptions options_;
  numerics::GaussianWidthOptions width_;
  Eigen::MatrixXd x_;
  std::size_t k_ = 0, phase_ = 0;
  double noise_ = 1.0, scale_ = 0.0, design_gap_ = 0.0;
  std::uint64_t last_phase_samples_ = 0;
  Eigen::VectorXd theta_;
  RandomStream rng_;
};

void register_peace(Registry& registry) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .real("rounding", 0.5, Range::open(0.0, 1.0),
            "eps of the rounding: (1 + eps) times the phase's samples, at least p / eps (the code's epsilon = 0.5)")
      .integer("width-iterations", 500, Range::at_least(1), "Adam steps of the Gaussian-width design per phase")
      .integer("width-draws", 1000, Range::at_least(1), "draws of eta estimating the squared Gaussian width");
  add_design_parameters(schema);
  register_algorithm<Peace>(registry,
                            {"peace", "Peace (Katz-Samuels, Jain, Karnin & Jamieson 2020): phased elimination on the "
                                      "Gaussian-width and XY designs, as the authors' code; linear and transductive"},
                            phased_elimination_needs(), std::move(schema));
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_peace)
