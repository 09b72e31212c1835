// What one run produced, below every layer that stores, reports or runs it: the values of a
// result row (RunResult), the trace kept beside it (RunRecord), how the run ended
// (StopReason, from the outcome table cpex/results/run_outcomes.def) and how every summary
// counts that end (RunEnd). The store, the reports and the runtime all include this; it
// includes nothing of theirs.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cpex::inline runtime {

// One value an algorithm emitted through the trace hook.
struct TraceRow {
  std::uint64_t sample;  // samples taken before the round that emitted it
  std::string name;
  double value;
};

// How a run ended (one entry per line of cpex/results/run_outcomes.def, which also names its
// `stopped` and `status` text): by the algorithm's own rule, at a cap (run.max-samples,
// run.max-seconds), with an exception (recorded, the sweep goes on), or — in the
// fixed-budget setting — at its budget (run.budget samples taken; not a cap: the run
// ended as the setting defines it, and its answer counts like a rule-ended run's).
enum class StopReason {
#define CPEX_OUTCOME(REASON, STOPPED, STATUS, END) REASON,
#include "cpex/results/run_outcomes.def"
#undef CPEX_OUTCOME
};

// How every summary counts a run (docs/results.md, "Glossary"): ended by its rule, ended
// at its budget (both "ended": the answer is what the algorithm claims and counts in the
// rates), capped (a censored run: its answer is whatever it held), or failed (no answer).
enum class RunEnd { ByRule, AtBudget, Capped, Failed };
inline bool ended(RunEnd end) { return end == RunEnd::ByRule || end == RunEnd::AtBudget; }

// The values of one run's result row (the columns of cpex/results/result_columns.def take
// them from here and from the run's Job: plugin names, seed, point).
struct RunResult {
  std::uint64_t run_id = 0;
  std::size_t point = 0;
  std::uint64_t repetition = 0;
  std::uint64_t samples = 0;
  // Rounds of asking: pulls asked together before the next ask waits for observations
  // ([run] batch-size, delay); one per pull when the run asks one pull at a time.
  std::uint64_t batches = 0;
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

// The outcome table (cpex/results/run_outcomes.def) in both directions. stopped_text: the
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
// The RunEnd of a `status` text; nullopt for a text that is no status.
std::optional<RunEnd> run_end_of_status(std::string_view status);
// The StopReason of a `stopped` text; nullopt for a text no outcome has.
std::optional<StopReason> stop_reason_of_stopped(std::string_view stopped);
// The `status` of a row that has only `stopped` (results written before the status
// column): the outcome's status, "capped" for a text no outcome has.
const char* status_of_stopped(std::string_view stopped);
// The `status` texts, each once, in table order ("stopped, capped, error, budget").
std::string status_texts();

}  // namespace cpex::runtime

// "ByRule", "AtBudget", "Capped" or "Failed". Declared in `cpex`, beside the SDK's to_string
// overloads, so that the runtime's own never hide those.
namespace cpex {
const char* to_string(runtime::RunEnd end);
}  // namespace cpex
