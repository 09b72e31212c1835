// What track-and-stop and top-two share around their sampling rules: the best-arm checks
// when a run starts (identification_checks.hpp), the arms' statistics, one pull of every
// arm first, the Chernoff (GLR) stopping rule (chernoff_stopping.hpp; its statistic and
// threshold traced as `glr` and `threshold`), the empirical best arm as the answer, the
// resolved delta / threshold / family, and what the algorithms need.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arm_statistics.hpp"
#include "chernoff_stopping.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "identification_checks.hpp"

namespace cpex::bestk {

class GlrIdentification : public Algorithm {
 public:
  GlrIdentification(const ParamValues& p, std::string name)
      : name_(std::move(name)), delta_(p.real("delta")), threshold_(glr_threshold(p.text("threshold"))) {}

  void start(const AlgorithmContext& context) override {
    family_ = best_arm_family(context, name_);
    trace_ = context.trace;
    stats_.reset(context.problem->num_arms);
    begin(context);
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const std::uint64_t t = stats_.total();
    const GlrStatistic z = glr_statistic(stats_, *family_);
    const double beta = glr_threshold_value(threshold_, t, delta_, stats_.arms());
    if (trace_) {
      trace_->record("glr", z.value);
      trace_->record("threshold", beta);
    }
    if (z.value > beta) return false;
    action.arm = sample(t, z);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {empirical_best(stats_)};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {
        {"delta", delta_}, {"threshold", std::string(to_string(threshold_))}};
    for (auto& entry : own_resolved()) out.push_back(std::move(entry));
    out.emplace_back("family", std::string(family_ ? family_->name() : ""));
    return out;
  }

 protected:
  // The rest of start(), once the family, trace and statistics are set.
  virtual void begin(const AlgorithmContext& context) = 0;
  // The arm of round t (after the first pulls, the rule not stopping); z: the GLR statistic.
  virtual std::size_t sample(std::uint64_t t, const GlrStatistic& z) = 0;
  // The algorithm's own resolved parameters (between threshold and family).
  virtual std::vector<std::pair<std::string, ParamValue>> own_resolved() const = 0;

  std::optional<numerics::ArmFamily> family_;
  ArmStatistics stats_;

 private:
  std::string name_;
  double delta_;
  GlrThreshold threshold_;
  TraceSink* trace_ = nullptr;
};

// What they need: single-arm feedback, a top-k oracle, Gaussian or Bernoulli rewards.
inline AlgorithmNeeds glr_identification_needs() {
  return {.feedback = {FeedbackKind::SingleArm},
          .oracles = {{"oracle", kLinearMaximization | kCardinality}},
          .rewards = RewardRequirement::families_of({RewardFamily::Gaussian, RewardFamily::Bernoulli})};
}

}  // namespace cpex::bestk
