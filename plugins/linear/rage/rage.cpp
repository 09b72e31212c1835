// `rage`: RAGE (Randomized Adaptive Gap Elimination) of Fiez, Jain, Jamieson & Ratliff,
// "Sequential Experimental Design for Transductive Linear Bandits" (NeurIPS 2019, Alg. 1),
// with the items Z equal to the arms X (the environments here judge the arms themselves).
//
// Phase k = 1, 2, ... with active arms Z_k (Z_1 = every arm), delta_k = delta / k^2:
//   lambda_k = argmin_{lambda in simplex} max_{z, z' in Z_k} ||z - z'||^2_{A(lambda)^{-1}},
//              rho_k its value (numerics::optimal_design, certified gap `design-gap`; we use
//              the value of the design we follow, an upper bound of the minimum);
//   N_k      = max( ceil( 8 (2^{k+1})^2 R^2 rho_k (1 + eps) log(|Z|^2 / delta_k) ), r(eps) );
//   pull     ROUND(lambda_k, N_k): the efficient apportionment of Pukelsheim
//            (numerics::efficient_apportionment), which gives every support arm at least
//            (N - p) lambda_a pulls (p the support size), so ||y||^2_{A_k^{-1}} <= (1 + eps)
//            rho_k / N_k once N_k >= r(eps) = ceil(p (1 + eps) / eps);
//   estimate theta_k by least squares on THIS phase's samples only;
//   keep     z in Z_k unless max_{z' in Z_k} <z' - z, theta_k> >= 2^{-(k+2)}.
// Stop when the active arms share one feature vector and recommend the smallest index.
// With these constants the width R ||y||_{A_k^{-1}} sqrt(2 log(|Z|^2/delta_k)) of every
// direction is at most 2^{-(k+2)}: the best arm is eliminated in phase k only if one of the
// |Z| - 1 one-sided deviations <z' - z*, theta_k - theta> exceeds it (probability at most
// delta_k / |Z|), so over all phases the error is at most pi^2 delta / (6 |Z|) <= delta.
// R = Problem::noise_sigma (the paper: 1-sub-Gaussian noise). The authors' code scales N_k
// and the elimination level differently; docs/algorithms/linear.md compares the readings.
#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/apportionment.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "design_parameters.hpp"

namespace cpex::linear {
namespace {

class Rage final : public Algorithm {
 public:
  explicit Rage(const ParamValues& p)
      : delta_(p.real("delta")), rounding_(p.real("rounding")), options_(design_options(p)) {}

  void start(const AlgorithmContext& context) override {
    x_ = context.problem->features;
    k_ = static_cast<std::size_t>(x_.cols());
    d_ = static_cast<std::size_t>(x_.rows());
    noise_ = context.problem->noise_sigma;
    check_pair_directions(k_, d_);
    active_.clear();
    for (std::size_t a = 0; a < k_; ++a) active_.push_back(a);
    phase_ = 0;
    answer_ = 0;
    design_gap_ = 0.0;
    last_phase_samples_ = 0;
    begin_phase();
  }

  bool next(Action& action) override {
    while (cursor_ < plan_.size() && plan_[cursor_].second == 0) ++cursor_;
    if (cursor_ == plan_.size()) {
      end_phase();
      if (distinct_arms(x_, active_) <= 1) {
        answer_ = active_.front();
        return false;
      }
      begin_phase();
      return next(action);
    }
    action.arm = plan_[cursor_].first;
    --plan_[cursor_].second;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    ++counts_[action.arm];
    sums_[action.arm] += observation.reward;
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {answer_};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"rounding", rounding_},
            {"R", noise_},
            {"design-gap", design_gap_},
            {"phases", static_cast<std::int64_t>(phase_)},
            {"last-phase-samples", static_cast<std::int64_t>(last_phase_samples_)}};
  }

