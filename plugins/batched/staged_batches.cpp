// The batch planning, statistics and stopping test of the batched algorithms (staged_batches.hpp).
#include "staged_batches.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "cpex/best_arm_check.hpp"
#include "cpex/enum_names.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

namespace cpex::batched {

namespace {

constexpr EnumName<Threshold> kThresholds[] = {{Threshold::GkExperiments, "gk-experiments"},
                                               {Threshold::Paper, "paper"},
                                               {Threshold::GkTheorem, "gk-theorem"},
                                               {Threshold::Kk2021, "kk2021"}};

}  // namespace

Threshold parse_threshold(const std::string& name) {
  return value_of(kThresholds, name).value_or(Threshold::GkExperiments);
}

const char* to_string(Threshold threshold) { return name_of(kThresholds, threshold); }

AlgorithmNeeds staged_batches_needs() {
  AlgorithmNeeds needs{.feedback = {FeedbackKind::SingleArm},
                       .oracles = {{"oracle", kLinearMaximization | kCardinality}},
                       .rewards = RewardRequirement::families_of({RewardFamily::Gaussian, RewardFamily::Bernoulli,
                                                                  RewardFamily::Poisson, RewardFamily::Exponential})};
  needs.batches = true;
  return needs;
}

void StagedBatches::start(const AlgorithmContext& context) {
  const Problem& problem = *context.problem;
  const auto family = numerics::arm_family_of(problem);
  if (!family)
    throw ParameterError("plugin", "the rewards need one family with a known parameter for every arm (Gaussian "
                                   "of one sigma, Bernoulli, Poisson, Exponential)");
  family_ = *family;
  arms_ = problem.num_arms;
  if (arms_ < 2) throw ParameterError("plugin", "needs at least 2 arms");
  stats_.reset(arms_);
  planned_.clear();
  batches_ = 0;
  stopped_ = false;
  trace_ = context.trace;
  begin(context);
}

void StagedBatches::plan_pulls(std::size_t arm, std::uint64_t count) {
  if (count > 0) planned_.emplace_back(arm, count);
}

// Plans batches until one has a pull, or the algorithm stops.
bool StagedBatches::refill() {
  while (planned_.empty()) {
    if (stopped_ || !plan()) {
      stopped_ = true;
      return false;
    }
    if (!planned_.empty()) {
      ++batches_;
      if (trace_) trace_->record("batch", static_cast<double>(batches_));
    }
  }
  return true;
}

bool StagedBatches::next(Action& action) {
  if (planned_.empty() && !refill()) return false;
  auto& [arm, left] = planned_.front();
  action.arm = arm;
  if (--left == 0) planned_.pop_front();
  return true;
}

Proposal StagedBatches::propose(Action& action, std::span<const Action> pending) {
  if (planned_.empty() && !pending.empty()) return Proposal::Wait;
  return next(action) ? Proposal::Pull : Proposal::Stop;
}

void StagedBatches::observe(const Action& action, const Observation& observation) {
  stats_.add(action.arm, observation.reward);
}

std::size_t StagedBatches::empirical_best() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < arms_; ++k)
    if (stats_.count(k) > 0 && (stats_.count(best) == 0 || stats_.mean(k) > stats_.mean(best))) best = k;
  return best;
}

Recommendation StagedBatches::recommend() const {
  Recommendation answer;
  answer.decision.arms = {empirical_best()};
  return answer;
}

double StagedBatches::chernoff_statistic() const {
  const std::size_t best = empirical_best();
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < arms_; ++k) {
    if (k == best) continue;
    if (stats_.count(k) == 0 || stats_.count(best) == 0) return 0.0;
    least = std::min(least, family_.glr(static_cast<double>(stats_.count(best)), stats_.mean(best),
                                        static_cast<double>(stats_.count(k)), stats_.mean(k)));
  }
  return least;
}

double StagedBatches::threshold(Threshold kind, double delta, double alpha) const {
  const std::uint64_t t = std::max<std::uint64_t>(stats_.total(), 1);
  switch (kind) {
    case Threshold::Paper:
      return std::log(2.0 * std::log(1.0 / delta) * std::pow(static_cast<double>(t), alpha) / delta);
    case Threshold::GkTheorem:
      return numerics::stopping_threshold(numerics::StoppingThreshold::GkTheorem, t, delta, arms_ - 1, 1);
    case Threshold::Kk2021:
      return numerics::stopping_threshold(numerics::StoppingThreshold::Kk2021, t, delta, arms_ - 1, 1);
    case Threshold::GkExperiments: break;
  }
  return numerics::stopping_threshold(numerics::StoppingThreshold::GkExperiments, t, delta, arms_ - 1, 1);
}

double StagedBatches::valid_mean(double mean) const {
  if (family_.kind() == numerics::ArmFamily::Kind::Bernoulli) return std::clamp(mean, 0.0, 1.0);
  if (family_.kind() == numerics::ArmFamily::Kind::Poisson || family_.kind() == numerics::ArmFamily::Kind::Exponential)
    return std::max(mean, 1e-12);
  return mean;
}

BbaiStages::BbaiStages(const ParamValues& params)
    : delta_(params.real("delta")),
      params_(params),
      doubling_(params.text("stage-two") == "doubling"),
      threshold_(parse_threshold(params.text("threshold"))) {}

void BbaiStages::begin_stages(const AlgorithmContext& context, const char* name) {
  require_best_arm(context.oracles.front()->decision_size(), name);
  c_ = bbai_constants(params_, arms_);
  stage_ = Stage::One;
  q_ = 0;
  previous_weights_.clear();
}

bool BbaiStages::plan_stages_one_two() {
  switch (stage_) {
    case Stage::One:
      for (std::size_t k = 0; k < arms_; ++k) plan_pulls(k, c_.l1);
      stage_ = Stage::Two;
      return true;
    case Stage::Two:
      stage_two();
      return true;
    case Stage::Over: break;
  }
  return false;
}

void BbaiStages::stage_two() {
  ++q_;
  const std::size_t best = empirical_best();
  std::vector<double> b(arms_);
  for (std::size_t k = 0; k < arms_; ++k) b[k] = valid_mean(stats_.mean(k) + (k == best ? -c_.epsilon : c_.epsilon));
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
  if (settled) stage_ = Stage::Over;
}

bool BbaiStages::stage_three_passes() const {
  const double z = chernoff_statistic(), beta = threshold(threshold_, delta_, c_.alpha);
  if (trace_) {
    trace_->record("glr", z);
    trace_->record("threshold", beta);
  }
  return z >= beta;
}

std::vector<std::pair<std::string, ParamValue>> BbaiStages::resolved_constants(bool with_l3) const {
  std::vector<std::pair<std::string, ParamValue>> out = {{"delta", delta_},
                                                          {"epsilon", c_.epsilon},
                                                          {"alpha", c_.alpha},
                                                          {"l1", static_cast<double>(c_.l1)},
                                                          {"l2", static_cast<double>(c_.l2)}};
  if (with_l3) out.emplace_back("l3", static_cast<double>(c_.l3));
  out.emplace_back("threshold", std::string(to_string(threshold_)));
  out.emplace_back("stage-two", std::string(doubling_ ? "doubling" : "once"));
  return out;
}

}  // namespace cpex::batched
