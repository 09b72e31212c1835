// The XY allocations of Soare, Lazaric & Munos (NIPS 2014), the baselines of seed 002 §7:
//
//   xy-static    follow the design p minimizing max_{y in Y} ||y||^2_{A(p)^{-1}} over all
//                directions Y = {x - x'} (seed 002 eq. 5);
//   xy-oracle    knows theta*: the design minimizing max_i ||x* - x_i||_{A^{-1}} / Delta_i
//                (eq. 18);
//   xy-adaptive  phases j = 1, 2, ...: the design over the directions among the arms X_j
//                still potentially optimal, A reset at every phase (eq. 6); a phase ends
//                when max_{y in Y_j} ||y||^2_{A^{-1}} < alpha times its value at the end of
//                the previous phase (1/(d(d+1)+1) before the first); X_{j+1} is then every
//                arm of X not dominated under the phase's samples and confidence
//                delta_j = delta/(j(j+1)) (seed 002 §4: "based on the samples collected
//                during the previous phase", which is why discarded arms can come back).
//
// Designs are computed once (per phase) by Frank-Wolfe and followed by pulling
// argmin_{p_a>0} T_a/p_a. Estimates are least squares with `lambda` (0: ordinary least
// squares, as in Soare et al.; the run cannot stop before A is invertible). All stop with
// the static confidence of Soare et al. (seed 002 Prop. 1) over |Y| = K^2 directions:
// stop at n samples when the empirical best arm i has, for every other arm j,
//   x_i^T theta_hat - x_j^T theta_hat + epsilon >= 2R sqrt(2 log(6 n^2 K^2/(delta pi^2))) ||x_i - x_j||_{A^{-1}}.
// See docs/algorithms/linear.md.
#include <cmath>
#include <limits>

#include <Eigen/QR>

#include "allocation.hpp"
#include "linear_algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/arm_design.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/plugin.hpp"

namespace cpex::linear {
namespace {

// Directions x_a - x_b for all pairs a < b of `arms`.
Eigen::MatrixXd pair_directions(const Eigen::MatrixXd& x, const std::vector<std::size_t>& arms) {
  const auto m = static_cast<Eigen::Index>(arms.size());
  Eigen::MatrixXd y(x.rows(), std::max<Eigen::Index>(1, m * (m - 1) / 2));
  Eigen::Index c = 0;
  for (Eigen::Index a = 0; a < m; ++a)
    for (Eigen::Index b = a + 1; b < m; ++b)
      y.col(c++) = x.col(static_cast<Eigen::Index>(arms[a])) - x.col(static_cast<Eigen::Index>(arms[b]));
  return y;
}

class XyAllocation final : public LinearAlgorithm {
 public:
  enum class Kind { Static, Oracle, Adaptive };

  XyAllocation(Kind kind, const ParamValues& p)
      : LinearAlgorithm(p.real("epsilon")),
        kind_(kind),
        delta_(p.real("delta")),
        lambda_(p.real("lambda")),
        alpha_(kind == Kind::Adaptive ? p.real("alpha") : 0.0) {
    options_.iterations = static_cast<int>(p.integer("design-iterations"));
  }

  void start(const AlgorithmContext& context) override {
    x_ = context.problem->features;
    k_ = static_cast<std::size_t>(x_.cols());
    d_ = static_cast<std::size_t>(x_.rows());
    noise_ = context.problem->noise_sigma;
    if (lambda_ == 0.0) {
      const Eigen::Index rank = Eigen::ColPivHouseholderQR<Eigen::MatrixXd>(x_).rank();
      if (rank < x_.rows())
        throw ParameterError("lambda", "ordinary least squares (lambda = 0) needs arms whose "
                                       "features span R^" + std::to_string(d_) + ", but these " +
                                       std::to_string(k_) + " arms span a space of dimension " +
                                       std::to_string(rank) + ": set lambda > 0");
    }
    // The static and adaptive designs hold every pair direction (d x K(K-1)/2 numbers):
    // refuse before allocating (cpex/limits.hpp).
    const double pairs = 0.5 * static_cast<double>(k_) * static_cast<double>(k_ - 1);
    if (kind_ != Kind::Oracle && pairs * static_cast<double>(d_) > static_cast<double>(kMaxFeatureEntries))
      throw ParameterError("plugin", std::to_string(k_) + " arms give " +
                                         std::to_string(static_cast<std::uint64_t>(pairs)) +
                                         " pair directions of dimension " + std::to_string(d_) +
                                         ", more than the limit of " +
                                         std::to_string(kMaxFeatureEntries) + " entries");
    active_.clear();
    for (std::size_t a = 0; a < k_; ++a) active_.push_back(a);
    phase_ = 1;
    previous_value_ = 1.0 / static_cast<double>(d_ * (d_ + 1) + 1);
    try {
      if (kind_ == Kind::Oracle) {
        p_ = numerics::transductive_design(x_, oracle_directions(context.truth), options_);
      } else {
        p_ = numerics::transductive_design(x_, pair_directions(x_, active_), options_);
      }
    } catch (const Error& e) {
      throw ParameterError("lambda", e.what());
    }
    reset_phase();
  }

  bool next(Action& action) override {
    if (arms_.invertible()) {
      const Eigen::VectorXd& means = arms_.means();
      answer_ = best_arm(means);
      if (separated(means, answer_)) return false;
      if (kind_ == Kind::Adaptive && end_of_phase(means)) {
        if (active_.size() == 1) {
          answer_ = active_.front();
          return false;
        }
      }
    }
    action.arm = track(p_, arms_.counts());
    return true;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {
        {"delta", delta_}, {"epsilon", epsilon_}, {"lambda", lambda_}, {"R", noise_}};
    if (kind_ == Kind::Adaptive) {
      out.emplace_back("alpha", alpha_);
      out.emplace_back("phases", static_cast<std::int64_t>(phase_));
    }
    return out;
  }

