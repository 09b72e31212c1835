// The batch and delay schedule of simulated feedback (feedback_loop.hpp).
#include "cpex/study/feedback_loop.hpp"

#include <algorithm>

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
  Action action;
  Observation observation;
  if (problem.feedback == FeedbackKind::SemiBandit || problem.feedback == FeedbackKind::FullBanditSum) {
    action.super_arm = std::span<const std::size_t>(pull.arms.data(), pull.arms.size());
    if (problem.feedback == FeedbackKind::SemiBandit) {
      buffer.resize(pull.arms.size());
      observation.per_arm = std::span<double>(buffer.data(), buffer.size());
    }
  } else {
    action.arm = pull.arms.front();
  }
  environment.pull(action, observation);
  Reading reading;
  reading.reward = observation.reward;
  if (!observation.per_arm.empty()) reading.per_arm.assign(observation.per_arm.begin(), observation.per_arm.end());
  return reading;
}

}  // namespace cpex::runtime::study
