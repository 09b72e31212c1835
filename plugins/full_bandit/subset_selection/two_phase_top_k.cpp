// The two-phase reduction of the ME / LUCB baselines (see the header).
#include "two_phase_top_k.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"

namespace cpex::full_bandit {

void register_two_phase(Registry& registry, PluginInfo info, SubroutineFactory subroutine) {
  register_algorithm(
      registry, std::move(info),
      {.feedback = {FeedbackKind::FullBanditSum},
       .oracles = {{"oracle", kLinearMaximization | kCardinality}}},
      ParamSchema()
          .target_error(0.05, "confidence: the error probability is at most delta")
          .accuracy(0.0, "accuracy: the returned super arm is epsilon-optimal")
          .choice("arm-epsilon", "strict", {"strict", "paper"},
                  "per-arm accuracy of each phase: strict = epsilon / (2k) (super arm epsilon-optimal), "
                  "paper = epsilon (seed 001's complexity; only k epsilon guaranteed)"),
      [subroutine](const ParamValues& p) -> std::unique_ptr<Algorithm> {
        return std::make_unique<TwoPhaseTopK>(p, subroutine);
      });
}

TwoPhaseTopK::TwoPhaseTopK(const ParamValues& p, SubroutineFactory factory)
    : factory_(std::move(factory)),
      delta_(p.real("delta")),
      epsilon_(p.real("epsilon")),
      strict_(p.text("arm-epsilon") == "strict") {}

void TwoPhaseTopK::start(const AlgorithmContext& context) {
  const Problem& problem = *context.problem;
  decision_ = context.oracles.front();
  n_ = problem.num_arms;
  k_ = problem.k;
  if (problem.feedback != FeedbackKind::FullBanditSum) throw ParameterError("plugin", "needs full-bandit feedback");
  if (k_ < 2 || n_ < 2 * k_)
    throw ParameterError("plugin", "needs 2 <= k and n >= 2k (an arm outside the 2k - 1 finalists of phase 1; "
                                   "the environment has n = " +
                                       std::to_string(n_) + ", k = " + std::to_string(k_) + ")");
  if (epsilon_ <= 0.0)
    throw ParameterError("epsilon", "the median-elimination / LUCB reduction needs epsilon > 0");
  sigma_ = problem.noise_sigma;
  arm_epsilon_ = strict_ ? epsilon_ / (2.0 * static_cast<double>(k_)) : epsilon_;
  std::vector<std::size_t> fixed, ground;
  for (std::size_t a = 0; a < n_; ++a) (a + 1 < k_ ? fixed : ground).push_back(a);
  const std::vector<double> zeros(n_, 0.0);
  decision_->maximize(zeros, best_);
  phase_ = 1;
  begin_phase(std::move(ground), std::move(fixed), false);
}

void TwoPhaseTopK::begin_phase(std::vector<std::size_t> ground, std::vector<std::size_t> fixed, bool paired) {
  ground_ = std::move(ground);
  fixed_ = std::move(fixed);
  paired_ = paired;
  pair_second_ = false;
  SubroutineSettings s;
  s.ground = ground_.size();
  s.m = k_;
  s.epsilon = arm_epsilon_;
  s.delta = delta_ / 2.0;
  s.sigma = paired ? std::sqrt(2.0) * sigma_ : sigma_;  // a difference of two independent pulls
  subroutine_ = factory_(s);
}

// {arm} + C or {e'} + C, C = the k - 1 smallest arms other than arm and e'.
void TwoPhaseTopK::paired_pull(std::size_t arm, bool reference, std::vector<std::size_t>& pull) const {
  pull.clear();
  for (std::size_t a = 0; a < n_ && pull.size() + 1 < k_; ++a)
    if (a != arm && a != reference_) pull.push_back(a);
  pull.push_back(reference ? reference_ : arm);
  std::sort(pull.begin(), pull.end());
}

void TwoPhaseTopK::set_best(const std::vector<std::size_t>& arms) {
  std::vector<double> indicator(n_, 0.0);
  for (std::size_t a : arms) indicator[a] = 1.0;
  decision_->maximize(indicator, best_);
}

bool TwoPhaseTopK::next(Action& action) {
  while (phase_ <= 2) {
    if (paired_ && pair_second_) {
      paired_pull(ground_[position_], true, pull_);
      action.super_arm = pull_;
      return true;
    }
    if (subroutine_->next(position_)) {
      if (paired_) {
        paired_pull(ground_[position_], false, pull_);
      } else {
        pull_ = fixed_;
        pull_.push_back(ground_[position_]);
        std::sort(pull_.begin(), pull_.end());
      }
      action.super_arm = pull_;
      return true;
    }
    std::vector<std::size_t> chosen;
    for (std::size_t p : subroutine_->result()) chosen.push_back(ground_[p]);
    if (phase_ == 1) {
      // Finalists A + B*; the second fixed set (or the reference arm e') from B \ B*.
      std::vector<char> finalist(n_, 0);
      for (std::size_t a : fixed_) finalist[a] = 1;
      for (std::size_t a : chosen) finalist[a] = 1;
      std::vector<std::size_t> ground, fixed;
      for (std::size_t a = 0; a < n_; ++a) {
        if (finalist[a]) ground.push_back(a);
        else if (fixed.size() + 1 < k_) fixed.push_back(a);
      }
      const bool paired = fixed.size() + 1 < k_;
      if (paired) reference_ = fixed.front();
      set_best(chosen);
      begin_phase(std::move(ground), std::move(fixed), paired);
    } else {
      set_best(chosen);
    }
    ++phase_;
  }
  return false;
}

void TwoPhaseTopK::observe(const Action&, const Observation& observation) {
  if (!paired_) {
    subroutine_->observe(position_, observation.reward);
  } else if (!pair_second_) {
    pair_first_ = observation.reward;
    pair_second_ = true;
  } else {
    pair_second_ = false;
    subroutine_->observe(position_, pair_first_ - observation.reward);
  }
}

std::vector<std::pair<std::string, ParamValue>> TwoPhaseTopK::resolved() const {
  return {{"delta", delta_},
          {"epsilon", epsilon_},
          {"arm-epsilon", std::string(strict_ ? "strict" : "paper")},
          {"per-arm-epsilon", arm_epsilon_},
          {"sigma", sigma_},
          {"phase-2", std::string(n_ + 2 < 3 * k_ ? "pairs" : "fixed-set")}};
}

}  // namespace cpex::full_bandit
