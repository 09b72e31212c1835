// The paired-pull skeleton of CLUCB-QM and CLUCB (see the header).
#include "paired_pulls.hpp"

#include <algorithm>

#include "cpex/errors.hpp"

namespace cpex::full_bandit {

ParamSchema paired_parameters(const std::string& companions_default) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: the error probability is at most delta")
      .accuracy(0.0, "accuracy: the returned super arm is epsilon-optimal")
      .integer("fixed-arm", 0, Range::at_least(0),
               "the fixed arm e' every explored arm is compared with (0 <= fixed-arm < n)")
      .choice("companions", companions_default, {"fixed", "random"},
              "the k - 1 other members of a pair after the sweep: a fixed set, or drawn afresh per pair");
  return schema;
}

PairedPullAlgorithm::PairedPullAlgorithm(const ParamValues& p)
    : delta_(p.real("delta")),
      epsilon_(p.real("epsilon")),
      fixed_arm_setting_(p.integer("fixed-arm")),
      random_companions_(p.text("companions") == "random") {}

void PairedPullAlgorithm::start(const AlgorithmContext& context) {
  problem_ = context.problem;
  decision_ = context.oracles.front();
  rng_ = context.rng;
  n_ = problem_->num_arms;
  k_ = problem_->k;
  if (problem_->feedback != FeedbackKind::FullBanditSum)
    throw ParameterError("plugin", "needs full-bandit feedback");
  if (k_ < 2 || k_ + 1 > n_)
    throw ParameterError("plugin", "needs a super-arm size 2 <= k < n (the environment has n = " +
                                       std::to_string(n_) + ", k = " + std::to_string(k_) + ")");
  if (fixed_arm_setting_ < 0 || static_cast<std::size_t>(fixed_arm_setting_) >= n_)
    throw ParameterError("fixed-arm", "fixed-arm = " + std::to_string(fixed_arm_setting_) +
                                          " must name an arm in [0, " + std::to_string(n_) + ")");
  fixed_arm_ = static_cast<std::size_t>(fixed_arm_setting_);
  sigma_ = problem_->noise_sigma;
  companions_.clear();
  in_companions_.assign(n_, 0);
  std::size_t arm = 0;
  for (; companions_.size() + 1 < k_; ++arm)
    if (arm != fixed_arm_) {
      companions_.push_back(arm);
      in_companions_[arm] = 1;
    }
  while (arm == fixed_arm_) ++arm;
  spare_ = arm;
  pairs_ = 0;
  sweep_ = 0;
  stage_ = 0;
  stopped_ = false;
  const std::vector<double> zeros(n_, 0.0);
  decision_->maximize(zeros, best_);
  on_start();
}

std::pair<std::vector<std::size_t>, std::vector<std::size_t>> PairedPullAlgorithm::pair_for(std::size_t arm) const {
  std::vector<std::size_t> m(companions_), m2;
  if (!in_companions_[arm]) {
    m.push_back(arm);
    m2 = companions_;
    m2.push_back(fixed_arm_);
  } else {
    m.push_back(spare_);
    for (std::size_t a : companions_)
      if (a != arm) m2.push_back(a);
    m2.push_back(spare_);
    m2.push_back(fixed_arm_);
  }
  std::sort(m.begin(), m.end());
  std::sort(m2.begin(), m2.end());
  return {std::move(m), std::move(m2)};
}

void PairedPullAlgorithm::plan(std::size_t arm) {
  exploring_ = arm;
  if (random_companions_ && sweep_ >= n_) {
    pool_.clear();
    for (std::size_t a = 0; a < n_; ++a)
      if (a != arm && a != fixed_arm_) pool_.push_back(a);
    for (std::size_t i = 0; i + 1 < k_; ++i) std::swap(pool_[i], pool_[i + rng_.below(pool_.size() - i)]);
    first_.assign(pool_.begin(), pool_.begin() + static_cast<std::ptrdiff_t>(k_ - 1));
    second_ = first_;
    first_.push_back(arm);
    second_.push_back(fixed_arm_);
    std::sort(first_.begin(), first_.end());
    std::sort(second_.begin(), second_.end());
    return;
  }
  auto [m, m2] = pair_for(arm);
  first_ = std::move(m);
  second_ = std::move(m2);
}

bool PairedPullAlgorithm::next(Action& action) {
  if (stopped_) return false;
  if (stage_ == 0) {
    if (sweep_ == fixed_arm_) ++sweep_;
    if (sweep_ < n_) {
      plan(sweep_++);
    } else {
      std::size_t explore = 0;
      if (decide(explore)) {
        stopped_ = true;
        return false;
      }
      if (explore >= n_ || explore == fixed_arm_)
        throw Error("paired pulls: decide() named arm " + std::to_string(explore) + ", not explorable");
      plan(explore);
    }
  }
  action.super_arm = stage_ == 0 ? std::span<const std::size_t>(first_) : std::span<const std::size_t>(second_);
  return true;
}

void PairedPullAlgorithm::observe(const Action& action, const Observation& observation) {
  on_pull(action.super_arm, observation.reward);
  if (stage_ == 0) {
    first_reward_ = observation.reward;
    stage_ = 1;
  } else {
    stage_ = 0;
    ++pairs_;
    on_pair(exploring_, first_reward_ - observation.reward);
  }
}

std::vector<std::pair<std::string, ParamValue>> PairedPullAlgorithm::resolved() const {
  return {{"delta", delta_},
          {"epsilon", epsilon_},
          {"fixed-arm", static_cast<std::int64_t>(fixed_arm_)},
          {"companions", std::string(random_companions_ ? "random" : "fixed")},
          {"sigma", sigma_}};
}

}  // namespace cpex::full_bandit
