// A study: any CPEx algorithm driving a real experiment. Study::create writes the study
// file from a pipeline whose [environment] is replaced by [study]; a Study object opens
// it, rebuilds the algorithm's state by replaying the log (driver.hpp), and then asks for
// pulls, takes observations, voids them and reports the status — each write one SQLite
// transaction that first applies what other processes appended (so `serve`, `tell` and
// `ask` may run at once). A refused request changes nothing, in the file or in memory, so
// the next one needs no replay. The command line (`cpex study`), the HTTP service and
// Python's cpex.Study are thin shells over this class. docs/studies.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cpex/runtime/pipeline.hpp"
#include "cpex/study/driver.hpp"
#include "cpex/study/study_file.hpp"
#include "cpex/study/study_spec.hpp"
#include "cpex/study/study_status.hpp"
#include "cpex/study/tell_input.hpp"

namespace cpex::inline runtime::study {

struct AskedPull {
  std::uint64_t ask = 0;
  Pull pull;
};

struct TellOutcome {
  std::size_t accepted = 0;    // observations the study took (late ones included)
  std::size_t late = 0;        // of those, told after the study ended: recorded, not used
  std::size_t cancelled = 0;
  std::size_t voided = 0;
  std::size_t duplicates = 0;  // tells whose id was taken before: acknowledged, not taken again
  std::vector<std::int64_t> seqs;  // per input, its event in the log (a duplicate: the first's)
};

class Study {
 public:
  // Writes a new study file at `path` from `file` (a pipeline with [study], [oracle],
  // [algorithm], [run]). ConfigError naming the file for a bad pipeline (one with an
  // [environment] is refused with the explanation); Error if `path` exists.
  static void create(const std::string& path, const PipelineFile& file, const Registry& registry);

  // Opens and replays the study at `path`. The registry must hold the study's plugins and
  // outlive the object.
  Study(const std::string& path, const Registry& registry);
  ~Study();
  Study(const Study&) = delete;
  Study& operator=(const Study&) = delete;

  // Up to `count` new pulls (fewer, or none, when the study has ended, the algorithm waits
  // for observations, the budget or the pending-limit allows no more: shortfall() says
  // which). Refusal if `count` is 0 or above the ask-limit.
  std::vector<AskedPull> ask(std::size_t count);
  // The pulls handed out and still awaiting their observations, oldest first (handed out
  // again only on this explicit request).
  std::vector<AskedPull> pending();
  // Takes the observations, cancels and voids in order, in one transaction: all of them,
  // or — when one is refused (TellError) — none, and the study is as it was. `unasked`:
  // accept observations of pulls nobody asked for. A tell with an id already taken is
  // acknowledged again (a retry), not taken twice.
  TellOutcome tell(const std::vector<TellInput>& inputs, bool unasked);
  StudyStatus status();
  // The log's events after seq `after`, at most `limit` (oldest first), and which of its
  // observations are voided.
  struct LogPage {
    std::vector<Event> events;
    std::set<std::int64_t> voided;
  };
  LogPage log(std::int64_t after, std::size_t limit);
  LogPage log_locked(std::int64_t after, std::size_t limit);
  // Cancels the pulls pending longer than [study] pending-timeout (logged, note "timeout").
  // Every write does it first; `serve` also when next_expiry() has come.
  void expire();
  // When the oldest pending pull passes the pending-timeout (Unix seconds; infinity: never).
  double next_expiry() const;

  // Runs `body` inside one write transaction (after catching up with the log and expiring
  // overdue pulls); the body may call ask_locked / tell_locked / status_locked, and several
  // requests may share the transaction (the group commit of `serve`). The transaction is
  // rolled back if `body` throws; a Refusal thrown by ask_locked or tell_locked leaves the
  // study as it was, and the body may go on.
  void transaction(const std::function<void()>& body);
  std::vector<AskedPull> ask_locked(std::size_t count);
  TellOutcome tell_locked(const std::vector<TellInput>& inputs, bool unasked);
  std::vector<AskedPull> pending_locked() const;
  StudyStatus status_locked() const;
  // Runs `body` after catching up with the log in a read transaction (several reads may
  // share it); the body may call pending_locked / status_locked / log_locked.
  void read(const std::function<void()>& body);

