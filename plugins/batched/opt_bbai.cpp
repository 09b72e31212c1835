// `opt-bbai`: Opt-BBAI, the (almost) optimal batched best arm identification of Jin, Yang,
// Tang, Xiao & Xu (NeurIPS 2024, arXiv 2310.14129, Algorithm 2), read from the authors' code
// (panxulab/Optimal-Batched-Best-Arm-Identification, Algorithm.py `Opt_BBAI_New`, the one
// their OptBBAI.py runs; the paper's text beyond its abstract was not reachable here).
// Stages I-III are Tri-BBAI's (BbaiStages, staged_batches.hpp); where Tri-BBAI's Stage IV
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
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "cpex/registration.hpp"
#include "staged_batches.hpp"

namespace cpex::batched {
namespace {

class OptBbai final : public BbaiStages {
 public:
  explicit OptBbai(const ParamValues& params) : BbaiStages(params) {}

  Recommendation recommend() const override {
    if (!final_arm_) return StagedBatches::recommend();
    Recommendation answer;
    answer.decision.arms = {*final_arm_};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    auto out = resolved_constants(false);
    // how this run ended (a run outcome, not a key): Stage III's test, a check, or the
    // elimination down to one arm
    out.emplace_back("ended-by",
                     std::string(stage_ == Stage::Three ? "stage-iii" : final_arm_ ? "elimination" : "check"));
    return out;
  }

 protected:
  void begin(const AlgorithmContext& context) override {
    begin_stages(context, "opt-bbai");
    stage_ = Stage::Three;
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
    if (plan_stages_one_two()) return true;
    switch (stage_) {
      case Stage::Three:
        if (stage_three_passes()) return false;
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
  enum class Stage { Three, Eliminate, Check };  // after Stage II

  double epsilon_r() const { return std::pow(0.5, static_cast<double>(r_)) / 4.0; }

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

  Stage stage_ = Stage::Three;
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
  register_algorithm<OptBbai>(
      registry,
      {"opt-bbai", "Opt-BBAI (Jin, Yang, Tang, Xiao & Xu 2024): batched best arm, Tri-BBAI's stages then "
                   "elimination with a check that the best arm was not eliminated"},
      staged_batches_needs(), std::move(schema));
}

}  // namespace cpex::batched
