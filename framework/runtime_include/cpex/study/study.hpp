// A study: any CPEx algorithm driving a real experiment. Study::create writes the study
// file from a pipeline whose [environment] is replaced by [study]; a Study object opens
// it, rebuilds the algorithm's state by replaying the log (driver.hpp), and then asks for
// pulls, takes observations and reports the status — each write one SQLite transaction
// that first applies what other processes appended (so `serve`, `tell` and `ask` may run
// at once). The command line (`cpex study`), the HTTP server and Python's cpex.Study are
// thin shells over this class. docs/studies.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cpex/runtime/pipeline.hpp"
#include "cpex/study/driver.hpp"
#include "cpex/study/study_file.hpp"
#include "cpex/study/study_status.hpp"
#include "cpex/study/tell_input.hpp"

namespace cpex::inline runtime::study {

struct AskedPull {
  std::uint64_t ask = 0;
  Pull pull;
};

struct TellOutcome {
  std::size_t accepted = 0;   // observations the study took (late ones included)
  std::size_t late = 0;       // of those, told after the study ended: recorded, not used
  std::size_t cancelled = 0;
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
  // for observations, or the budget allows no more).
  std::vector<AskedPull> ask(std::size_t count);
  // The pulls handed out and still awaiting their observations, oldest first (handed out
  // again only on this explicit request).
  std::vector<AskedPull> pending();
  // Takes the observations (and cancels) in order, in one transaction: all of them, or —
  // when one is refused (TellError) — none. `unasked`: accept observations of pulls nobody
  // asked for.
  TellOutcome tell(const std::vector<TellInput>& inputs, bool unasked);
  StudyStatus status();

  // Runs `body` inside one write transaction (after catching up with the log); the body
  // may call ask_locked / tell_locked. The transaction is rolled back if `body` throws.
  void transaction(const std::function<void()>& body);
  std::vector<AskedPull> ask_locked(std::size_t count);
  TellOutcome tell_locked(const std::vector<TellInput>& inputs, bool unasked);

  const std::string& path() const { return file_.path(); }
  const std::vector<std::string>& arms() const { return arms_; }
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

 private:
  void rebuild();
  void catch_up();
  bool super_arms() const;
  Pull named_pull(const TellInput& input) const;
  std::uint64_t pending_ask_of(const Pull& named) const;
  Event apply_tell(const TellInput& input, bool unasked);
  void read_only(const std::function<void()>& body);
  void apply(const Event& event);

  StudyFile file_;
  PipelineFile pipeline_file_;
  EnvironmentEntry entry_;
  Pipeline pipeline_;
  std::vector<std::string> arms_;
  std::unique_ptr<Driver> driver_;
  std::int64_t last_seq_ = 0;
  bool dirty_ = false;  // the driver holds changes of a transaction not yet committed
  bool in_transaction_ = false;
  std::vector<Event> appended_;
};

}  // namespace cpex::runtime::study
