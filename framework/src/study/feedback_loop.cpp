// The batch and delay schedule of simulated feedback (feedback_loop.hpp).
#include "cpex/study/feedback_loop.hpp"

#include <algorithm>

#include "cpex/feedback_kinds.hpp"

namespace cpex::inline runtime::study {

FeedbackLoop::FeedbackLoop(FeedbackSchedule schedule) : schedule_(schedule) {
  schedule_.batch = std::max<std::size_t>(schedule_.batch, 1);
}

bool FeedbackLoop::round(const AskFn& ask, const DrawFn& draw, const TellFn& tell) {
  const auto asked = ask(schedule_.batch);
  if (!asked.empty()) ++batches_;
  for (const auto& [number, pull] : asked) {
    ++asked_;
    waiting_.push_back({{number, draw(pull)}, asked_ + schedule_.delay});
  }
  std::vector<DrawnReading> due;
  if (asked.empty()) {
    if (waiting_.empty()) return false;
    due.push_back(std::move(waiting_.front().drawn));
    waiting_.pop_front();
  }
  while (!waiting_.empty() && waiting_.front().due <= asked_) {
    due.push_back(std::move(waiting_.front().drawn));
    waiting_.pop_front();
  }
  if (!due.empty()) tell(due);
  return true;
}

Reading draw_reading(Environment& environment, const Problem& problem, const Pull& pull, std::vector<double>& buffer) {
  const FeedbackKindInfo& kind = feedback_info(problem.feedback);
  Action action;
  Observation observation;
  if (kind.pull == PullShape::SuperArm)
    action.super_arm = std::span<const std::size_t>(pull.arms.data(), pull.arms.size());
  else
    action.arm = pull.arms.front();
  if (kind.reward != RewardShape::OneReward) {
    buffer.resize(kind.reward == RewardShape::PerMember ? pull.arms.size() : problem.objectives);
    observation.per_arm = std::span<double>(buffer.data(), buffer.size());
  }
  environment.pull(action, observation);
  Reading reading;
  reading.reward = observation.reward;
  if (!observation.per_arm.empty()) reading.per_arm.assign(observation.per_arm.begin(), observation.per_arm.end());
  return reading;
}

}  // namespace cpex::runtime::study