 private:
  // The design, N_k and the rounded pull plan of phase k = phase_ + 1.
  void begin_phase() {
    ++phase_;
    // Directions z - z' for the pairs of active arms with distinct features.
    const numerics::DesignResult design =
        numerics::optimal_design(x_, pair_directions(x_, active_, false), options_);
    design_gap_ = std::max(design_gap_, design.relative_gap());
    const double k = static_cast<double>(phase_);
    const double phase_delta = delta_ / (k * k);
    const double items = static_cast<double>(k_);
    const double level = std::ldexp(1.0, static_cast<int>(phase_) + 1);  // 2^{k+1}
    std::vector<std::size_t> support;
    std::vector<double> weights;
    for (Eigen::Index a = 0; a < design.p.size(); ++a)
      if (design.p(a) > 0.0) {
        support.push_back(static_cast<std::size_t>(a));
        weights.push_back(design.p(a));
      }
    double total = 0.0;
    for (double w : weights) total += w;
    for (double& w : weights) w /= total;
    const double minimum = std::ceil(static_cast<double>(support.size()) * (1.0 + rounding_) / rounding_);
    const double samples =
        std::max(std::ceil(8.0 * level * level * noise_ * noise_ * design.value * (1.0 + rounding_) *
                           std::log(items * items / phase_delta)),
                 minimum);
    // Beyond 2^62 samples no run finishes; the run loop's max-samples ends it first.
    const auto n = samples < 0x1p62 ? static_cast<std::uint64_t>(samples) : (std::uint64_t{1} << 62);
    const std::vector<std::uint64_t> counts = numerics::efficient_apportionment(weights, n);
    plan_.clear();
    for (std::size_t s = 0; s < support.size(); ++s) plan_.emplace_back(support[s], counts[s]);
    cursor_ = 0;
    counts_.assign(k_, 0);
    sums_.assign(k_, 0.0);
    last_phase_samples_ = n;
  }

  // Least squares on this phase's samples, then the elimination at 2^{-(k+2)}.
  void end_phase() {
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(x_.rows(), x_.rows());
    Eigen::VectorXd b = Eigen::VectorXd::Zero(x_.rows());
    for (std::size_t arm = 0; arm < k_; ++arm) {
      if (counts_[arm] == 0) continue;
      const auto x = x_.col(static_cast<Eigen::Index>(arm));
      a.noalias() += static_cast<double>(counts_[arm]) * x * x.transpose();
      b.noalias() += sums_[arm] * x;
    }
    // Minimum-norm least squares: the directions lie in the span of the features, where
    // every least-squares solution gives the same <z - z', theta>.
    const Eigen::VectorXd theta = a.completeOrthogonalDecomposition().solve(b);
    std::vector<double> mean(active_.size());
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < active_.size(); ++i) {
      mean[i] = x_.col(static_cast<Eigen::Index>(active_[i])).dot(theta);
      if (mean[i] > top) {
        top = mean[i];
        answer_ = active_[i];
      }
    }
    const double level = std::ldexp(1.0, -(static_cast<int>(phase_) + 2));  // 2^{-(k+2)}
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < active_.size(); ++i)
      if (top - mean[i] < level) kept.push_back(active_[i]);
    active_ = kept;  // never empty: the arm attaining `top` stays
  }

  double delta_, rounding_;
  numerics::DesignOptions options_;
  double design_gap_ = 0.0, noise_ = 1.0;
  Eigen::MatrixXd x_;
  std::size_t k_ = 0, d_ = 0, phase_ = 0, answer_ = 0, cursor_ = 0;
  std::uint64_t last_phase_samples_ = 0;
  std::vector<std::size_t> active_;
  std::vector<std::pair<std::size_t, std::uint64_t>> plan_;  // (arm, pulls left) this phase
  std::vector<std::uint64_t> counts_;
  std::vector<double> sums_;
};

void register_rage(Registry& registry) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .real("rounding", 0.1, Range::open(0.0, 1.0),
            "eps of the rounding: a phase has at least ceil(p (1 + eps) / eps) samples "
            "(p the design's support) and (1 + eps) times the design's sample size");
  add_design_parameters(schema);
  register_algorithm<Rage>(registry,
                           {"rage", "RAGE (Fiez et al. 2019): phased optimal designs over the "
                                    "surviving arms, gap elimination at 2^-(k+2)"},
                           {.feedback = {FeedbackKind::LinearArm},
                            .oracles = {{"oracle", kLinearMaximization}}},
                           std::move(schema));
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_rage)