  // Why the last ask handed out fewer pulls than requested, given the study's state now.
  std::string shortfall() const;

  const std::string& path() const { return file_.path(); }
  const std::vector<std::string>& arms() const { return spec_.arms; }
  const StudySpec& spec() const { return spec_; }
  const StudyLimits& limits() const { return spec_.limits; }
  const Pipeline& pipeline() const { return pipeline_; }
  const PipelineFile& pipeline_file() const { return pipeline_file_; }
  const StudyMeta& meta() const { return file_.meta(); }
  // The seed of the study's objects: the pipeline seed, the stream key of a pipeline
  // without sweep, repetition 0 — what `cpex run` gives its first run.
  RunSeed seed() const;
  // The driver, caught up with the log at the last operation (inside transaction(): as
  // the transaction has changed it so far).
  const Driver& driver();
  // "b" or "a,c": the names of a pull's arms.
  std::string pull_text(const Pull& pull) const;
  // How often the whole log was replayed (opening, a void, a failed write): a refused
  // request must not add one.
  std::size_t replays() const { return replays_; }

 private:
  // An observation taken with a client id: what a retry must repeat to be acknowledged.
  struct Told {
    std::int64_t seq = 0;
    std::uint64_t ask = 0;
    Pull pull;
    Reading reading;
  };
  // A tell checked against the study (and the batch's earlier inputs) before anything
  // changes: its event, or the earlier event it repeats.
  struct Planned {
    Event event;
    std::int64_t repeats = 0;
  };

  void replay();
  void catch_up();
  void apply(const Event& event);
  void remember(const Event& event);
  bool super_arms() const;
  Pull named_pull(const TellInput& input) const;
  // The input's observation, named rewards put in the objectives' order (Refusal naming a
  // missing, unknown or repeated objective).
  Reading reading_of(const TellInput& input) const;
  std::uint64_t pending_ask_of(const Pull& named, const std::unordered_set<std::uint64_t>& taken) const;
  std::string pending_refusal(std::uint64_t ask, const std::unordered_set<std::uint64_t>& taken) const;
  Planned plan(const TellInput& input, bool unasked, std::unordered_set<std::uint64_t>& taken,
               const std::unordered_map<std::string, Told>& batch_ids) const;
  std::int64_t repeated(const TellInput& input, const Told& told) const;
  TellOutcome void_locked(const std::vector<TellInput>& inputs);
  void expire_locked(double now);
  std::int64_t append(Event event);

  StudyFile file_;
  PipelineFile pipeline_file_;
  EnvironmentEntry entry_;
  Pipeline pipeline_;
  StudySpec spec_;
  std::unique_ptr<Driver> driver_;
  std::int64_t last_seq_ = 0;
  bool dirty_ = false;  // the driver holds changes of a transaction not yet committed
  bool in_transaction_ = false;
  // Replay after voids: the voided tells, and the first of them (asks logged after it are
  // imposed, not checked: the algorithm now sees other data).
  std::set<std::int64_t> voided_;
  bool replay_needed_ = false;  // a void appended by another process: replay at the end
  std::vector<double> ask_times_;  // per ask (number - 1): when it was handed out (Unix seconds)
  mutable std::uint64_t oldest_pending_ = 1;  // no ask below it is pending (pending-timeout's cursor)
  std::unordered_set<std::uint64_t> timed_out_;  // asks cancelled by the pending-timeout
  std::unordered_map<std::string, Told> ids_;    // client id -> the observation taken with it
  std::size_t replays_ = 0;
};

}  // namespace cpex::runtime::study
