// One run of a pipeline: build the objects from the run's seed, loop (algorithm proposes,
// environment answers) until the algorithm stops or max-samples is reached, then judge the
// recommendation against the oracle's optimal decision on the true parameters.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <limits>
#include <string>
#include <string_view>
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

// How a run ended (one entry per line of cpex/runtime/run_outcomes.def, which also names its
// `stopped` and `status` text): by the algorithm's own rule, at a cap (run.max-samples,
// run.max-seconds), with an exception (recorded, the sweep goes on), or — in the
// fixed-budget setting — at its budget (run.budget samples taken; not a cap: the run
// ended as the setting defines it, and its answer counts like a rule-ended run's).
enum class StopReason {
#define CPEX_OUTCOME(REASON, STOPPED, STATUS, END) REASON,
#include "cpex/runtime/run_outcomes.def"
#undef CPEX_OUTCOME
};

// How every summary counts a run (docs/results.md, "Glossary"): ended by its rule, ended
// at its budget (both "ended": the answer is what the algorithm claims and counts in the
// rates), capped (a censored run: its answer is whatever it held), or failed (no answer).
enum class RunEnd { ByRule, AtBudget, Capped, Failed };
inline bool ended(RunEnd end) { return end == RunEnd::ByRule || end == RunEnd::AtBudget; }

// The values of one run's result row (the columns of cpex/store/result_columns.def take
// them from here and from the run's Job: plugin names, seed, point).
struct RunResult {
  std::uint64_t run_id = 0;
  std::size_t point = 0;
  std::uint64_t repetition = 0;
  std::uint64_t samples = 0;
  // Rounds of asking: pulls asked together before the next ask waits for observations
  // ([run] batch-size, delay); one per pull when the run asks one pull at a time.
  std::uint64_t batches = 0;
  bool stopped = false;  // deprecated (kept until 0.2): stop == StopReason::Rule, "ended by its rule"
  StopReason stop = StopReason::Rule;
  std::string error;     // stop == Error: the exception's message
  std::string recommendation;
  bool correct = false;  // acceptable under the run's epsilon and the oracle's rule
  bool optimal = false;  // an optimal decision of the class (Oracle::is_optimal); implies correct
  double wall_seconds = 0.0;
  std::string resolved;  // the algorithm's resolved parameters, a JSON object
  std::string pulls;     // with run.record-pulls: pulls of arm 0, 1, ... separated by spaces
  // T*(mu) log(1/delta) of a fixed-confidence run's identification problem (lower_bound.hpp);
  // NaN (an empty cell) when the run poses none.
  double lower_bound = std::numeric_limits<double>::quiet_NaN();
};

// The result of one run: its row's values and, apart (never stored in the row), the trace.
struct RunRecord : RunResult {
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

// The outcome table (cpex/runtime/run_outcomes.def) in both directions. stopped_text: the
// `stopped` column ("rule", "max-samples", "max-seconds", "budget"; "" for an error);
// status_text: the `status` column ("stopped", "capped", "error", "budget").
const char* stopped_text(StopReason reason);
const char* status_text(StopReason reason);
RunEnd run_end(StopReason reason);
// One line of the table, and the whole table in order.
struct Outcome {
  StopReason reason;
  std::string_view name;  // the enumerator's name ("Rule", ...)
  std::string_view stopped;
  std::string_view status;
  RunEnd end;
};
std::span<const Outcome> outcomes();
// "ByRule", "AtBudget", "Capped" or "Failed".
const char* to_string(RunEnd end);
// The RunEnd of a `status` text; nullopt for a text that is no status.
std::optional<RunEnd> run_end_of_status(std::string_view status);
// The StopReason of a `stopped` text; nullopt for a text no outcome has.
std::optional<StopReason> stop_reason_of_stopped(std::string_view stopped);
// The `status` of a row that has only `stopped` (results written before the status
// column): the outcome's status, "capped" for a text no outcome has.
const char* status_of_stopped(std::string_view stopped);
// The `status` texts, each once, in table order ("stopped, capped, error, budget").
std::string status_texts();

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

// Whether the algorithm's answer at a budget depends on being told the budget: a fixed-budget
// algorithm that is not anytime (checkpoints then run it once per budget).
bool depends_on_budget(const Pipeline& pipeline);

// `[run] checkpoints`: the rows of one repetition, one per checkpoint, from the pipelines of
// the checkpoints in order (each with run.budget = its checkpoint). An algorithm that depends
// on its budget runs once per checkpoint; any other runs once, to the last checkpoint (or its
// own stop), and is judged at each budget where a run told to stop there would end: the row
// equals that run's. Checkpoints after a run stopped by its rule (or was capped) hold its
// final answer. The last row carries the trace.
std::vector<RunRecord> run_checkpoints(std::span<const Pipeline* const> pipelines, const RunSeed& seed,
                                       const std::atomic<bool>* interrupt = nullptr);

}  // namespace cpex
