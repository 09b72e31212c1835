// The heart of a study: an algorithm driven by asks and tells instead of a run loop. It
// hands out pulls (asks), takes observations in any order (tells), and knows when the
// algorithm has stopped, reached its budget or a cap. Deterministic: the same sequence of
// asks and tells gives the same pulls and the same state, which is how a study is
// restored — by replaying its log (study_file.hpp) — so no plugin needs a serializer.
//
// Batches and delays (docs/studies.md): an algorithm that declares AlgorithmNeeds::batches
// is asked through Algorithm::propose with the pulls still pending ("pending" policy). Every
// other algorithm gets the one default ("queue" policy), a per-action queue reduction in
// the spirit of Q-PARTIAL (Joulani, György & Szepesvári, ICML 2013): the algorithm only
// ever sees next() and observe() in turn; its current wish (the pull next() proposed) is
// handed out as often as pulls are asked while it waits, every pull of an action joins that
// action's queue in ask order, and the algorithm's j-th pull of an action is answered by the
// action's j-th real pull, once observed. So what it sees has the law of an undelayed run,
// whatever the delays; extra pulls it has not used yet are kept for when it wishes that
// action again.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <functional>

#include "cpex/errors.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/study/study_spec.hpp"

namespace cpex::inline runtime::study {

enum class Policy { Queue, Pending };
const char* to_string(Policy policy);
Policy policy_for(const AlgorithmNeeds& needs);

// Where the study is.
enum class Phase {
  Running,  // pulls may be asked
  Stopped,  // the algorithm stopped by its rule
  Budget,   // a fixed-budget study used its budget ([run] budget samples)
  Capped,   // [run] max-samples reached before the algorithm stopped
};
const char* to_string(Phase phase);

// One pull: an arm, or the members of a super arm (semi-bandit, full-bandit-sum feedback).
struct Pull {
  std::vector<std::size_t> arms;  // one arm, or the super arm's members in the algorithm's order
  bool operator==(const Pull&) const = default;
};

// One observation: the reward (one arm; the full-bandit sum), or one per member (semi-bandit).
struct Reading {
  double reward = 0.0;
  std::vector<double> per_arm;
};

// How a pull ended up (an ask or an unasked observation).
enum class PullState { Pending, Answered, Used, Cancelled };

struct PullRecord {
  std::uint64_t ask = 0;  // 1, 2, ... in ask order; 0 for an observation nobody asked for
  Pull pull;
  PullState state = PullState::Pending;
  Reading reading;
  bool late = false;      // told after the study ended: recorded, never used
};

// A request refused before anything changed: the study (file and memory) is as it was, so
// the next request needs no replay. The front ends answer it as bad input (HTTP 400).
class Refusal : public Error {
 public:
  using Error::Error;
};

// Thrown when a log does not replay to what it recorded (another plugin version, other
// parameters): names the event.
class ReplayError : public Error {
 public:
  using Error::Error;
};

class Driver {
 public:
  // Builds and starts the pipeline's objects for `seed` (instantiate()), the algorithm's
  // trace hook kept by the driver (reported()) and passed on to `trace` when given (a run's
  // trace file). `pipeline` must outlive the driver.
  Driver(const Pipeline& pipeline, const RunSeed& seed, TraceSink* trace = nullptr);
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  // Rewards outside `range` are refused (check_tell, check_unasked).
  void set_accepted_range(const std::optional<RewardRange>& range) { range_ = range; }

  // Hands out the next pull as ask number asks() + 1, or nothing when the study has ended,
  // the algorithm waits for pending observations, or a pull would exceed the budget or cap.
  std::optional<std::uint64_t> ask();
  // Whether ask() would hand out a pull now.
  bool can_ask() const;
  // Records ask asks() + 1 of `pull` as made (replaying a log in which an observation was
  // voided, docs/studies.md "Undo"): the pull the algorithm wishes, or else an extra pull
  // of `pull` that joins its action's queue like an observation nobody asked for — a real
  // pull was made, whatever the algorithm now proposes.
  void impose_ask(const Pull& pull);
  // The asks whose observations the algorithm waits for before it can take its next step,
  // oldest first: under the queue policy the oldest pending pull of the action it wishes
  // (its next observation of that action must be that pull's); under the pending policy,
  // when it waits, every pull it awaits. Empty when it waits for nothing.
  std::vector<std::uint64_t> awaited() const;

