// `lazy-track-and-stop`: Lazy Track-and-Stop of Jedra & Proutière, "Optimal Best-arm
// Identification in Linear Bandits" (NeurIPS 2020), with the GLR stopping rule of the linear
// samplers (cpex/identification/linear_glr_sampler.hpp), on linear and transductive best-arm problems.
//
//   initial pass  the first arms (in index order) that raise the rank of their design, until it
//                 spans span(X): A_0, r = dim span(X) arms; c_0 = lambda_min(sum_{A_0} x x^T) / sqrt(r);
//   lazy updates  the target w(t) = w*(theta_hat_t) (numerics::linear_characteristic_time, the
//                 certified cutting planes at `allocation-gap`) only at the update times: t a power
//                 of 2 (`updates = doubling`, as the FWS authors' implementation) or every round
//                 (`updates = every`); w(t) = w(t - 1) otherwise (uniform before the first);
//   forced exploration  while lambda_min(V_t) < c_0 sqrt(t), pull the arms of A_0 in turn;
//   tracking      otherwise C-tracking of the cumulative targets: argmin_a N_a(t) - sum_{s<=t} w_a(s).
// Readings (docs/algorithms/linear.md): the paper's tracking restricts the argmin to the
// support of the targets for many arms; we take every arm (as the FWS authors' code). The
// paper's stopping threshold is eq. (9) (`threshold = jedra-proutiere`); its appendix's
// heuristic and the reference codes' gk-experiments are the default. Cost of a round:
// O(K d + M d^2 + d^3); an update adds one T* solve (cutting planes, each O(K d^2 + M d^2)
// plus a linear program over K weights).
#include <cmath>

#include <Eigen/Dense>

#include "cpex/numerics/dense_decompositions.hpp"

#include "allocation.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/linear_glr_sampler.hpp"

namespace cpex::linear {
namespace {

using identification::LinearGlrSampler;
using identification::register_linear_glr_sampler;

class LazyTrackAndStop final : public LinearGlrSampler {
 public:
  explicit LazyTrackAndStop(const ParamValues& p)
      : LinearGlrSampler(p, "lazy-track-and-stop"), every_(p.text("updates") == "every") {
    options_.relative_gap = p.real("allocation-gap");
  }

 protected:
  void begin(const AlgorithmContext&) override {
    spanning_.clear();
    Eigen::MatrixXd chosen(arms().rows(), 0);
    Eigen::Index rank = 0;
    for (std::size_t a = 0; a < arm_count() && rank < arms().rows(); ++a) {
      Eigen::MatrixXd candidate(arms().rows(), chosen.cols() + 1);
      candidate << chosen, arms().col(static_cast<Eigen::Index>(a));
      Eigen::FullPivLU<Eigen::MatrixXd> lu(candidate);
      lu.setThreshold(1e-10);
      if (lu.rank() > rank) {
        chosen = candidate;
        rank = lu.rank();
        spanning_.push_back(a);
      }
    }
    const Eigen::MatrixXd a0 = chosen * chosen.transpose();
    forcing_ = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(a0).eigenvalues().minCoeff() /
               std::sqrt(static_cast<double>(arms().rows()));
    target_ = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(arm_count()), 1.0 / static_cast<double>(arm_count()));
    started_ = false;
    cycle_ = 0;
    updates_ = forced_ = 0;
    allocation_gap_ = 0.0;
  }

  std::vector<std::size_t> initial_pass() const override { return spanning_; }

  std::size_t sample(std::uint64_t t) override {
    if (!started_) {
      tracking_.reset(counts());
      started_ = true;
    }
    if (every_ || (t & (t - 1)) == 0) update_target();
    const std::size_t tracked = tracking_.track(target_, counts());
    const double least = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(design().matrix(), Eigen::EigenvaluesOnly)
                             .eigenvalues()
                             .minCoeff();
    if (least < forcing_ * std::sqrt(static_cast<double>(t))) {
      ++forced_;
      const std::size_t arm = spanning_[cycle_];
      cycle_ = (cycle_ + 1) % spanning_.size();
      return arm;
    }
    return tracked;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"updates", std::string(every_ ? "every" : "doubling")},
            {"allocation-gap", allocation_gap_},
            {"target-updates", static_cast<std::int64_t>(updates_)},
            {"forced-pulls", static_cast<std::int64_t>(forced_)}};
  }

 private:
  void update_target() {
    const numerics::LinearCharacteristicTime t = numerics::linear_characteristic_time(arms(), items(), theta(), sigma(), options_);
    ++updates_;
    if (!t.unique || !std::isfinite(t.value)) return;  // keep the previous target
    target_ = t.weights;
    allocation_gap_ = std::max(allocation_gap_, t.relative_gap());
  }

  bool every_;
  numerics::CharacteristicTimeOptions options_;
  std::vector<std::size_t> spanning_;  // A_0
  double forcing_ = 0.0;               // c_0
  Eigen::VectorXd target_;
  CumulativeTracking tracking_;
  bool started_ = false;
  std::size_t cycle_ = 0;
  std::uint64_t updates_ = 0, forced_ = 0;
  double allocation_gap_ = 0.0;
};

void register_lazy_track_and_stop(Registry& registry) {
  register_linear_glr_sampler<LazyTrackAndStop>(
      registry,
      {"lazy-track-and-stop",
       "Lazy Track-and-Stop (Jedra & Proutiere 2020): C-tracking of w*(theta_hat) recomputed lazily, forced "
       "exploration on a spanning set, GLR stopping; linear and transductive best arm"},
      [](ParamSchema& schema) {
        schema.choice("updates", "doubling", {"doubling", "every"},
                      "when w*(theta_hat) is recomputed: at t a power of 2 (lazy) or every round");
        schema.real("allocation-gap", 1e-6, Range::open(0.0, 1.0),
                    "w*(theta_hat) is solved to this certified relative gap of T*^-1 (cutting planes)");
      });
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_lazy_track_and_stop)
