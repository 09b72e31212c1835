// The LUCB-family round: partition, h/l selection, stopping and sampling.
#include "lucb_skeleton.hpp"

#include <limits>

#include "cpex/errors.hpp"

namespace cpex::bestk {

void LucbSkeleton::start(const AlgorithmContext& context) {
  const std::size_t n = context.problem->num_arms;
  k_ = context.oracles.front()->decision_size();
  if (k_ == 0 || k_ >= n)
    throw ParameterError("k", "needs 0 < k < number of arms, got k = " + std::to_string(k_));
  rng_ = context.rng;
  trace_ = context.trace;
  stats_.reset(n);
  built_ = false;
  round_ = 0;
  queued_ = queue_next_ = 0;
  partition_ = numerics::TopKPartition(n, k_);
  prepare(n, k_, context.problem->noise_sigma);
  constant_ = constant_scale();
  if (constant_) {
    fixed_x_ = scale(1);
    lcb_high_ = numerics::IndexedHeap<true>(n);
    neg_ucb_low_ = numerics::IndexedHeap<true>(n);
  } else {
    lower_high_ = numerics::KineticTournament(n);
    upper_low_ = numerics::KineticTournament(n);
  }
}

bool LucbSkeleton::next(Action& action) {
  if (stats_.initial_arm(action.arm)) return true;
  if (queue_next_ < queued_) {
    action.arm = queue_[queue_next_++];
    return true;
  }
  ++round_;
  std::size_t h, l;
  double lcb, ucb;
  if (constant_) {
    h = lcb_high_.top();
    l = neg_ucb_low_.top();
    lcb = lcb_high_.top_key();
    ucb = -neg_ucb_low_.top_key();
  } else {
    const double x = scale(round_);
    lower_high_.advance(x);
    upper_low_.advance(x);
    h = lower_high_.argmin();
    l = upper_low_.argmin();
    lcb = lower_high_.key(h);
    ucb = -upper_low_.key(l);
  }
  if (trace_) trace_->record("ucb_l-lcb_h", ucb - lcb);
  if (separated(lcb, ucb)) return false;
  if (sampling_ == Sampling::Both) {
    queue_ = {h, l};
    queued_ = 2;
  } else {
    const auto th = static_cast<double>(stats_.count(h));
    const auto tl = static_cast<double>(stats_.count(l));
    queue_[0] = rng_.uniform01() * (th + tl) < tl ? h : l;  // h with probability T_l/(T_h+T_l)
    queued_ = 1;
  }
  queue_next_ = 1;
  action.arm = queue_[0];
  return true;
}

void LucbSkeleton::observe(const Action& action, const Observation& observation) {
  const std::size_t arm = action.arm;
  if (stats_.add(arm, observation.reward)) build();
  if (!built_ || stats_.count(arm) == 1) return;
  bool moved = false;
  partition_.update(arm, stats_.mean(arm), [&](std::size_t changed) {
    refresh(changed);
    moved = true;
  });
  if (!moved) refresh(arm);  // a crossing refreshed both arms already
}

void LucbSkeleton::build() {
  partition_.reset(stats_.means(0.0));
  for (std::size_t i = 0; i < arms(); ++i) refresh(i);
  built_ = true;
}

void LucbSkeleton::refresh(std::size_t arm) {
  const bool high = partition_.in_top(arm);
  const double u = unit(stats_.count(arm), high);
  const double mean = stats_.mean(arm);
  if (constant_) {
    // The kinetic tournaments' key value + slope * x at x = fixed_x_, bit for bit.
    if (high) {
      lcb_high_.set(arm, mean + (-u) * fixed_x_);
      neg_ucb_low_.erase(arm);
    } else {
      neg_ucb_low_.set(arm, -mean + (-u) * fixed_x_);
      lcb_high_.erase(arm);
    }
  } else if (high) {
    lower_high_.set(arm, mean, -u);
    upper_low_.remove(arm);
  } else {
    upper_low_.set(arm, -mean, -u);
    lower_high_.remove(arm);
  }
}

Recommendation LucbSkeleton::recommend() const {
  Recommendation answer;
  answer.epsilon = epsilon();
  if (built_) {
    answer.decision.arms = partition_.top();
    return answer;
  }
  // Capped during the first pass: rank what was seen, unseen arms last.
  numerics::TopKPartition ranking(arms(), k_);
  ranking.reset(stats_.means(-std::numeric_limits<double>::infinity()));
  answer.decision.arms = ranking.top();
  return answer;
}

}  // namespace cpex::bestk
