// The study driver: asks, tells and cancels applied to an algorithm under the queue or the
// pending policy (driver.hpp). Every decision depends only on the sequence of calls, so a
// replayed log gives the same state.
#include "cpex/study/driver.hpp"

#include <algorithm>
#include <sstream>

#include "cpex/enum_names.hpp"
#include "cpex/errors.hpp"
#include "cpex/feedback_kinds.hpp"
#include "cpex/study/study_spec.hpp"

namespace cpex::inline runtime::study {

const char* to_string(Policy policy) { return policy == Policy::Queue ? "queue" : "pending"; }

Policy policy_for(const AlgorithmNeeds& needs) { return needs.batches ? Policy::Pending : Policy::Queue; }

const char* to_string(Phase phase) {
  constexpr EnumName<Phase> kNames[] = {
      {Phase::Running, "running"}, {Phase::Stopped, "stopped"}, {Phase::Budget, "budget"}, {Phase::Capped, "capped"}};
  return name_of(kNames, phase);
}

void Driver::LatestValues::record(std::string_view name, double value) {
  if (forward) forward->record(name, value);
  for (auto& [n, v] : values)
    if (n == name) {
      v = value;
      return;
    }
  values.emplace_back(std::string(name), value);
}

RunObjects Driver::start(const Pipeline& pipeline, const RunSeed& seed, LatestValues& latest, TraceSink* trace) {
  latest.forward = trace;
  return instantiate(pipeline, seed, &latest);
}

Driver::Driver(const Pipeline& pipeline, const RunSeed& seed, TraceSink* trace)
    : pipeline_(pipeline), objects_(start(pipeline, seed, latest_, trace)),
      policy_(policy_for(pipeline.algorithm->needs)),
      budget_(static_cast<std::uint64_t>(pipeline.run.budget)),
      max_samples_(static_cast<std::uint64_t>(pipeline.run.max_samples)) {
  queues_.resize(problem().num_arms);
  const RewardShape shape = feedback_info(problem().feedback).reward;
  if (shape == RewardShape::PerMember) per_arm_buffer_.resize(problem().num_arms);
  if (shape == RewardShape::PerObjective) per_arm_buffer_.resize(problem().objectives);
  advance();
}

bool Driver::super_arms() const { return feedback_info(problem().feedback).pull == PullShape::SuperArm; }

std::size_t Driver::key_of(const Pull& pull) {
  if (!super_arms()) return pull.arms.front();
  const auto [it, added] = super_keys_.try_emplace(pull.arms, queues_.size());
  if (added) queues_.emplace_back();
  return it->second;
}

std::uint64_t Driver::cost_of(const Pull& pull) const {
  return feedback_info(problem().feedback).reward == RewardShape::PerMember ? pull.arms.size() : 1;
}

void Driver::capture(const Action& action, Pull& out) const {
  const std::size_t n = problem().num_arms;
  const std::string who = "algorithm '" + pipeline_.algorithm->name + "'";
  if (super_arms()) {
    if (action.super_arm.empty()) throw PluginError(who + " proposed an empty super arm");
    out.arms.assign(action.super_arm.begin(), action.super_arm.end());
  } else {
    out.arms.assign(1, action.arm);
  }
  for (std::size_t arm : out.arms)
    if (arm >= n)
      throw PluginError(who + " proposed arm " + std::to_string(arm) + ", but the study has " +
                        std::to_string(n) + " arms");
}

Action Driver::action_of(const Pull& pull) const {
  Action action;
  if (super_arms())
    action.super_arm = std::span<const std::size_t>(pull.arms.data(), pull.arms.size());
  else
    action.arm = pull.arms.front();
  return action;
}

Observation Driver::observation_of(const PullRecord& record) {
  Observation observation;
  observation.reward = record.reading.reward;
  if (!record.reading.per_arm.empty()) {
    std::copy(record.reading.per_arm.begin(), record.reading.per_arm.end(), per_arm_buffer_.begin());
    observation.per_arm = std::span<double>(per_arm_buffer_.data(), record.reading.per_arm.size());
  }
  return observation;
}

const PullRecord& Driver::record_of_ask(std::uint64_t ask) const {
  return records_.at(record_of_ask_.at(ask - 1));
}

std::size_t Driver::add_record(PullRecord record) {
  if (records_.size() == records_.capacity()) pending_stale_ = true;  // the records move
  records_.push_back(std::move(record));
  if (records_.back().ask != 0) record_of_ask_.push_back(records_.size() - 1);
  return records_.size() - 1;
}

// The algorithm observes record `index` as the answer to the pull it proposed.
void Driver::use(const Pull& proposed, std::size_t index) {
  PullRecord& record = records_[index];
  record.state = PullState::Used;
  used_ += cost_of(record.pull);
  const Observation observation = observation_of(record);
  objects_.algorithm->observe(action_of(proposed), observation);
}

void Driver::advance() {
  Algorithm& algorithm = *objects_.algorithm;
  while (phase_ == Phase::Running) {
    if (!wish_) {
      const bool at_budget = budget_ != 0 && used_ >= budget_;
      Action action;
      Proposal proposal;
      if (policy_ == Policy::Queue) {
        proposal = algorithm.next(action) ? Proposal::Pull : Proposal::Stop;
      } else {
        // The awaited pulls' Actions, kept beside pending_order_ (a batch of n asks costs O(n)
        // Action builds, not O(n^2)); remade when records_ moved (a super arm's Action points
        // into its record: add_record marks them stale).
        if (pending_stale_) {
          pending_actions_.clear();
          for (std::size_t index : pending_order_) pending_actions_.push_back(action_of(records_[index].pull));
          pending_stale_ = false;
        }
        proposal = algorithm.propose(action, pending_actions_);
      }
      waiting_ = proposal == Proposal::Wait;
      if (waiting_) return;
      if (proposal == Proposal::Stop) {
        phase_ = Phase::Stopped;
        return;
      }
      wish_.emplace();
      capture(action, *wish_);
      // The run loop's order: a budget used up, then the sample cap.
      if (at_budget) {
        phase_ = Phase::Budget;
        return;
      }
      if (used_ >= max_samples_) {
        phase_ = Phase::Capped;
        return;
      }
    }
    std::deque<std::size_t>& queue = queues_[key_of(*wish_)];
    if (!queue.empty() && records_[queue.front()].state == PullState::Answered) {
      const std::size_t index = queue.front();
      queue.pop_front();
      const Pull proposed = std::move(*wish_);
      wish_.reset();
      use(proposed, index);
      continue;
    }
    // The wish can be met only by a pull still to be asked: a study whose budget or cap
    // forbids it has ended, once no pending observation can change the algorithm's mind.
    const bool awaited = !queue.empty() || (policy_ == Policy::Pending && !pending_order_.empty());
    if (!awaited) {
      if (budget_ != 0 && samples_ + cost_of(*wish_) > budget_) phase_ = Phase::Budget;
      else if (samples_ >= max_samples_) phase_ = Phase::Capped;
    }
    return;
  }
}

bool Driver::asks_allowed(const Pull& wish) const {
  const std::uint64_t cost = cost_of(wish);
  return !((budget_ != 0 && samples_ + cost > budget_) || samples_ >= max_samples_);
}

bool Driver::can_ask() const { return phase_ == Phase::Running && wish_ && asks_allowed(*wish_); }

std::optional<std::uint64_t> Driver::ask() {
  advance();
  if (phase_ != Phase::Running || !wish_) return std::nullopt;
  const std::uint64_t cost = cost_of(*wish_);
  if (!asks_allowed(*wish_)) return std::nullopt;
  PullRecord record;
  record.ask = ++last_ask_;
  record.pull = *wish_;
  const std::size_t index = add_record(std::move(record));
  samples_ += cost;
  ++pending_count_;
  if (policy_ == Policy::Queue) {
    queues_[key_of(records_[index].pull)].push_back(index);
  } else {
    pending_order_.push_back(index);
    if (!pending_stale_) pending_actions_.push_back(action_of(records_[index].pull));
    wish_.reset();
  }
  return last_ask_;
}

void Driver::impose_ask(const Pull& pull) {
  advance();
  if (wish_ && *wish_ == pull && phase_ == Phase::Running && ask()) return;
  PullRecord record;
  record.ask = ++last_ask_;
  record.pull = pull;
  const std::size_t index = add_record(std::move(record));
  samples_ += cost_of(pull);
  ++pending_count_;
  queues_[key_of(records_[index].pull)].push_back(index);
}

std::vector<std::uint64_t> Driver::awaited() const {
  std::vector<std::uint64_t> out;
  if (phase_ != Phase::Running) return out;
  if (waiting_) {
    for (std::size_t index : pending_order_)
      if (records_[index].state == PullState::Pending) out.push_back(records_[index].ask);
    return out;
  }
  if (!wish_) return out;
  const auto key = find_key(*wish_);
  if (!key) return out;
  const auto& queue = queues_[*key];
  if (!queue.empty() && records_[queue.front()].state == PullState::Pending) out.push_back(records_[queue.front()].ask);
  return out;
}

std::optional<std::size_t> Driver::find_key(const Pull& pull) const {
  if (pull.arms.empty()) return std::nullopt;
  if (!super_arms()) return pull.arms.front() < queues_.size() ? std::optional(pull.arms.front()) : std::nullopt;
  const auto it = super_keys_.find(pull.arms);
  return it == super_keys_.end() ? std::nullopt : std::optional(it->second);
}

std::uint64_t Driver::ask_of(const Pull& pull, const std::function<bool(std::uint64_t)>& skip) const {
  // Under the pending policy a pull is awaited by the algorithm (pending_order_) or an
  // extra one in its action's queue (a replay after a void): the oldest of either.
  std::uint64_t best = 0;
  auto consider = [&](std::size_t index) {
    const PullRecord& record = records_[index];
    if (record.state != PullState::Pending || record.pull != pull || (skip && skip(record.ask))) return false;
    if (best == 0 || record.ask < best) best = record.ask;
    return true;
  };
  if (const auto key = find_key(pull))
    for (std::size_t index : queues_[*key])
      if (consider(index)) break;
  if (policy_ == Policy::Pending)
    for (std::size_t index : pending_order_)
      if (consider(index)) break;
  return best;
}

namespace {

std::string reading_refusal(const Problem& problem, const std::optional<RewardRange>& range, const Pull& pull,
                            const Reading& reading) {
  const RewardShape shape = feedback_info(problem.feedback).reward;
  if (shape == RewardShape::PerMember && reading.per_arm.size() != pull.arms.size())
    return "a semi-bandit pull of " + std::to_string(pull.arms.size()) + " arms needs " +
           std::to_string(pull.arms.size()) + " rewards, one per member, got " +
           std::to_string(reading.per_arm.size());
  if (shape == RewardShape::PerObjective && reading.per_arm.size() != problem.objectives)
    return "a pull of this study needs " + std::to_string(problem.objectives) +
           " rewards, one per objective ([study] objectives), got " +
           (reading.per_arm.empty() ? std::string("one") : std::to_string(reading.per_arm.size()));
  if (shape == RewardShape::OneReward && !reading.per_arm.empty())
    return "this study takes one reward per pull, not a list";
  auto check = [&](double x) {
    const std::string why = reward_refusal(problem.rewards, x, range);
    if (why.empty()) return why;
    std::ostringstream shown;
    shown << x;
    return "the reward " + shown.str() + " " + why;
  };
  if (shape == RewardShape::OneReward) return check(reading.reward);
  for (double x : reading.per_arm)
    if (std::string why = check(x); !why.empty()) return why;
  return "";
}

}  // namespace

std::string Driver::check_pending(std::uint64_t ask) const {
  if (ask == 0 || ask > last_ask_)
    return "ask " + std::to_string(ask) + " was never handed out (asks so far: " +
           std::to_string(last_ask_) + ")";
  const PullRecord& record = record_of_ask(ask);
  if (record.state == PullState::Cancelled) return "ask " + std::to_string(ask) + " was cancelled";
  if (record.state != PullState::Pending) return "ask " + std::to_string(ask) + " was already answered";
  return "";
}

std::string Driver::check_tell(std::uint64_t ask, const Reading& reading) const {
  if (std::string why = check_pending(ask); !why.empty()) return why;
  return reading_refusal(problem(), range_, record_of_ask(ask).pull, reading);
}

bool Driver::tell(std::uint64_t ask, const Reading& reading) {
  const std::size_t index = record_of_ask_.at(ask - 1);
  PullRecord& record = records_[index];
  record.reading = reading;
  --pending_count_;
  if (phase_ != Phase::Running) {
    record.state = PullState::Answered;
    record.late = true;
    return false;
  }
  const auto awaited = std::find(pending_order_.begin(), pending_order_.end(), index);
  if (awaited == pending_order_.end()) {
    record.state = PullState::Answered;  // it waits in its action's queue
  } else {
    erase_awaited(awaited);
    use(record.pull, index);
  }
  advance();
  return true;
}

bool Driver::tell_unasked(const Pull& pull, const Reading& reading) {
  PullRecord record;
  record.pull = pull;
  record.reading = reading;
  record.state = PullState::Answered;
  record.late = phase_ != Phase::Running;
  samples_ += cost_of(pull);
  const std::size_t index = add_record(std::move(record));
  if (records_[index].late) return false;
  queues_[key_of(records_[index].pull)].push_back(index);
  advance();
  return true;
}

std::string Driver::check_unasked(const Pull& pull, const Reading& reading) const {
  if (super_arms() && pull.arms.size() != (problem().k ? problem().k : pull.arms.size()))
    return "a pull names " + std::to_string(pull.arms.size()) + " arms, the study's pulls have k = " +
           std::to_string(problem().k);
  if (!super_arms() && pull.arms.size() != 1) return "a pull of this study is one arm";
  return reading_refusal(problem(), range_, pull, reading);
}

std::string Driver::check_cancel(std::uint64_t ask) const { return check_pending(ask); }

void Driver::cancel(std::uint64_t ask) {
  const std::size_t index = record_of_ask_.at(ask - 1);
  PullRecord& record = records_[index];
  record.state = PullState::Cancelled;
  --pending_count_;
  samples_ -= cost_of(record.pull);
  remove_pending(index);
  advance();
}

void Driver::erase_awaited(std::vector<std::size_t>::iterator awaited) {
  if (!pending_stale_)
    pending_actions_.erase(pending_actions_.begin() + (awaited - pending_order_.begin()));
  pending_order_.erase(awaited);
}

// Takes a pending record out of the algorithm's awaited pulls or its action's queue.
void Driver::remove_pending(std::size_t index) {
  const auto awaited = std::find(pending_order_.begin(), pending_order_.end(), index);
  if (awaited != pending_order_.end()) {
    erase_awaited(awaited);
    return;
  }
  if (const auto key = find_key(records_[index].pull)) {
    auto& queue = queues_[*key];
    const auto it = std::find(queue.begin(), queue.end(), index);
    if (it != queue.end()) queue.erase(it);
  }
}

}  // namespace cpex::runtime::study