  // Why ask `ask` is not awaiting an observation ("" when it is): never handed out,
  // cancelled, or answered already.
  std::string check_pending(std::uint64_t ask) const;
  // Why a tell would be refused ("" when it would be taken): `ask` 0 for an observation of
  // `pull` nobody asked for (then `unasked` must allow it) or for the oldest pending ask of
  // `pull` (found by ask_of()).
  std::string check_tell(std::uint64_t ask, const Reading& reading) const;
  // The oldest pending ask of `pull` (0: none), passing over the asks `skip` returns true for.
  std::uint64_t ask_of(const Pull& pull, const std::function<bool(std::uint64_t)>& skip = {}) const;
  // Records the observation of ask `ask` (check_tell first); returns false if it came after
  // the study ended (recorded as late, not used).
  bool tell(std::uint64_t ask, const Reading& reading);
  // Why an observation of `pull` nobody asked for would be refused ("" if taken).
  std::string check_unasked(const Pull& pull, const Reading& reading) const;
  // Records an observation nobody asked for (its pull joins the queues like an answered
  // ask); false if it came after the study ended (recorded as late, not used).
  bool tell_unasked(const Pull& pull, const Reading& reading);
  // Withdraws a pending ask (its observation will never come); "" or why not.
  std::string check_cancel(std::uint64_t ask) const;
  void cancel(std::uint64_t ask);

  Phase phase() const { return phase_; }
  Policy policy() const { return policy_; }
  // Pulls the algorithm waits on without proposing more (pending policy); false otherwise.
  bool waiting() const { return waiting_; }
  std::uint64_t asks() const { return records_.empty() ? 0 : last_ask_; }
  // Samples taken: the cost of every pull made (asked or unasked, not cancelled); a super
  // arm costs one per member with semi-bandit feedback, one with full-bandit-sum.
  std::uint64_t samples() const { return samples_; }
  // Samples the algorithm has used (observed).
  std::uint64_t used() const { return used_; }
  std::uint64_t pending() const { return pending_count_; }

  const std::vector<PullRecord>& records() const { return records_; }
  const PullRecord& record_of_ask(std::uint64_t ask) const;
  const Problem& problem() const { return *objects_.context.problem; }
  const Pipeline& pipeline() const { return pipeline_; }
  const Algorithm& algorithm() const { return *objects_.algorithm; }
  const std::vector<const Oracle*>& oracles() const { return objects_.context.oracles; }
  // The objects instantiate() built: with a pipeline that has an environment (`cpex run`
  // with batches or delays), its environment draws the observations.
  const RunObjects& objects() const { return objects_; }
  Environment& environment() { return *objects_.environment; }
  // The values the algorithm last emitted through its trace hook (e.g. "glr", "threshold").
  const std::vector<std::pair<std::string, double>>& reported() const { return latest_.values; }

 private:
  // Keeps the last value of each name the algorithm emits.
  struct LatestValues : TraceSink {
    std::vector<std::pair<std::string, double>> values;
    TraceSink* forward = nullptr;
    void record(std::string_view name, double value) override;
  };
  static RunObjects start(const Pipeline& pipeline, const RunSeed& seed, LatestValues& latest, TraceSink* trace);

  bool super_arms() const;
  bool asks_allowed(const Pull& wish) const;
  void remove_pending(std::size_t index);
  void erase_awaited(std::vector<std::size_t>::iterator awaited);
  std::size_t key_of(const Pull& pull);
  std::optional<std::size_t> find_key(const Pull& pull) const;
  std::uint64_t cost_of(const Pull& pull) const;
  void capture(const Action& action, Pull& out) const;
  Action action_of(const Pull& pull) const;
  Observation observation_of(const PullRecord& record);
  void advance();
  void use(const Pull& proposed, std::size_t index);
  std::size_t add_record(PullRecord record);

  const Pipeline& pipeline_;
  LatestValues latest_;
  RunObjects objects_;
  Policy policy_;
  Phase phase_ = Phase::Running;
  bool waiting_ = false;
  std::uint64_t budget_ = 0, max_samples_ = 0;
  std::uint64_t samples_ = 0, used_ = 0, pending_count_ = 0, last_ask_ = 0;

  std::vector<PullRecord> records_;          // asks and unasked observations, in order
  std::vector<std::size_t> record_of_ask_;   // ask number - 1 -> index in records_
  std::map<std::vector<std::size_t>, std::size_t> super_keys_;  // super arm -> key
  std::vector<std::deque<std::size_t>> queues_;  // per key: records not used yet, in order
  std::optional<Pull> wish_;                 // the algorithm's proposal not yet satisfied
  std::vector<std::size_t> pending_order_;   // pending policy: records the algorithm awaits
  std::vector<Action> pending_actions_;      // their Actions (advance()), unless stale
  bool pending_stale_ = true;                // records_ moved since pending_actions_ were made
  std::vector<double> per_arm_buffer_;
  std::optional<RewardRange> range_;
};

}  // namespace cpex::runtime::study
