// `tri-bbai`: Tri-BBAI, the three-batch best arm identification of Jin, Yang, Tang, Xiao & Xu
// ("Optimal Batched Best Arm Identification", NeurIPS 2024, arXiv 2310.14129, Algorithm 1),
// read from the authors' code (panxulab/Optimal-Batched-Best-Arm-Identification,
// Algorithm.py `Tri_BBAI`; of the paper only the abstract and secondary summaries were
// reachable here: docs/algorithms/batched.md). Constants L1, L2, L3, epsilon, alpha:
// bbai_constants.hpp.
//   Stage I    (a batch) pull every arm L1 times.
//   Stage II   (a batch) b = the empirical means, the best one (the smaller index on ties)
//              minus epsilon, the others plus epsilon; w(b), T*(b) the optimal proportions
//              and characteristic time of b (Garivier & Kaufmann 2016; numerics); pull arm i
//              min(ceil(c alpha w_i(b) T*(b) log(1/delta)), L2) more times (L2 when that is
//              not finite: b without a unique best arm).
//              `stage-two = once` (default): one such batch, c = 1 — the paper's three batches.
//              `stage-two = doubling`: the authors' code: batches q = 1, 2, ... with c = 2^q and b
//              from all data so far, ending after q = 2 once some arm's weight grew by at most
//              1/sqrt(K) (always, as the weights sum to 1): two batches, c = 2 then 4.
//   Stage III  (no pull) if Z = min_{b != best} Z_{best, b} >= beta(t, delta) (staged_batches.hpp):
//              stop and recommend the empirical best.
//   Stage IV   (a batch) pull every arm up to L3; recommend the empirical best.
//              `stage-four = until-certified`: then test as Stage III and, while it fails,
//              double L3 and pull again (delta-correct at every delta with a threshold valid for
//              any sampling rule, at the price of batches; not the paper's).
// Batches with no pull are not batches here (the authors count Stage IV even when no arm is
// below L3).
#include <cmath>
#include <limits>
#include <stdexcept>

#include "bbai_constants.hpp"
#include "cpex/best_arm_check.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/registration.hpp"
#include "staged_batches.hpp"

namespace cpex::batched {
namespace {

class TriBbai final : public StagedBatches {
 public:
  explicit TriBbai(const ParamValues& params)
      : params_(params),
        delta_(params.real("delta")),
        doubling_(params.text("stage-two") == "doubling"),
        certified_(params.text("stage-four") == "until-certified"),
        threshold_(parse_threshold(params.text("threshold"))) {}

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"epsilon", c_.epsilon},
            {"alpha", c_.alpha},
            {"l1", static_cast<double>(c_.l1)},
            {"l2", static_cast<double>(c_.l2)},
            {"l3", static_cast<double>(c_.l3)},
            {"threshold", std::string(to_string(threshold_))},
            {"stage-two", std::string(doubling_ ? "doubling" : "once")},
            {"stage-four", std::string(certified_ ? "until-certified" : "once")},
            // how this run ended: Stage III's test, or after Stage IV (a run outcome, not a key)
            {"ended-by", std::string(stage_ == Stage::Four ? "stage-iv" : "stage-iii")}};
  }

 protected:
  void begin(const AlgorithmContext& context) override {
    require_best_arm(context.oracles.front()->decision_size(), "tri-bbai");
    c_ = bbai_constants(params_, arms_);
    stage_ = Stage::One;
    q_ = 0;
    previous_weights_.clear();
    l3_ = c_.l3;
  }

  bool plan() override {
    switch (stage_) {
      case Stage::One:
        for (std::size_t k = 0; k < arms_; ++k) plan_pulls(k, c_.l1);
        stage_ = Stage::Two;
        return true;
      case Stage::Two:
        stage_two();
        return true;
      case Stage::Three:
        if (passes()) return false;
        stage_ = Stage::Four;
        top_up();
        return true;
      case Stage::Four:
        if (!certified_ || passes()) return false;
        l3_ *= 2;
        top_up();
        return true;
    }
    return false;
  }

 private:
  enum class Stage { One, Two, Three, Four };

  void stage_two() {
    ++q_;
    const std::size_t best = empirical_best();
    std::vector<double> b(arms_);
    for (std::size_t k = 0; k < arms_; ++k)
      b[k] = valid_mean(stats_.mean(k) + (k == best ? -c_.epsilon : c_.epsilon));
    numerics::OptimalWeights w;
    try {
      w = numerics::optimal_weights(b, family_);
    } catch (const std::invalid_argument&) {
      w.weights.assign(arms_, 0.0);
      w.characteristic_time = std::numeric_limits<double>::infinity();
    }
    const double factor = (doubling_ ? std::pow(2.0, static_cast<double>(q_)) : 1.0) * c_.alpha *
                          w.characteristic_time * std::log(1.0 / delta_);
    for (std::size_t k = 0; k < arms_; ++k) {
      const double x = factor * w.weights[k];
      plan_pulls(k, std::isfinite(x) ? std::min(static_cast<std::uint64_t>(std::ceil(std::max(x, 0.0))), c_.l2) : c_.l2);
    }
    bool settled = !doubling_;
    if (doubling_ && q_ >= 2)
      for (std::size_t k = 0; k < arms_ && !settled; ++k)
        settled = w.weights[k] - previous_weights_[k] <= 1.0 / std::sqrt(static_cast<double>(arms_));
    previous_weights_ = w.weights;
    if (settled) stage_ = Stage::Three;
  }

  bool passes() const {
    const double z = chernoff_statistic(), beta = threshold(threshold_, delta_, c_.alpha);
    if (trace_) {
      trace_->record("glr", z);
      trace_->record("threshold", beta);
    }
    return z >= beta;
  }

  void top_up() {
    for (std::size_t k = 0; k < arms_; ++k)
      if (stats_.count(k) < l3_) plan_pulls(k, l3_ - stats_.count(k));
  }

  ParamValues params_;
  double delta_;
  bool doubling_, certified_;
  Threshold threshold_;
  BbaiConstants c_;
  Stage stage_ = Stage::One;
  int q_ = 0;
  std::vector<double> previous_weights_;
  std::uint64_t l3_ = 1;
};

}  // namespace

void register_tri_bbai(Registry& registry) {
  ParamSchema schema;
  add_bbai_parameters(schema);
  schema
      .choice("stage-two", "once", {"once", "doubling"},
              "once: one Stage II batch (the paper's three batches); doubling: the authors' code, two Stage II "
              "batches of 2 and 4 times the allocation")
      .choice("stage-four", "once", {"once", "until-certified"},
              "once: pull every arm up to L3 and recommend (the paper); until-certified: then repeat Stage "
              "III's test, doubling L3 until it passes");
  register_algorithm<TriBbai>(
      registry,
      {"tri-bbai", "Tri-BBAI (Jin, Yang, Tang, Xiao & Xu 2024): batched best arm, asymptotically optimal "
                   "samples in three batches"},
      staged_batches_needs(), std::move(schema));
}

}  // namespace cpex::batched
