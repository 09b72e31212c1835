// Simulated feedback with batches and delays: the one schedule by which an environment's
// draws answer a study's driver, used by `cpex run` ([run] batch-size, delay) and by
// `cpex study simulate` (--batch, --delay), so a run and a simulated study of the same
// pipeline agree bit for bit (docs/studies.md, "Batches and delays").
//
// A round asks up to `batch` pulls; each is drawn from the environment when it is asked (so
// every arm's stream is read in ask order, whatever the delays) and is told once `delay`
// further pulls have been asked; everything due is told, in ask order, before the next
// round. With delay 0 a round is a batch told whole before the next ask. A round that can
// ask nothing (the algorithm waits for an observation, or a budget or cap allows no more
// while observations are out) tells the oldest outstanding observation: time moves on to the
// next arrival. `batches` counts the rounds that asked at least one pull.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <utility>
#include <vector>

#include "cpex/environment.hpp"
#include "cpex/study/driver.hpp"

namespace cpex::inline runtime::study {

struct FeedbackSchedule {
  std::size_t batch = 1;    // pulls asked per round (at least 1)
  std::uint64_t delay = 0;  // an observation is told this many pulls after its ask
};

// An observation drawn for an ask, told when it is due.
struct DrawnReading {
  std::uint64_t ask = 0;
  Reading reading;
};

class FeedbackLoop {
 public:
  // Up to `count` new asks (ask number and pull), fewer or none when the driver allows no more.
  using AskFn = std::function<std::vector<std::pair<std::uint64_t, Pull>>(std::size_t count)>;
  using DrawFn = std::function<Reading(const Pull& pull)>;
  // Tells the observations that are due, in ask order.
  using TellFn = std::function<void(const std::vector<DrawnReading>& due)>;

  explicit FeedbackLoop(FeedbackSchedule schedule);

  // One round (above). False when nothing could be asked and nothing is outstanding.
  bool round(const AskFn& ask, const DrawFn& draw, const TellFn& tell);

  std::uint64_t batches() const { return batches_; }
  std::uint64_t asked() const { return asked_; }
  std::size_t outstanding() const { return waiting_.size(); }

 private:
  struct Waiting {
    DrawnReading drawn;
    std::uint64_t due = 0;  // told once this many pulls have been asked
  };
  FeedbackSchedule schedule_;
  std::deque<Waiting> waiting_;
  std::uint64_t asked_ = 0, batches_ = 0;
};

// One observation of `pull` drawn from `environment` (a super arm's members for semi-bandit
// and full-bandit-sum feedback); `buffer` holds the per-member rewards between calls.
Reading draw_reading(Environment& environment, const Problem& problem, const Pull& pull, std::vector<double>& buffer);

}  // namespace cpex::runtime::study
