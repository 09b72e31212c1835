// `rage`: RAGE (Randomized Adaptive Gap Elimination) of Fiez, Jain, Jamieson & Ratliff,
// "Sequential Experimental Design for Transductive Linear Bandits" (NeurIPS 2019, Alg. 1):
// measurements X (the arms), items Z (Problem::answers, the transductive problem; Z = X when
// the environment poses none, with results unchanged from the Z = X plugin).
//
// Phase k = 1, 2, ... with active items Z_k (Z_1 = every item), delta_k = delta / k^2:
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
// Stop when the active items share one feature vector and recommend the smallest index.
// `elimination = authors`: the data-dependent rule of the authors' code (RAGE.py, var=True)
// instead of the fixed level: drop z when some active z' has
//   sqrt(2 R^2 ||z' - z||^2_{A_k^{-1}} log(2 |Z|^2 / delta_k)) <= <z' - z, theta_k>,
// A_k the phase's pulls (the code writes |X| for |Z|, equal on its instances), so both
// readings can be raced; `schedule = authors`: the code's N_k = max(ceil(8 (2^{k-1})^2 R^2
// rho_k (1 + eps) log(2 |Z|^2 / delta_k)), 2 p / eps) and level 2^{-k} (two phases earlier).
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

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "design_parameters.hpp"
#include "linear_algorithm.hpp"
#include "phased_elimination.hpp"

namespace cpex::linear {
namespace {

class Rage final : public PhasedElimination {
 public:
  explicit Rage(const ParamValues& p)
      : delta_(p.real("delta")),
        rounding_(p.real("rounding")),
        data_dependent_(p.text("elimination") == "authors"),
        authors_schedule_(p.text("schedule") == "authors"),
        options_(design_options(p)) {}

  void start(const AlgorithmContext& context) override {
    require_one_answer(context, "rage");
    x_ = context.problem->features;
    z_ = context.problem->answers.cols() > 0 ? context.problem->answers : x_;
    k_ = static_cast<std::size_t>(x_.cols());
    d_ = static_cast<std::size_t>(x_.rows());
    noise_ = context.problem->noise_sigma;
    check_pair_directions(static_cast<std::size_t>(z_.cols()), d_);
    active_.clear();
    for (std::size_t z = 0; z < static_cast<std::size_t>(z_.cols()); ++z) active_.push_back(z);
    phase_ = 0;
    answer_ = 0;
    design_gap_ = 0.0;
    last_phase_samples_ = 0;
    begin_phase();
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {{"delta", delta_},
            {"rounding", rounding_},
            {"R", noise_},
            {"design-gap", design_gap_},
            {"phases", static_cast<std::int64_t>(phase_)},
            {"last-phase-samples", static_cast<std::int64_t>(last_phase_samples_)}};
    if (data_dependent_) out.emplace_back("elimination", std::string("authors"));
    if (authors_schedule_) out.emplace_back("schedule", std::string("authors"));
    return out;
  }

 private:
  // The design, N_k and the rounded pull plan of phase k = phase_ + 1.
  void begin_phase() override {
    ++phase_;
    // Directions z - z' for the pairs of active items with distinct features.
    const numerics::DesignResult design =
        numerics::optimal_design(x_, pair_directions(z_, active_, false), options_);
    design_gap_ = std::max(design_gap_, design.relative_gap());
    const double k = static_cast<double>(phase_);
    const double phase_delta = delta_ / (k * k);
    const double items = static_cast<double>(z_.cols());
    // 2^{k+1} (paper) or 2^{k-1} (the authors' code: the schedule two phases earlier).
    const double level = std::ldexp(1.0, static_cast<int>(phase_) + (authors_schedule_ ? -1 : 1));
    std::vector<std::size_t> support;
    std::vector<double> weights;
    PhasePlan::support_of(design.p, support, weights);
    const double minimum = authors_schedule_
                               ? 2.0 * static_cast<double>(support.size()) / rounding_
                               : std::ceil(static_cast<double>(support.size()) * (1.0 + rounding_) / rounding_);
    const double union_bound = authors_schedule_ ? 2.0 * items * items : items * items;
    const double samples =
        std::max(std::ceil(8.0 * level * level * noise_ * noise_ * design.value * (1.0 + rounding_) *
                           std::log(union_bound / phase_delta)),
                 minimum);
    // Beyond 2^62 samples no run finishes; the run loop's max-samples ends it first.
    const auto n = samples < 0x1p62 ? static_cast<std::uint64_t>(samples) : (std::uint64_t{1} << 62);
    plan_.begin(support, weights, n, k_);
    last_phase_samples_ = n;
  }

