// One run of a pipeline: build the objects from the run's seed, loop (algorithm proposes,
// environment answers) until the algorithm stops or max-samples is reached, then judge the
// recommendation against the oracle's optimal decision on the true parameters.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/environment.hpp"
#include "cpex/oracle.hpp"
#include "cpex/random.hpp"
#include "cpex/runtime/pipeline.hpp"

namespace cpex {

// One value an algorithm emitted through the trace hook.
struct TraceRow {
  std::uint64_t sample;  // samples taken before the round that emitted it
  std::string name;
  double value;
};

// How a run ended: by the algorithm's own rule, at a cap (run.max-samples,
// run.max-seconds), with an exception (recorded, the sweep goes on), or — in the
// fixed-budget setting — at its budget (run.budget samples taken; not a cap: the run
// ended as the setting defines it, and its answer counts like a stopped run's).
enum class StopReason { Rule, MaxSamples, MaxSeconds, Error, Budget };

// The result of one run (one CSV row, without the pipeline-level columns).
struct RunRecord {
  std::uint64_t run_id = 0;
  std::size_t point = 0;
  std::uint64_t repetition = 0;
  std::uint64_t samples = 0;
  bool stopped = false;  // by the algorithm's own rule (stop == Rule)
  StopReason stop = StopReason::Rule;
  std::string error;     // stop == Error: the exception's message
  std::string recommendation;
  bool correct = false;  // acceptable under the run's epsilon and the oracle's rule
  bool optimal = false;  // an optimal decision of the class (Oracle::is_optimal); implies correct
  double wall_seconds = 0.0;
  std::string resolved;  // the algorithm's resolved parameters, a JSON object
  std::string pulls;     // with run.record-pulls: pulls of arm 0, 1, ... separated by spaces
  std::vector<TraceRow> trace;  // with run.trace-file: the algorithm's emitted values
};

// The live objects of one run. Destroyed before the plugin libraries are unloaded.
struct RunObjects {
  std::unique_ptr<Environment> environment;
  std::vector<std::unique_ptr<Oracle>> oracles;
  std::unique_ptr<Algorithm> algorithm;
  AlgorithmContext context;
};

// Build and start the objects of a run. A ParameterError from a plugin becomes a
// ConfigError naming the pipeline file, the section and the key.
RunObjects instantiate(const Pipeline& pipeline, const RunSeed& seed, TraceSink* trace = nullptr);

// Instantiate once (repetition 0) so that bad parameters fail before any run.
void probe(const Pipeline& pipeline);

// The `stopped` column ("rule", "max-samples", "max-seconds", "budget"; "" for an error)
// and the `status` column ("stopped", "capped", "error", "budget").
const char* stopped_text(StopReason reason);
const char* status_text(StopReason reason);

// Thrown by run_once when `interrupt` was set while the run was going: the run is
// abandoned (not a result; a resumed sweep runs it again).
class RunInterrupted : public std::exception {
 public:
  const char* what() const noexcept override { return "run interrupted"; }
};

// Execute one run to the end (collecting a trace when the pipeline asks for one). The
// run ends at run.budget samples when set, is capped at run.max-samples and
// run.max-seconds; `interrupt`, when given and set, abandons it (RunInterrupted). With
// run.trace-recommendations the trace also gets, every run.trace-every samples, the
// verdicts on the algorithm's current recommendation ("anytime.correct", "anytime.optimal":
// 1 or 0).
RunRecord run_once(const Pipeline& pipeline, const RunSeed& seed,
                   const std::atomic<bool>* interrupt = nullptr);

}  // namespace cpex
