// `opt-bbai`: Opt-BBAI, the (almost) optimal batched best arm identification of Jin, Yang,
// Tang, Xiao & Xu (NeurIPS 2024, arXiv 2310.14129, Algorithm 2), read from the authors' code
// (panxulab/Optimal-Batched-Best-Arm-Identification, Algorithm.py `Opt_BBAI_New`, the one
// their OptBBAI.py runs; the paper's text beyond its abstract was not reachable here).
// Stages I-III are Tri-BBAI's (tri_bbai.cpp, the same `stage-two`); where Tri-BBAI's Stage IV
// pulls every arm to L3, Opt-BBAI eliminates (exponential-gap style) and checks that the best
// arm was not eliminated, so that its samples stay bounded whatever it returns:
//   S = all arms; for r = 1, 2, ... while |S| > 1:
//     eps_r = 2^-r / 4, delta_r = delta / (40 pi^2 K r^2), gamma_r = delta_r, l_r = 0;
//     (a batch) pull every arm of S d_r = ceil(log(2/delta_r) / (20 eps_r^2)) times;
//     p = max_{i in S} mean_i; B_r = B_{r-1} + |S| d_r; drop from S every i with mean_i < p - eps_r;
//     checking, for j = 1 .. r - 1 (a batch each): for every arm i of S in turn, while
//       B_r gamma_j 2^{l_j} > B_j: gamma_j <- gamma_j^2, pull i ceil(log(2/gamma_j) / (10 eps_r^2))
//       times, l_j <- l_j + 1 (gamma_j and l_j change from one arm to the next);
//       if an arm so pulled has mean > p - eps_r / 2: stop, recommend the empirical best arm.
//   Recommend the arm left in S.
// As in the authors' code the checking samples the arms of the current S (their per-round
// sets are one object), the 1/20 and 1/10 shrink the theory's sample sizes, and "while" is an
// "if" per arm (their loop). Constants L1, L2, L3 (unused here), epsilon, alpha:
// bbai_constants.hpp. Empty batches are not batches.
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <stdexcept>

#include "bbai_constants.hpp"
#include "cpex/best_arm_check.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/registration.hpp"
#include "staged_batches.hpp"

namespace cpex::batched {
namespace {

class OptBbai final : public StagedBatches {
 public:
  explicit OptBbai(const ParamValues& params)
      : params_(params),
        delta_(params.real("delta")),
        doubling_(params.text("stage-two") == "doubling"),
        threshold_(parse_threshold(params.text("threshold"))) {}

  Recommendation recommend() const override {
    if (!final_arm_) return StagedBatches::recommend();
    Recommendation answer;
    answer.decision.arms = {*final_arm_};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"epsilon", c_.epsilon},
            {"alpha", c_.alpha},
            {"l1", static_cast<double>(c_.l1)},
            {"l2", static_cast<double>(c_.l2)},
            {"threshold", std::string(to_string(threshold_))},
            {"stage-two", std::string(doubling_ ? "doubling" : "once")},
            // how this run ended (a run outcome, not a key): Stage III's test, a check, or the
            // elimination down to one arm
            {"ended-by", std::string(stage_ == Stage::Three || stage_ == Stage::One || stage_ == Stage::Two
                                         ? "stage-iii"
                                         : final_arm_ ? "elimination" : "check")}};
  }