  // Least squares on this phase's samples, then the elimination at 2^{-(k+2)} (or the
  // authors' data-dependent one).
  void end_phase() override {
    Eigen::MatrixXd a;
    const Eigen::VectorXd theta = plan_.estimate(x_, a);
    std::vector<double> mean(active_.size());
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < active_.size(); ++i) {
      mean[i] = z_.col(static_cast<Eigen::Index>(active_[i])).dot(theta);
      if (mean[i] > top) {
        top = mean[i];
        answer_ = active_[i];
      }
    }
    if (data_dependent_) {
      eliminate_by_width(a, mean);
      return;
    }
    // 2^{-(k+2)}, or 2^{-k} with the authors' schedule.
    const double level = std::ldexp(1.0, -(static_cast<int>(phase_) + (authors_schedule_ ? 0 : 2)));
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < active_.size(); ++i)
      if (top - mean[i] < level) kept.push_back(active_[i]);
    active_ = kept;  // never empty: the arm attaining `top` stays
  }

  // The authors' code: z leaves when some active z' beats it by the phase's own width,
  // sqrt(2 R^2 ||z' - z||^2_{A^+} log(2 |Z|^2 / delta_k)) <= <z' - z, theta_k> (A^+: the
  // pseudo-inverse of the phase's design, as the code's pinv). The empirical best stays.
  void eliminate_by_width(const Eigen::MatrixXd& a, const std::vector<double>& mean) {
    const Eigen::MatrixXd inverse = a.completeOrthogonalDecomposition().pseudoInverse();
    const double k = static_cast<double>(phase_);
    const double items = static_cast<double>(z_.cols());
    const double log_term = std::log(2.0 * items * items / (delta_ / (k * k)));
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < active_.size(); ++i) {
      bool beaten = false;
      for (std::size_t j = 0; j < active_.size() && !beaten; ++j) {
        if (j == i || mean[j] <= mean[i]) continue;
        const Eigen::VectorXd y = z_.col(static_cast<Eigen::Index>(active_[j])) - z_.col(static_cast<Eigen::Index>(active_[i]));
        beaten = std::sqrt(2.0 * noise_ * noise_ * y.dot(inverse * y) * log_term) <= mean[j] - mean[i];
      }
      if (!beaten) kept.push_back(active_[i]);
    }
    active_ = kept;
  }

  double delta_, rounding_;
  bool data_dependent_, authors_schedule_;
  numerics::DesignOptions options_;
  double design_gap_ = 0.0, noise_ = 1.0;
  Eigen::MatrixXd x_;  // the arms X
  std::size_t k_ = 0, d_ = 0, phase_ = 0;
  std::uint64_t last_phase_samples_ = 0;
};

void register_rage(Registry& registry) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .real("rounding", 0.1, Range::open(0.0, 1.0),
            "eps of the rounding: a phase has at least ceil(p (1 + eps) / eps) samples "
            "(p the design's support) and (1 + eps) times the design's sample size")
      .choice("schedule", "paper", {"paper", "authors"},
              "paper: N_k = 8 (2^(k+1))^2 R^2 rho (1+eps) log(|Z|^2/delta_k), level 2^-(k+2); authors: the authors' "
              "code, 8 (2^(k-1))^2 ... log(2|Z|^2/delta_k), at least 2p/eps samples, level 2^-k")
      .choice("elimination", "paper", {"paper", "authors"},
              "paper: drop items 2^-(k+2) below the phase's best (Fiez et al. 2019, Alg. 1); authors: the "
              "data-dependent width of the authors' code, sqrt(2 R^2 ||z' - z||^2 log(2|Z|^2/delta_k))");
  add_design_parameters(schema);
  register_algorithm<Rage>(registry,
                           {"rage", "RAGE (Fiez et al. 2019): phased optimal designs over the "
                                    "surviving arms, gap elimination at 2^-(k+2)"},
                           phased_elimination_needs(), std::move(schema));
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_rage)