 private:
  Eigen::MatrixXd oracle_directions(std::span<const double> truth) const {
    std::size_t best = 0;
    for (std::size_t a = 1; a < k_; ++a)
      if (truth[a] > truth[best]) best = a;
    Eigen::MatrixXd y(d_, static_cast<Eigen::Index>(k_ - 1));
    Eigen::Index c = 0;
    for (std::size_t a = 0; a < k_; ++a) {
      if (a == best) continue;
      const double gap = truth[best] - truth[a];
      if (!(gap > 0.0))
        throw ParameterError("delta", "xy-oracle needs a unique best arm, but arms " +
                                          std::to_string(best) + " and " + std::to_string(a) +
                                          " have equal means");
      y.col(c++) = (x_.col(static_cast<Eigen::Index>(best)) - x_.col(static_cast<Eigen::Index>(a))) / gap;
    }
    return y;
  }

  void reset_phase() {
    arms_ = numerics::ArmDesign(x_, lambda_);
  }

  double phase_delta() const {
    return kind_ == Kind::Adaptive ? delta_ / static_cast<double>(phase_ * (phase_ + 1)) : delta_;
  }

  double width() const {
    const double directions = static_cast<double>(k_) * static_cast<double>(k_);
    return numerics::soare_static_width(noise_, arms_.design().observations(), directions,
                                        phase_delta());
  }

  // The static stopping rule: arm i beats every other arm by its confidence width.
  bool separated(const Eigen::VectorXd& means, std::size_t i) const {
    const double c = width();
    for (std::size_t j = 0; j < k_; ++j) {
      if (j == i) continue;
      const double gap = means(static_cast<Eigen::Index>(i)) - means(static_cast<Eigen::Index>(j));
      if (gap + epsilon_ < c * std::sqrt(arms_.pair_norm_sq(i, j))) return false;
    }
    return true;
  }

  // XY-adaptive: end the phase when the design has shrunk the uncertainty enough, discard
  // dominated arms and start the next phase. Returns true if a phase ended. `means` views
  // the current design's buffer: it is not used after reset_phase() replaces the design.
  bool end_of_phase(const Eigen::VectorXd& means) {
    double value = 0.0;
    for (std::size_t a = 0; a < active_.size(); ++a)
      for (std::size_t b = a + 1; b < active_.size(); ++b)
        value = std::max(value, arms_.pair_norm_sq(active_[a], active_[b]));
    if (value >= alpha_ * previous_value_) return false;
    const double c = width();
    std::vector<std::size_t> kept;
    for (std::size_t a = 0; a < k_; ++a) {
      bool dominated = false;
      for (std::size_t b = 0; b < k_; ++b) {
        if (b == a) continue;
        const double gap = means(static_cast<Eigen::Index>(b)) - means(static_cast<Eigen::Index>(a));
        if (gap >= c * std::sqrt(arms_.pair_norm_sq(a, b))) {
          dominated = true;
          break;
        }
      }
      if (!dominated) kept.push_back(a);
    }
    active_ = kept.empty() ? std::vector<std::size_t>{answer_} : kept;
    previous_value_ = value;
    ++phase_;
    if (active_.size() > 1) {
      p_ = numerics::transductive_design(x_, pair_directions(x_, active_), options_);
      reset_phase();
    }
    return true;
  }

  Kind kind_;
  double delta_, lambda_, alpha_;
  numerics::DesignOptions options_;
  Eigen::MatrixXd x_;
  Eigen::VectorXd p_;
  std::size_t k_ = 0, d_ = 0, phase_ = 1;
  double noise_ = 1.0, previous_value_ = 1.0;
  std::vector<std::size_t> active_;
};

void register_xy(Registry& registry) {
  struct Variant {
    const char* name;
    const char* summary;
    XyAllocation::Kind kind;
  };
  const Variant variants[] = {
      {"xy-static", "XY-static allocation (Soare et al. 2014): a fixed design over all directions",
       XyAllocation::Kind::Static},
      {"xy-adaptive", "XY-adaptive allocation (Soare et al. 2014): phased designs, A reset per phase",
       XyAllocation::Kind::Adaptive},
      {"xy-oracle", "XY-oracle allocation (Soare et al. 2014): the design for the true gaps (baseline)",
       XyAllocation::Kind::Oracle},
  };
  for (const Variant& v : variants) {
    AlgorithmEntry entry;
    entry.name = v.name;
    entry.summary = v.summary;
    entry.needs.feedback = {FeedbackKind::LinearArm};
    entry.needs.oracles = {{"oracle", kLinearMaximization}};
    entry.needs.reads_truth = v.kind == XyAllocation::Kind::Oracle;
    entry.schema.real("delta", 0.05, Range::open(0.0, 1.0), "confidence")
        .real("epsilon", 0.0, Range::at_least(0.0), "accuracy: the returned arm is epsilon-optimal")
        .real("lambda", 0.0, Range::at_least(0.0),
              "regularization of the least squares (0: ordinary least squares)")
        .integer("design-iterations", 1000, Range::at_least(1), "Frank-Wolfe iterations per design");
    if (v.kind == XyAllocation::Kind::Adaptive)
      entry.schema.real("alpha", 0.1, Range::open(0.0, 1.0), "phase-length ratio alpha");
    const XyAllocation::Kind kind = v.kind;
    entry.create = [kind](const ParamValues& p) -> std::unique_ptr<Algorithm> {
      return std::make_unique<XyAllocation>(kind, p);
    };
    registry.add(std::move(entry));
  }
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_xy)