 protected:
  void begin(const AlgorithmContext& context) override {
    require_best_arm(context.oracles.front()->decision_size(), "opt-bbai");
    c_ = bbai_constants(params_, arms_);
    stage_ = Stage::One;
    q_ = 0;
    previous_weights_.clear();
    final_arm_.reset();
    active_.clear();
    for (std::size_t k = 0; k < arms_; ++k) active_.push_back(k);
    spent_ = {0.0};
    gamma_.clear();
    level_.clear();
    r_ = 0;
    check_ = 0;
    checked_.clear();
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
        if (chernoff_statistic() >= threshold(threshold_, delta_, c_.alpha)) return false;
        stage_ = Stage::Eliminate;
        return eliminate_round();
      case Stage::Eliminate:  // the round's batch is in: eliminate, then check
        after_round();
        check_ = 0;
        stage_ = Stage::Check;
        return check_batch();
      case Stage::Check:  // a check's batch is in
        for (std::size_t i : checked_)
          if (stats_.mean(i) > best_ - epsilon_r() / 2.0) return false;  // the empirical best overall
        ++check_;
        return check_batch();
    }
    return false;
  }

 private:
  enum class Stage { One, Two, Three, Eliminate, Check };

  double epsilon_r() const { return std::pow(0.5, static_cast<double>(r_)) / 4.0; }

  // Stage II as Tri-BBAI's.
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

  // Round r's batch: every active arm d_r times.
  bool eliminate_round() {
    ++r_;
    const double r = static_cast<double>(r_);
    const double delta_r = delta_ / (40.0 * std::numbers::pi * std::numbers::pi * static_cast<double>(arms_) * r * r);
    gamma_.push_back(delta_r);
    level_.push_back(0);
    const double e = epsilon_r();
    round_pulls_ = static_cast<std::uint64_t>(std::ceil(std::log(2.0 / delta_r) / (e * e) / 20.0));
    for (std::size_t i : active_) plan_pulls(i, round_pulls_);
    stage_ = Stage::Eliminate;
    return true;
  }

  void after_round() {
    best_ = -std::numeric_limits<double>::infinity();
    for (std::size_t i : active_) best_ = std::max(best_, stats_.mean(i));
    spent_.push_back(spent_.back() + static_cast<double>(active_.size()) * static_cast<double>(round_pulls_));
    std::vector<std::size_t> kept;
    for (std::size_t i : active_)
      if (!(stats_.mean(i) < best_ - epsilon_r())) kept.push_back(i);
    active_ = std::move(kept);
  }

  // The check of an earlier round j = check_ (0-based) < r - 1; when none is left, the next
  // round, or the end with one arm left (the checks come before the end, as in the code).
  bool check_batch() {
    while (check_ + 1 < r_) {
      checked_.clear();
      const std::size_t j = check_;
      const double e = epsilon_r();
      for (std::size_t i : active_) {
        if (!(spent_[r_] * gamma_[j] * std::pow(2.0, static_cast<double>(level_[j])) > spent_[j])) continue;
        gamma_[j] *= gamma_[j];
        const double pulls = std::log(2.0 / gamma_[j]) / (e * e) / 10.0;
        if (!std::isfinite(pulls)) break;
        plan_pulls(i, static_cast<std::uint64_t>(std::ceil(pulls)));
        ++level_[j];
        checked_.push_back(i);
      }
      stage_ = Stage::Check;
      if (!checked_.empty()) return true;
      ++check_;
    }
    if (active_.size() <= 1) return stop_with_active();
    return eliminate_round();
  }

  bool stop_with_active() {
    final_arm_ = active_.empty() ? empirical_best() : active_.front();
    return false;
  }

  ParamValues params_;
  double delta_;
  bool doubling_;
  Threshold threshold_;
  BbaiConstants c_;
  Stage stage_ = Stage::One;
  int q_ = 0;
  std::vector<double> previous_weights_;
  std::optional<std::size_t> final_arm_;
  std::vector<std::size_t> active_;     // S
  std::vector<double> spent_;           // B_0 = 0, B_1, ...
  std::vector<double> gamma_;           // gamma_j
  std::vector<int> level_;              // l_j
  std::size_t r_ = 0, check_ = 0;
  std::uint64_t round_pulls_ = 0;
  double best_ = 0.0;                   // p of the current round
  std::vector<std::size_t> checked_;    // the arms the current check pulls
};

}  // namespace

void register_opt_bbai(Registry& registry) {
  ParamSchema schema;
  add_bbai_parameters(schema);
  schema.choice("stage-two", "once", {"once", "doubling"},
                "once: one Stage II batch (the paper's structure); doubling: the authors' code, two Stage II "
                "batches of 2 and 4 times the allocation");
  register_algorithm<OptBbai>(
      registry,
      {"opt-bbai", "Opt-BBAI (Jin, Yang, Tang, Xiao & Xu 2024): batched best arm, Tri-BBAI's stages then "
                   "elimination with a check that the best arm was not eliminated"},
      staged_batches_needs(), std::move(schema));
}

}  // namespace cpex::batched
